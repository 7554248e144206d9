package dev.shapeslab.gatling

import scala.concurrent.duration._

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

import dev.shapeslab.gatling.Resource.{ Circles, Drawings, Rectangles }

/**
 * Mixed CRUD load, as in the original article series: throughput and response times of the
 * service under a capped request rate.
 *
 * Each of `users` virtual users loops for the whole run over six requests: create circle,
 * create rectangle, create drawing (with `shapesPerDrawing` shapes), list circles, list rectangles,
 * list drawings. First `warmUpUsers` users loop over the same requests for `warmUpSeconds`, silent
 * (out of the statistics and the assertions): a fresh app JVM compiles and loads the code of each
 * request in its first seconds, when it serves a fraction of its later rate, and `users` clients
 * arriving at once would wait past admission's max-wait for it. Then the `users` arrive; the
 * throttle raises the rate to `rps` over warm-up + `rampSeconds`, holds it for `holdSeconds`, and
 * the run ends after warm-up + ramp + hold. Unlike the original, every request carries freshly
 * generated values, and the page size of the lists is a parameter.
 *
 * Properties (-D): baseUrl (http://localhost:8080) or baseUrls (several, comma-separated), users (300), rps (1500),
 * warmUpSeconds (20; 0: none), warmUpUsers (10), rampSeconds (5), holdSeconds (30), listLimit (unset: no `limit` is sent, the server's default applies),
 * shapesPerDrawing (3), requestTimeoutMs (10000), maxFailedPercent (0: at this load the service answers
 * every request, waiting ones included, so one failure fails the build).
 *
 * Example:
 *   ./mvnw gatling:test -Dgatling.simulationClass=dev.shapeslab.gatling.MixedCrudSimulation \
 *     -DbaseUrl=http://localhost:8080 -Dusers=300 -Drps=1500 -DrampSeconds=5 -DholdSeconds=30
 */
class MixedCrudSimulation extends Simulation {

  private val properties = new SimulationProperties("MixedCrudSimulation")
  private val users = properties.int("users", 300, min = 1)
  private val rps = properties.int("rps", 1500, min = 1)
  private val warmUp = properties.seconds("warmUpSeconds", 20)
  private val warmUpUsers = properties.int("warmUpUsers", 10, min = 1)
  private val ramp = properties.seconds("rampSeconds", 5)
  private val hold = properties.seconds("holdSeconds", 30, min = 1)
  private val listLimit = properties.optionalInt("listLimit", min = 1)
  private val shapesPerDrawing = properties.int("shapesPerDrawing", 3)
  private val maxFailedPercent = properties.maxFailedPercent(0)
  properties.printEffective()

  private val api = new ShapesApi(properties)

  // The body functions run for every request, so no two requests send the same entity.
  private def sixRequests(reported: Boolean) = {
    def mark(request: HttpRequestBuilder) = if (reported) request else request.silent
    exec(
      exec(mark(api.create(Circles, _ => RandomShapes.circle().toJson().success).check(status.is(201)))),
      exec(mark(api.create(Rectangles, _ => RandomShapes.rectangle().toJson().success).check(status.is(201)))),
      exec(mark(api.create(Drawings, _ => RandomShapes.drawing(shapesPerDrawing).toJson().success).check(status.is(201)))),
      exec(mark(api.list(Circles, listLimit).check(status.is(200)))),
      exec(mark(api.list(Rectangles, listLimit).check(status.is(200)))),
      exec(mark(api.list(Drawings, listLimit).check(status.is(200))))
    )
  }

  private val mixedCrud = scenario("mixed CRUD").forever(sixRequests(reported = true))
  // Silent: left out of the statistics, so the assertions hold the measured requests alone.
  private val warmingUp = scenario("warm-up").during(warmUp)(sixRequests(reported = false))

  private val population =
    if (warmUp > Duration.Zero) warmingUp.inject(atOnceUsers(warmUpUsers)).andThen(mixedCrud.inject(atOnceUsers(users)))
    else mixedCrud.inject(atOnceUsers(users))
  private val rampStep = if (warmUp + ramp > Duration.Zero) reachRps(rps).in(warmUp + ramp) else jumpToRps(rps)

  setUp(population)
    .protocols(api.protocol)
    .throttle(rampStep, holdFor(hold))
    // The users loop forever: the run ends when the throttle profile does.
    .maxDuration(warmUp + ramp + hold)
    .assertions(
      global.failedRequests.percent.lte(maxFailedPercent),
      // A run that sent nothing (wrong URL resolved to nothing, zero duration) must not pass.
      global.successfulRequests.count.gt(0)
    )
}
