package dev.shapeslab.gatling

import scala.concurrent.duration._

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.session.Expression
import io.gatling.core.structure.ChainBuilder
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck

import dev.shapeslab.gatling.Resource.{ Circles, Drawings, Rectangles }

/**
 * CRUD lifecycle: correctness under load. Each virtual user repeats, for `durationSeconds`, the
 * life of one entity: create, read, update, read, delete, read again (404). The entity type
 * goes round-robin over circle, rectangle and drawing across all users.
 *
 * Every status and body is checked against what this user sent: the read returns what was
 * created, the update and the read after it return the new fields, the last read is a 404
 * application/problem+json. Drawings are compared shape by shape, in the order sent, and each shape
 * must have come back with its own id. Lost or mixed-up data therefore shows as failed requests;
 * the failure message names the field that differs. After a failed step the user abandons that
 * entity and starts the next lifecycle.
 *
 * Several app instances on one database: `baseUrls` lists them (comma-separated), and each virtual user
 * keeps to one of them, given round-robin; the read after a create follows the `Location` the instance
 * answered, an absolute URL that names that instance.
 *
 * Properties (-D): baseUrl (http://localhost:8080) or baseUrls, users (20), rampSeconds (5),
 * durationSeconds (30: how long each user keeps going), shapesPerDrawing (3), requestTimeoutMs
 * (10000), maxFailedPercent (0 here: any failure is a correctness problem, so one fails the build).
 *
 * Example:
 *   ./mvnw gatling:test -Dgatling.simulationClass=dev.shapeslab.gatling.CrudLifecycleSimulation \
 *     -DbaseUrl=http://localhost:8080 -Dusers=20 -DdurationSeconds=30
 *   ./mvnw gatling:test -Dgatling.simulationClass=dev.shapeslab.gatling.CrudLifecycleSimulation \
 *     -DbaseUrls=http://127.0.0.1:8080,http://127.0.0.1:8090 -Dusers=20 -DdurationSeconds=30
 */
class CrudLifecycleSimulation extends Simulation {

  private val properties = new SimulationProperties("CrudLifecycleSimulation")
  private val users = properties.int("users", 20, min = 1)
  private val ramp = properties.seconds("rampSeconds", 5)
  private val duration = properties.seconds("durationSeconds", 30, min = 1)
  private val shapesPerDrawing = properties.int("shapesPerDrawing", 3)
  private val maxFailedPercent = properties.maxFailedPercent(0)
  properties.printEffective()

  private val api = new ShapesApi(properties)

  private val id: Expression[String] = session => session("id").validate[Long].map(_.toString)

  private def bodyOf(key: String, withId: Boolean): Expression[String] = session =>
    for {
      entity <- session(key).validate[Entity]
      entityId <- if (withId) session("id").validate[Long].map(Some(_)) else None.success
    } yield entity.toJson(entityId)

  private def lifecycle(resource: Resource, fresh: () => Entity): ChainBuilder = {
    val name = resource.singular
    // A drawing's creation date is the server's, set once: every later read and the update must keep it.
    val (saveCreationDate, keepsCreationDate): (Seq[HttpCheck], Seq[HttpCheck]) =
      if (resource == Drawings)
        (Seq(jsonPath("$.creationDate").saveAs("creationDate")), Seq(jsonPath("$.creationDate").is("#{creationDate}")))
      else (Nil, Nil)
    // A new entity, and no id left over from the previous lifecycle to be mistaken for this one's.
    exec(session => session.removeAll("id", "location", "updated", "creationDate").set("created", fresh()))
      .exitBlockOnFail(
        exec(api.create(resource, bodyOf("created", withId = false)).check(
          status.is(201),
          jsonPath("$.id").ofType[Long].saveAs("id"),
          ShapeChecks.saveLocation(resource, properties.baseUrl, "location"),
          ShapeChecks.bodyIs("created", None)
        ).check(saveCreationDate: _*)),
        // Read where the service said the entity is: this also proves Location names the created id.
        exec(api.getUrl("#{location}", s"get $name").check(
          status.is(200),
          ShapeChecks.bodyIs("created", Some("id"))
        ).check(keepsCreationDate: _*)),
        exec(session => session.set("updated", RandomShapes.changed(session("created").as[Entity]))),
        // The full entity with its id, as a client that read it and changed every field would send it.
        exec(api.update(resource, id, bodyOf("updated", withId = true)).check(
          status.is(200),
          ShapeChecks.bodyIs("updated", Some("id"))
        ).check(keepsCreationDate: _*)),
        exec(api.get(resource, id, s"get $name after update").check(
          status.is(200),
          ShapeChecks.bodyIs("updated", Some("id"))
        ).check(keepsCreationDate: _*)),
        exec(api.delete(resource, id).check(status.is(204))),
        exec(api.get(resource, id, s"get deleted $name").check(
          status.is(404),
          ShapeChecks.mediaTypeIs("application/problem+json"),
          jsonPath("$.status").ofType[Int].is(404)
        ))
      )
  }

  private val crudLifecycle = scenario("CRUD lifecycle").during(duration)(
    roundRobinSwitch(
      lifecycle(Circles, () => RandomShapes.circle()),
      lifecycle(Rectangles, () => RandomShapes.rectangle()),
      lifecycle(Drawings, () => RandomShapes.drawing(shapesPerDrawing))
    ))

  private val injection = if (ramp > Duration.Zero) rampUsers(users).during(ramp) else atOnceUsers(users)

  setUp(crudLifecycle.inject(injection))
    .protocols(api.protocol)
    .assertions(
      global.failedRequests.percent.lte(maxFailedPercent),
      global.successfulRequests.count.gt(0)
    )
}
