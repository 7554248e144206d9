package dev.shapeslab.domain;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A named, dated list of shapes, which it owns: created, replaced and deleted with it, kept in the order sent. Ids
 * of its shapes and its {@code creationDate} are the server's; a client's are ignored.
 */
@Entity
@Table(name = "drawing")
public class Drawing implements Identifiable<Drawing> {

    public static final int MAX_SHAPES = 1000;

    /** The longest name, in UTF-16 code units ({@code String.length()}, which {@code @Size} counts). */
    public static final int MAX_NAME_LENGTH = 128;

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "drawing_seq")
    @SequenceGenerator(name = "drawing_seq", sequenceName = "drawing_seq", allocationSize = 50)
    private Long id;

    @NotBlank
    @Size(max = MAX_NAME_LENGTH)
    @PlainText
    @Column(nullable = false, length = MAX_NAME_LENGTH)
    private String name;

    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    @Column(name = "creation_date", nullable = false, updatable = false)
    private Instant creationDate;

    @NotNull
    @Size(max = MAX_SHAPES)
    @OneToMany(mappedBy = "drawing", targetEntity = Shape.class, cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("shapeIndex")
    private List<@NotNull @Valid Shape<?>> shapes = new ArrayList<>();

    protected Drawing() {
    }

    public Drawing(String name, List<Shape<?>> shapes) {
        this.name = name;
        this.shapes = new ArrayList<>(shapes);
        placeShapes();
    }

    /** A drawing as a store reads it back: its id and creation date as stored, its shapes in their order. */
    public static Drawing stored(long id, String name, Instant creationDate, List<Shape<?>> shapes) {
        Drawing drawing = new Drawing(name, shapes);
        drawing.id = id;
        drawing.creationDate = creationDate;
        return drawing;
    }

    @Override
    public Long getId() {
        return id;
    }

    @Override
    public void setId(Long id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Instant getCreationDate() {
        return creationDate;
    }

    public List<Shape<?>> getShapes() {
        return shapes;
    }

    public void setShapes(List<Shape<?>> shapes) {
        this.shapes = shapes == null ? null : new ArrayList<>(shapes);
        placeShapes();
    }

    /** Millisecond precision, so the date reads back the same from every backend. */
    @Override
    public void initialiseForCreation(Instant now) {
        creationDate = now.truncatedTo(ChronoUnit.MILLIS);
        shapes.forEach(shape -> shape.setId(null));
    }

    /** Replaces the name and the whole shape list; the id and the creation date stay. */
    @Override
    public void updateFrom(Drawing source) {
        name = source.name;
        shapes.clear();
        source.shapes.forEach(shape -> shapes.add(shape.copyAsNew()));
        placeShapes();
    }

    @Override
    public Drawing copy() {
        Drawing copy = new Drawing();
        copy.id = id;
        copy.name = name;
        copy.creationDate = creationDate;
        shapes.forEach(shape -> copy.shapes.add(shape.copy()));
        copy.placeShapes();
        return copy;
    }

    /** Points every shape at this drawing and numbers them in list order (null elements fail validation). */
    private void placeShapes() {
        if (shapes == null) {
            return;
        }
        for (int i = 0; i < shapes.size(); i++) {
            if (shapes.get(i) != null) {
                shapes.get(i).placeIn(this, i);
            }
        }
    }
}
