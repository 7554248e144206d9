package dev.shapeslab.domain;

import com.fasterxml.jackson.annotation.JsonTypeName;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

@Entity
@DiscriminatorValue(Circle.TYPE_NAME)
@JsonTypeName(Circle.TYPE_NAME)
public class Circle extends Shape<Circle> {

    public static final String TYPE_NAME = "circle";

    @NotNull
    @Min(1)
    private Integer radius;

    protected Circle() {
    }

    public Circle(String colour, Position position, int radius) {
        super(colour, position);
        this.radius = radius;
    }

    public Integer getRadius() {
        return radius;
    }

    public void setRadius(Integer radius) {
        this.radius = radius;
    }

    @Override
    public void updateFrom(Circle source) {
        super.updateFrom(source);
        radius = source.radius;
    }

    @Override
    protected Circle newInstance() {
        return new Circle();
    }
}
