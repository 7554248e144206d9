package dev.shapeslab.domain;

import com.fasterxml.jackson.annotation.JsonTypeName;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

@Entity
@DiscriminatorValue(Rectangle.TYPE_NAME)
@JsonTypeName(Rectangle.TYPE_NAME)
public class Rectangle extends Shape<Rectangle> {

    public static final String TYPE_NAME = "rectangle";

    @NotNull
    @Min(1)
    private Integer width;

    @NotNull
    @Min(1)
    private Integer height;

    protected Rectangle() {
    }

    public Rectangle(String colour, Position position, int width, int height) {
        super(colour, position);
        this.width = width;
        this.height = height;
    }

    public Integer getWidth() {
        return width;
    }

    public void setWidth(Integer width) {
        this.width = width;
    }

    public Integer getHeight() {
        return height;
    }

    public void setHeight(Integer height) {
        this.height = height;
    }

    @Override
    public void updateFrom(Rectangle source) {
        super.updateFrom(source);
        width = source.width;
        height = source.height;
    }

    @Override
    protected Rectangle newInstance() {
        return new Rectangle();
    }
}
