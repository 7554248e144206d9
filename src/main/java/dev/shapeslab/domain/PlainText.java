package dev.shapeslab.domain;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Text without control characters (a NUL or a newline breaks logs and displays) nor unpaired surrogates (no UTF-8 for
 * them), which a JSON escape can carry. {@code null} is valid here: pair it with {@code @NotBlank}.
 */
@Documented
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = PlainText.Validator.class)
public @interface PlainText {

    String message() default "must not contain control characters or unpaired surrogates";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<PlainText, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            // codePointAt joins a surrogate pair into one code point, so only an unpaired one is SURROGATE.
            for (int i = 0; i < value.length(); ) {
                int codePoint = value.codePointAt(i);
                int type = Character.getType(codePoint);
                if (type == Character.CONTROL || type == Character.SURROGATE) {
                    return false;
                }
                i += Character.charCount(codePoint);
            }
            return true;
        }
    }
}
