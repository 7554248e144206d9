package dev.shapeslab.gatling

import scala.collection.mutable
import scala.concurrent.duration._

/**
 * Reads a simulation's parameters from `-D` system properties, the way all the simulations do.
 *
 * The gatling-maven-plugin propagates the Maven command line's `-D` properties to the Gatling JVM,
 * so `./mvnw gatling:test -Dusers=50` reaches `System.getProperty("users")` here.
 *
 * Every value read is remembered with the value actually used, so `printEffective()` shows the
 * settings a run really had, defaults included: a report can then be matched to its settings.
 * A malformed value stops the simulation before any load is sent, rather than silently falling
 * back to a default that would make the run measure something else.
 */
final class SimulationProperties(simulationName: String) {

  private val effective = mutable.LinkedHashMap.empty[String, String]

  /**
   * Targets of the load: `baseUrls`, a comma-separated list (several app instances, without a load balancer
   * in front), else the one `baseUrl`. Without trailing slashes, so that paths can be appended as they are.
   */
  val baseUrls: Seq[String] = raw("baseUrls").map { text =>
    val urls = text.split(',').toSeq.map(_.trim.stripSuffix("/")).filter(_.nonEmpty)
    require(urls.nonEmpty && urls.forall(u => u.startsWith("http://") || u.startsWith("https://")),
      s"Property baseUrls must list http:// or https:// URLs, comma-separated, got '$text'")
    effective("baseUrls") = urls.mkString(",")
    urls
  }.getOrElse(Seq(string("baseUrl", "http://localhost:8080").stripSuffix("/")))

  /** The first target: where set-up requests (such as LatencyScalingSimulation's circles) go. */
  val baseUrl: String = baseUrls.head

  /**
   * Applied to every request. Gatling's own default (60 s, `gatling.http.requestTimeout`) is read
   * before the simulation is built, so it cannot follow a property of ours: each request sets it.
   */
  val requestTimeout: FiniteDuration = int("requestTimeoutMs", 10000, min = 1).millis

  /** Upper bound (inclusive) of the failed requests' share, in percent, for the run to pass. */
  def maxFailedPercent(default: Double): Double = {
    val value = double("maxFailedPercent", default)
    require(value >= 0 && value <= 100, s"maxFailedPercent must be between 0 and 100, got $value")
    value
  }

  def string(name: String, default: String): String =
    remember(name, raw(name).getOrElse(default))

  def int(name: String, default: Int, min: Int = 0): Int =
    remember(name, raw(name).fold(default)(parseInt(name, _, min)))

  /** For parameters whose absence means "let the server decide": shown as `unset` when absent. */
  def optionalInt(name: String, min: Int = 0): Option[Int] = {
    val value = raw(name).map(parseInt(name, _, min))
    effective(name) = value.fold("unset")(_.toString)
    value
  }

  /** A comma-separated list, e.g. `-Dusers=10,50,100`. */
  def intList(name: String, default: Seq[Int], min: Int = 0): Seq[Int] = {
    val value = raw(name).fold(default)(_.split(',').toSeq.map(_.trim).filter(_.nonEmpty).map(parseInt(name, _, min)))
    require(value.nonEmpty, s"Property $name must list at least one number")
    effective(name) = value.mkString(",")
    value
  }

  def double(name: String, default: Double): Double =
    remember(name, raw(name).fold(default) { text =>
      text.toDoubleOption.filter(d => !d.isNaN && !d.isInfinite)
        .getOrElse(throw new IllegalArgumentException(s"Property $name must be a number, got '$text'"))
    })

  def seconds(name: String, default: Int, min: Int = 0): FiniteDuration = int(name, default, min).seconds

  /** One line, so that it stays next to the run in a console log and is easy to grep. */
  def printEffective(): Unit =
    println(s"$simulationName settings: " + effective.map { case (k, v) => s"$k=$v" }.mkString(", "))

  private def raw(name: String): Option[String] =
    Option(System.getProperty(name)).map(_.trim).filter(_.nonEmpty)

  private def parseInt(name: String, text: String, min: Int): Int =
    text.toIntOption.filter(_ >= min)
      .getOrElse(throw new IllegalArgumentException(s"Property $name must be an integer >= $min, got '$text'"))

  private def remember[T](name: String, value: T): T = {
    effective(name) = value.toString
    value
  }
}
