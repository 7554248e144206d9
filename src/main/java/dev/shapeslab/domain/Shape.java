package dev.shapeslab.domain;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.OptBoolean;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorColumn;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A shape on the plane: standalone (at {@code /circles} or {@code /rectangles}) or owned by a drawing.
 *
 * <p>One {@code shape} table for every kind, so a drawing's shapes load with one join; the shape side owns the foreign
 * key and the order, so each is one INSERT. JSON names the type {@code shapeType} ({@code ".Circle"}, the article
 * series' name, is read too); equality is identity: two equal shapes in a drawing are two.
 */
@Entity
@Table(name = "shape", indexes = {
        // A drawing's shapes; and a page of standalone shapes on PostgreSQL (V2__shapes_by_owner_index.sql)
        @Index(name = "shape_owner_idx", columnList = "drawing_id, shape_type, id"),
        // A page of standalone shapes of one kind, read in the order it is returned (see JpaShapeStore)
        @Index(name = "shape_standalone_idx", columnList = "shape_type, drawing_id, id")
})
@Inheritance(strategy = InheritanceType.SINGLE_TABLE)
@DiscriminatorColumn(name = "shape_type", length = 16)
// shapeType may be omitted where the type is already known (POST /circles needs no "shapeType": "circle"),
// and is required where it is not (a drawing's shapes); an unknown or mismatched one still fails.
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = Shape.TYPE_PROPERTY,
        requireTypeIdForSubtypes = OptBoolean.FALSE)
@JsonSubTypes({
        @JsonSubTypes.Type(value = Circle.class, names = {Circle.TYPE_NAME, ".Circle"}),
        @JsonSubTypes.Type(value = Rectangle.class, names = {Rectangle.TYPE_NAME, ".Rectangle"})
})
public abstract class Shape<S extends Shape<S>> implements Identifiable<S> {

    public static final String TYPE_PROPERTY = "shapeType";

    /** The longest colour, in UTF-16 code units ({@code String.length()}, which {@code @Size} counts). */
    public static final int MAX_COLOUR_LENGTH = 64;

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "shape_seq")
    @SequenceGenerator(name = "shape_seq", sequenceName = "shape_seq", allocationSize = 50)
    private Long id;

    @NotBlank
    @Size(max = MAX_COLOUR_LENGTH)
    @PlainText
    @Column(nullable = false, length = MAX_COLOUR_LENGTH)
    private String colour;

    @NotNull
    @Valid
    @Embedded
    @AttributeOverride(name = "x", column = @Column(name = "position_x", nullable = false))
    @AttributeOverride(name = "y", column = @Column(name = "position_y", nullable = false))
    private Position position;

    /** The drawing that owns this shape; null for a standalone shape. */
    @JsonIgnore
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "drawing_id")
    private Drawing drawing;

    /** This shape's place in its drawing's list. */
    @JsonIgnore
    @Column(name = "shape_index")
    private Integer shapeIndex;

    protected Shape() {
    }

    protected Shape(String colour, Position position) {
        this.colour = colour;
        this.position = position;
    }

    @Override
    public Long getId() {
        return id;
    }

    @Override
    public void setId(Long id) {
        this.id = id;
    }

    public String getColour() {
        return colour;
    }

    public void setColour(String colour) {
        this.colour = colour;
    }

    public Position getPosition() {
        return position;
    }

    public void setPosition(Position position) {
        this.position = position;
    }

    /** Called by the owning drawing, which keeps the back reference and the order in step with its list. */
    void placeIn(Drawing owner, int index) {
        drawing = owner;
        shapeIndex = index;
    }

    @Override
    public void updateFrom(S source) {
        colour = source.getColour();
        position = source.getPosition() == null ? null : source.getPosition().copy();
    }

    @Override
    public S copy() {
        S copy = newInstance();
        copy.setId(id);
        copy.updateFrom(self());
        return copy;
    }

    /** A copy without id, for storing as a new shape. */
    public S copyAsNew() {
        S copy = copy();
        copy.setId(null);
        return copy;
    }

    protected abstract S newInstance();

    @SuppressWarnings("unchecked")
    private S self() {
        return (S) this;
    }
}
