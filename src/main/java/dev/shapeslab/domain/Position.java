package dev.shapeslab.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.validation.constraints.NotNull;

/** A point on the drawing plane; stored as two numeric columns so it stays queryable. */
@Embeddable
public class Position {

    @NotNull
    @Finite
    @Column(name = "position_x", nullable = false)
    private Double x;

    @NotNull
    @Finite
    @Column(name = "position_y", nullable = false)
    private Double y;

    protected Position() {
    }

    public Position(double x, double y) {
        this.x = x;
        this.y = y;
    }

    public Double getX() {
        return x;
    }

    public Double getY() {
        return y;
    }

    Position copy() {
        Position copy = new Position();
        copy.x = x;
        copy.y = y;
        return copy;
    }

    @Override
    public String toString() {
        return "(" + x + ", " + y + ")";
    }
}
