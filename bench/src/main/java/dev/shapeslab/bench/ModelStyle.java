package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.TexturePaint;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.util.ShapeUtils;

/**
 * The colour and marker of each execution model, the same in every chart, so that a reader who has learned "blue
 * up-triangle is async" on one chart reads the next without its legend; they follow the model, never the order of
 * the series. The colours are Okabe and Ito's palette, which stays apart under the common colour-vision deficiencies
 * (its yellow is left out: it vanishes on white); the markers tell the models apart in black and white too. Whatever
 * is not a model (the clients ÷ latency line, a mark of errors) is grey.
 */
record ModelStyle(String model, Color colour, Shape marker) {

    static final Color GREY = new Color(0x80, 0x80, 0x80);
    /** The mark of a failed cell ({@link FailedMark}); no model is red, vermillion is the nearest. */
    static final Color FAILED = new Color(0xE0, 0x00, 0x00);
    private static final double SIZE = 4.5;

    static final List<ModelStyle> MODELS = List.of(
            new ModelStyle("plain", new Color(0x000000), new Ellipse2D.Double(-SIZE, -SIZE, 2 * SIZE, 2 * SIZE)),
            new ModelStyle("rxjava", new Color(0xE69F00), new Rectangle2D.Double(-SIZE, -SIZE, 2 * SIZE, 2 * SIZE)),
            new ModelStyle("async", new Color(0x0072B2), ShapeUtils.createUpTriangle((float) SIZE + 1)),
            new ModelStyle("virtual", new Color(0x009E73), ShapeUtils.createDiamond((float) SIZE + 1)),
            new ModelStyle("webflux", new Color(0xD55E00), ShapeUtils.createDownTriangle((float) SIZE + 1)),
            // a star, not an X: an X marks a failed cell
            new ModelStyle("vertx", new Color(0xCC79A7), star(SIZE + 1.5)));

    /** The style of {@code variant}; a name that is no model is grey, with a small circle. */
    static ModelStyle of(String variant) {
        return MODELS.stream().filter(m -> m.model.equals(variant)).findFirst()
                .orElse(new ModelStyle(variant, GREY, new Ellipse2D.Double(-3, -3, 6, 6)));
    }

    /** The models' own order (plain first, as the project's tables have it), any other name after them. */
    static int order(String variant) {
        for (int i = 0; i < MODELS.size(); i++) {
            if (MODELS.get(i).model.equals(variant)) {
                return i;
            }
        }
        return MODELS.size();
    }

    /** A tuned model ("at its best") is drawn solid, as shipped dashed: the same model, so the same colour. */
    static Stroke line(String config) {
        return "shipped".equals(config)
                ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {7f, 5f}, 0f)
                : new BasicStroke(2f);
    }

    /** What is not a model: dotted, so it is taken neither for a tuned nor for a shipped model. */
    static Stroke guide() {
        return new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, new float[] {2f, 4f}, 0f);
    }

    /** A bar's fill: the model's colour, hatched for a model as shipped (the bars' dashed line). */
    Paint fill(String config) {
        return "shipped".equals(config) ? hatched(colour) : colour;
    }

    /** Black text on the light colours (orange, reddish purple), white on the dark ones. */
    Color textOn() {
        double luminance = 0.299 * colour.getRed() + 0.587 * colour.getGreen() + 0.114 * colour.getBlue();
        return luminance < 140 ? Color.WHITE : Color.BLACK;
    }

    static Paint hatched(Color colour) {
        BufferedImage tile = new BufferedImage(8, 8, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = tile.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 8, 8);
        g.setColor(colour);
        g.setStroke(new BasicStroke(2.5f));
        g.drawLine(-1, 9, 9, -1);
        g.drawLine(-1, 1, 1, -1);
        g.drawLine(7, 9, 9, 7);
        g.dispose();
        return new TexturePaint(tile, new Rectangle(0, 0, 8, 8));
    }

    /** A swatch of every model's colour, for a legend entry that stands for "the model's colour". */
    static Paint everyColour() {
        BufferedImage tile = new BufferedImage(MODELS.size() * 2, 1, BufferedImage.TYPE_INT_RGB);
        for (int i = 0; i < MODELS.size(); i++) {
            tile.setRGB(2 * i, 0, MODELS.get(i).colour.getRGB());
            tile.setRGB(2 * i + 1, 0, MODELS.get(i).colour.getRGB());
        }
        return new TexturePaint(tile, new Rectangle(0, 0, MODELS.size() * 2, 1));
    }

    private static Shape star(double r) {
        Path2D.Double star = new Path2D.Double();
        for (int i = 0; i < 10; i++) {
            double radius = i % 2 == 0 ? r : r * 0.45;
            double angle = Math.PI / 5 * i - Math.PI / 2;
            if (i == 0) {
                star.moveTo(radius * Math.cos(angle), radius * Math.sin(angle));
            } else {
                star.lineTo(radius * Math.cos(angle), radius * Math.sin(angle));
            }
        }
        star.closePath();
        return star;
    }
}
