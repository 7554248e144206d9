package dev.shapeslab.gatling

import java.io.IOException
import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.time.{ Duration => JDuration }
import java.util.concurrent.{ Callable, ExecutionException, Executors, TimeUnit }

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._

/**
 * Creates the circles a simulation reads, outside Gatling, so that the setup's POSTs do not show
 * up in the run's statistics (the report would otherwise mix create and read figures).
 *
 * The POSTs run `concurrency` at a time: against the stub backend with 100 ms injected latency,
 * 1,000 circles one after another would take 100 s before the measurement even starts.
 */
object CircleSetup {

  def create(baseUrl: String, count: Int, concurrency: Int, timeout: FiniteDuration): IndexedSeq[Long] = {
    val client = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(JDuration.ofMillis(timeout.toMillis))
      .build()
    val pool = Executors.newFixedThreadPool(concurrency)
    val started = System.nanoTime()
    try {
      val tasks = (1 to count).map(_ => (() => createOne(client, baseUrl, timeout)): Callable[Long])
      // invokeAll waits for every task; the first failure, rethrown, aborts the simulation.
      val ids = pool.invokeAll(tasks.asJava).asScala.map { future =>
        try future.get()
        catch { case e: ExecutionException => throw e.getCause }
      }.toIndexedSeq
      println(f"Created $count circles at $baseUrl in ${(System.nanoTime() - started) / 1e9}%.1f s")
      ids
    } finally {
      pool.shutdownNow()
      pool.awaitTermination(10, TimeUnit.SECONDS)
    }
  }

  private def createOne(client: HttpClient, baseUrl: String, timeout: FiniteDuration): Long = {
    val request = HttpRequest.newBuilder(URI.create(s"$baseUrl${Resource.Circles.path}"))
      .timeout(JDuration.ofMillis(timeout.toMillis))
      .header("Content-Type", "application/json")
      .header("Accept", "application/json")
      .POST(HttpRequest.BodyPublishers.ofString(RandomShapes.circle().toJson()))
      .build()
    val response =
      try client.send(request, HttpResponse.BodyHandlers.ofString())
      catch { case e: IOException => throw new IllegalStateException(s"Setup: POST ${request.uri} failed: $e", e) }
    if (response.statusCode != 201)
      throw new IllegalStateException(s"Setup: POST ${request.uri} answered ${response.statusCode}: ${response.body}")
    val id = ShapeJson.parse(response.body).toOption.map(_.path("id")).filter(_.isIntegralNumber)
    id.map(_.longValue).getOrElse(
      throw new IllegalStateException(s"Setup: POST ${request.uri} answered no integer id: ${response.body}"))
  }
}
