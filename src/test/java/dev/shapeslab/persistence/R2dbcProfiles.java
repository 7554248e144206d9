package dev.shapeslab.persistence;

import org.springframework.test.context.ActiveProfilesResolver;

/**
 * A variant on backend {@code r2dbc} when {@link PostgresTestDatabase} can reach PostgreSQL; otherwise the variant on
 * the embedded database, so that the context loads and the tests skip (or fail, with {@code -Dpg.tests.required=true})
 * in their {@code @BeforeMethod} with a message rather than a context error. One nested resolver per variant.
 */
public abstract class R2dbcProfiles implements ActiveProfilesResolver {

    private final String variant;

    R2dbcProfiles(String variant) {
        this.variant = variant;
    }

    @Override
    public String[] resolve(Class<?> testClass) {
        return PostgresTestDatabase.available() ? new String[] {variant, "r2dbc"} : new String[] {variant};
    }

    /** {@code async,r2dbc}. */
    public static final class Async extends R2dbcProfiles {
        public Async() {
            super("async");
        }
    }

    /** {@code rxjava,r2dbc}. */
    public static final class RxJava extends R2dbcProfiles {
        public RxJava() {
            super("rxjava");
        }
    }
}
