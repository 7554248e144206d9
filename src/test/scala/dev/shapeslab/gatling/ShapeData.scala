package dev.shapeslab.gatling

import java.time.Instant
import java.util.concurrent.ThreadLocalRandom

import scala.jdk.CollectionConverters._
import scala.util.Try

import com.fasterxml.jackson.databind.{ JsonNode, ObjectMapper }
import com.fasterxml.jackson.databind.node.ObjectNode

/** What the simulations send and what they expect back, written as JSON and compared with the service's JSON. */
final case class Position(x: Double, y: Double)

sealed trait Entity {
  /** The request body; `id` only for a PUT that names the entity it replaces. */
  def toJson(id: Option[Long] = None): String = ShapeJson.write(this, id)

  /** `None` when `actual` holds this entity with the id `expectedId`, otherwise what differs. */
  def mismatch(actual: JsonNode, expectedId: Option[Long]): Option[String] = ShapeJson.mismatch(this, actual, expectedId)
}

sealed trait Shape extends Entity {
  def shapeType: String
  def colour: String
  def position: Position
}

final case class Circle(colour: String, position: Position, radius: Int) extends Shape {
  def shapeType: String = "circle"
}

final case class Rectangle(colour: String, position: Position, width: Int, height: Int) extends Shape {
  def shapeType: String = "rectangle"
}

final case class Drawing(name: String, shapes: Vector[Shape]) extends Entity

/**
 * Fresh values for every call, so that no two requests carry the same entity (the original
 * simulations built one body per virtual user and sent it again and again, which lets caches and
 * identical rows flatter the service).
 *
 * Coordinates have two decimals: exact enough to catch a value stored with less precision
 * (a float column turns 12.34 into 12.34000015258789), short enough to read in a failure message.
 */
object RandomShapes {
  private val colours = Vector("red", "green", "blue", "yellow", "cyan", "magenta", "black", "white",
    "orange", "purple", "teal", "navy")

  private def random = ThreadLocalRandom.current()

  def colour(): String = {
    // The suffix makes most colours unique, the palette keeps them readable.
    s"${colours(random.nextInt(colours.size))}-${random.nextInt(1, 100000)}"
  }

  def coordinate(): Double = random.nextInt(-100000, 100001) / 100.0

  def position(): Position = Position(coordinate(), coordinate())

  def size(): Int = random.nextInt(1, 1001)

  def circle(): Circle = Circle(colour(), position(), size())

  def rectangle(): Rectangle = Rectangle(colour(), position(), size(), size())

  def shape(): Shape = if (random.nextBoolean()) circle() else rectangle()

  def drawing(shapeCount: Int): Drawing =
    Drawing(s"sketch ${random.nextLong(1, Long.MaxValue)}", Vector.fill(shapeCount)(shape()))

  /** A replacement that differs from `original` in every field, so a PUT that was not applied, or only in part, shows. */
  def changed(original: Entity): Entity = {
    val candidate = original match {
      case _: Circle    => circle()
      case _: Rectangle => rectangle()
      case d: Drawing   => drawing(d.shapes.size)
    }
    if (differsEverywhere(original, candidate)) candidate else changed(original)
  }

  private def differsEverywhere(a: Entity, b: Entity): Boolean = (a, b) match {
    case (x: Circle, y: Circle) =>
      shapeDiffers(x, y) && x.radius != y.radius
    case (x: Rectangle, y: Rectangle) =>
      shapeDiffers(x, y) && x.width != y.width && x.height != y.height
    case (x: Drawing, y: Drawing) =>
      // Shape types may repeat (there are only two), their fields may not.
      x.name != y.name && x.shapes.zip(y.shapes).forall { case (s, t) => shapeDiffers(s, t) }
    case _ => true
  }

  private def shapeDiffers(a: Shape, b: Shape): Boolean =
    a.colour != b.colour && a.position.x != b.position.x && a.position.y != b.position.y
}

object ShapeJson {
  // Thread-safe once configured; Gatling calls checks and body functions from several threads.
  private val mapper = new ObjectMapper()

  def parse(body: String): Try[JsonNode] = Try(mapper.readTree(body))

