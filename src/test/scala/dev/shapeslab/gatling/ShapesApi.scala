package dev.shapeslab.gatling

import java.net.URI

import scala.util.Try

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.session.Expression
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck
import io.gatling.http.protocol.HttpProtocolBuilder
import io.gatling.http.request.builder.HttpRequestBuilder

import dev.shapeslab.web.ResourcePaths

/**
 * A collection resource of the service, at the path the service itself declares. `singular` and
 * `plural` name its requests ("create circle", "list circles").
 */
sealed abstract class Resource(val singular: String, val path: String) {
  val plural: String = path.stripPrefix("/")
}

object Resource {
  case object Circles extends Resource("circle", ResourcePaths.CIRCLES)
  case object Rectangles extends Resource("rectangle", ResourcePaths.RECTANGLES)
  case object Drawings extends Resource("drawing", ResourcePaths.DRAWINGS)
}

/**
 * The requests the simulations send, named the same way everywhere because the report generator
 * reads the statistics by request name.
 */
final class ShapesApi(properties: SimulationProperties) {

  val protocol: HttpProtocolBuilder = (properties.baseUrls match {
      // Several instances: Gatling gives each virtual user one of them, round-robin, for all its requests.
      case Seq(one) => http.baseUrl(one)
      case several => http.baseUrls(several: _*)
    })
    // Errors come back as application/problem+json; asking for both keeps content negotiation out of the way.
    .acceptHeader("application/json, application/problem+json")
    .userAgentHeader("shapes-lab-gatling")
    // By default Gatling warms its HTTP stack up with a request to an outside site.
    .disableWarmUp
    // A GET answered from Gatling's per-user cache would count as a request the service never saw.
    .disableCaching

  def create(resource: Resource, body: Expression[String]): HttpRequestBuilder =
    withTimeout(http(s"create ${resource.singular}").post(resource.path).header("Content-Type", "application/json")
      .body(StringBody(body)))

  def get(resource: Resource, id: Expression[String], name: String): HttpRequestBuilder =
    withTimeout(http(name).get(session => id(session).map(i => s"${resource.path}/$i")))

  /** A GET of a URL the service handed out (e.g. a `Location` header). */
  def getUrl(url: Expression[String], name: String): HttpRequestBuilder =
    withTimeout(http(name).get(url))

  def update(resource: Resource, id: Expression[String], body: Expression[String]): HttpRequestBuilder =
    withTimeout(http(s"update ${resource.singular}").put(session => id(session).map(i => s"${resource.path}/$i"))
      .header("Content-Type", "application/json").body(StringBody(body)))

  def delete(resource: Resource, id: Expression[String]): HttpRequestBuilder =
    withTimeout(http(s"delete ${resource.singular}").delete(session => id(session).map(i => s"${resource.path}/$i")))

  /** Without a limit the request carries none, so the server's configured default page size applies. */
  def list(resource: Resource, limit: Option[Int]): HttpRequestBuilder = {
    val request = http(s"list ${resource.plural}").get(resource.path)
    withTimeout(limit.fold(request)(l => request.queryParam("limit", l)))
  }

  private def withTimeout(request: HttpRequestBuilder): HttpRequestBuilder =
    request.requestTimeout(properties.requestTimeout)
}

/** Checks that compare what the service returned with what the virtual user sent, kept in its session. */
object ShapeChecks {

  /**
   * The body is the entity stored under `entityKey`, with the id stored under `idKey` (when given;
   * otherwise any integer id). Every field is compared, so data lost or mixed up between users fails.
   * The message names the first field that differs, without the body: a drawing's can be long.
   */
  def bodyIs(entityKey: String, idKey: Option[String]): HttpCheck =
    bodyString.validate("is the entity sent", (body, session) =>
      for {
        text <- body.toValidation("no body")
        expected <- session(entityKey).validate[Entity]
        expectedId <- idKey.fold[Validation[Option[Long]]](None.success)(k => session(k).validate[Long].map(Some(_)))
        node <- ShapeJson.parse(text).fold(e => s"body is not JSON: ${e.getMessage}".failure, _.success)
        _ <- expected.mismatch(node, expectedId).fold[Validation[Unit]](().success)(_.failure)
      } yield body)

  /**
   * The `Location` header points into `resource` (`/circles/<digits>`); saved under `key` as an
   * absolute URL (Jersey sends it absolute, a relative one is resolved against `baseUrl`). The
   * read that follows fetches that URL and checks the id, which ties the header to the body: a
   * check cannot compare them directly, as values saved by one check are not visible to the
   * other checks of the same response.
   */
  def saveLocation(resource: Resource, baseUrl: String, key: String): HttpCheck =
    header("Location").validate(s"points to ${resource.path}/<id>", (location, _) =>
      for {
        value <- location.toValidation("no Location header")
        uri <- Try(URI.create(s"$baseUrl/").resolve(value)).toOption.toValidation(s"Location '$value' is not a URI")
        _ <- if (uri.getPath.matches(s".*${resource.path}/\\d+")) ().success
             else s"Location '$value' does not point to ${resource.path}/<id>".failure
      } yield Some(uri.toString)).saveAs(key)

  /** Compares the media type only: a `;charset=...` parameter is allowed. */
  def mediaTypeIs(expected: String): HttpCheck =
    header("Content-Type").transform(_.split(';').head.trim.toLowerCase).is(expected)
}
