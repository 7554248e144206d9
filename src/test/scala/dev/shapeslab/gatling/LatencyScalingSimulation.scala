package dev.shapeslab.gatling

import java.util.concurrent.ThreadLocalRandom

import io.gatling.core.Predef._
import io.gatling.core.structure.PopulationBuilder
import io.gatling.http.Predef._

import dev.shapeslab.gatling.Resource.Circles

/**
 * Latency scaling: response times of GET by id as the number of concurrent clients grows, the
 * experiment that separates thread-per-request from async execution (run it against the stub
 * backend with 100 ms injected latency: a thread-per-request server stays near 100 ms until its
 * threads run out, then queues).
 *
 * Before the load, `entities` circles are created outside Gatling (see CircleSetup), so the
 * statistics hold the GETs only. Then, a closed model: `users` concurrent virtual users, each
 * looping for `durationSeconds` over GET /circles/{random pre-created id}, checking status 200 and
 * that the returned id is the one asked for.
 *
 * `users` takes one number (the harness runs the simulation once per N, the request is then named
 * "get circle") or a comma-separated list, e.g. `-Dusers=10,50,200`, run as consecutive steps of
 * `durationSeconds` each; with a list each step's requests are in a group named "<N> users", so
 * the report has one line per N ("10 users / get circle").
 *
 * Properties (-D): baseUrl (http://localhost:8080) or baseUrls (several, comma-separated; the circles are created
 * through the first), users (50), durationSeconds (30, per step),
 * entities (1000), setupConcurrency (32: POSTs in flight during setup), requestTimeoutMs (10000),
 * maxFailedPercent (0: clients past the admission limit wait for a place, so none should fail).
 *
 * Example:
 *   ./mvnw gatling:test -Dgatling.simulationClass=dev.shapeslab.gatling.LatencyScalingSimulation \
 *     -DbaseUrl=http://localhost:8080 -Dusers=200 -DdurationSeconds=30 -Dentities=1000
 */
class LatencyScalingSimulation extends Simulation {

  private val properties = new SimulationProperties("LatencyScalingSimulation")
  private val userCounts = properties.intList("users", Seq(50), min = 1)
  private val stepDuration = properties.seconds("durationSeconds", 30, min = 1)
  private val entities = properties.int("entities", 1000, min = 1)
  private val setupConcurrency = properties.int("setupConcurrency", 32, min = 1)
  private val maxFailedPercent = properties.maxFailedPercent(0)
  properties.printEffective()

  private val api = new ShapesApi(properties)

  // Filled by `before`, which runs after this constructor and before the first user starts.
  @volatile private var circleIds: IndexedSeq[Long] = IndexedSeq.empty

  before {
    circleIds = CircleSetup.create(properties.baseUrl, entities, setupConcurrency, properties.requestTimeout)
  }

  private val randomCircle =
    Iterator.continually(Map("circleId" -> circleIds(ThreadLocalRandom.current().nextInt(circleIds.size))))

  private val getCircle = feed(randomCircle).exec(
    api.get(Circles, "#{circleId}", "get circle").check(
      status.is(200),
      jsonPath("$.id").ofType[Long].is(session => session("circleId").validate[Long])
    ))

  private def step(users: Int): PopulationBuilder = {
    val loop = during(stepDuration)(getCircle)
    val chain = if (userCounts.size > 1) group(s"$users users")(loop) else loop
    scenario(s"get circle, $users users").exec(chain)
      .inject(constantConcurrentUsers(users).during(stepDuration))
  }

  // Each step starts once every user of the previous one has finished.
  setUp(userCounts.map(step).reduceRight((first, rest) => first.andThen(rest)))
    .protocols(api.protocol)
    .assertions(
      global.failedRequests.percent.lte(maxFailedPercent),
      global.successfulRequests.count.gt(0)
    )
}