  def write(entity: Entity, id: Option[Long]): String = {
    val node = entity match {
      // Top-level shapes go to their own resource, which knows their type: no `shapeType` in the body.
      case shape: Shape => shapeNode(shape, withType = false)
      case drawing: Drawing =>
        val node = mapper.createObjectNode()
        node.put("name", drawing.name)
        val shapes = node.putArray("shapes")
        drawing.shapes.foreach(s => shapes.add(shapeNode(s, withType = true)))
        node
    }
    id.foreach(node.put("id", _))
    mapper.writeValueAsString(node)
  }

  private def shapeNode(shape: Shape, withType: Boolean): ObjectNode = {
    val node = mapper.createObjectNode()
    if (withType) node.put("shapeType", shape.shapeType)
    node.put("colour", shape.colour)
    val position = node.putObject("position")
    position.put("x", shape.position.x)
    position.put("y", shape.position.y)
    shape match {
      case c: Circle => node.put("radius", c.radius)
      case r: Rectangle =>
        node.put("width", r.width)
        node.put("height", r.height)
    }
    node
  }

  def mismatch(expected: Entity, actual: JsonNode, expectedId: Option[Long]): Option[String] = {
    val idProblem = missingLong(actual, "id", "").orElse(expectedId.flatMap { id =>
      val actualId = actual.path("id").longValue
      if (actualId == id) None else Some(s"id is $actualId, expected $id")
    })
    idProblem.orElse(expected match {
      case shape: Shape     => shapeMismatch(shape, actual, "")
      case drawing: Drawing => drawingMismatch(drawing, actual)
    })
  }

  private def drawingMismatch(expected: Drawing, actual: JsonNode): Option[String] = {
    val shapes = actual.path("shapes")
    text(actual, "name", expected.name, "")
      .orElse(creationDateProblem(actual))
      .orElse(
        if (!shapes.isArray) Some("shapes is not an array")
        else if (shapes.size != expected.shapes.size) Some(s"${shapes.size} shapes, expected ${expected.shapes.size}")
        else None)
      .orElse(expected.shapes.zipWithIndex.iterator.flatMap { case (shape, i) =>
        val prefix = s"shapes[$i]."
        missingLong(shapes.get(i), "id", prefix).orElse(shapeMismatch(shape, shapes.get(i), prefix))
      }.nextOption())
      .orElse {
        val ids = shapes.elements().asScala.map(_.path("id").asLong).toSeq
        if (ids.distinct.size != ids.size) Some(s"shape ids are not distinct: ${ids.mkString(",")}") else None
      }
  }

  private def creationDateProblem(actual: JsonNode): Option[String] = {
    val node = actual.path("creationDate")
    if (!node.isTextual) Some(s"creationDate is missing or not a string: $node")
    else if (Try(Instant.parse(node.asText)).isFailure) Some(s"creationDate '${node.asText}' is not an ISO-8601 instant")
    else None
  }

  private def shapeMismatch(expected: Shape, actual: JsonNode, prefix: String): Option[String] = {
    val common = text(actual, "shapeType", expected.shapeType, prefix)
      .orElse(text(actual, "colour", expected.colour, prefix))
      .orElse(number(actual.path("position"), "x", expected.position.x, s"${prefix}position."))
      .orElse(number(actual.path("position"), "y", expected.position.y, s"${prefix}position."))
    common.orElse(expected match {
      case c: Circle => integer(actual, "radius", c.radius, prefix)
      case r: Rectangle =>
        integer(actual, "width", r.width, prefix).orElse(integer(actual, "height", r.height, prefix))
    })
  }

  private def text(node: JsonNode, field: String, expected: String, prefix: String): Option[String] = {
    val value = node.path(field)
    if (value.isTextual && value.asText == expected) None
    else Some(s"$prefix$field is $value, expected \"$expected\"")
  }

  private def number(node: JsonNode, field: String, expected: Double, prefix: String): Option[String] = {
    val value = node.path(field)
    if (value.isNumber && value.doubleValue == expected) None
    else Some(s"$prefix$field is $value, expected $expected")
  }

  private def integer(node: JsonNode, field: String, expected: Long, prefix: String): Option[String] = {
    val value = node.path(field)
    if (value.isIntegralNumber && value.longValue == expected) None
    else Some(s"$prefix$field is $value, expected $expected")
  }

  private def missingLong(node: JsonNode, field: String, prefix: String): Option[String] =
    if (node.path(field).isIntegralNumber) None else Some(s"$prefix$field is missing or not an integer: ${node.path(field)}")
}
