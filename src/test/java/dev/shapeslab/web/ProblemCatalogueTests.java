package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertSame;

import dev.shapeslab.domain.InvalidEntityException;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.util.Map;
import org.testng.annotations.Test;

/**
 * The catalogue every server's adapter answers from: each 503 says when to retry and nothing else carries a header but
 * the refusal of a content coding; the core's failures are answered by their entries whatever the server
 * ({@code CrudContractTests.eachRefusalIsItsCatalogueEntryWordForWord} holds each server to the entries' words).
 */
public class ProblemCatalogueTests {

    @Test
    public void every503SaysWhenToRetryAndNoOtherCarriesAHeaderButTheContentCodingsRefusal() {
        for (ProblemCatalogue entry : ProblemCatalogue.values()) {
            Map<String, String> expected = entry.status() == 503 ? Map.of("Retry-After", "1")
                    : entry == ProblemCatalogue.CONTENT_ENCODED ? Map.of("Accept-Encoding", "identity") : Map.of();
            assertEquals(entry.headers(), expected, entry.name());
            assertEquals(entry.exception().headers(), expected, entry.name());
        }
    }

    @Test
    public void theCoreAnswersTheDomainsAndTheStoresFailuresByTheirEntries() {
        NoSuchEntityException missing = new NoSuchEntityException("circle", 7);
        assertAnswer(missing, ProblemCatalogue.NO_SUCH_ENTITY, missing.getMessage());
        InvalidEntityException invalid = new InvalidEntityException("radius: must be positive");
        assertAnswer(invalid, ProblemCatalogue.INVALID_ENTITY, "radius: must be positive");
        assertAnswer(new StoreUnavailableException("connection refused", new RuntimeException("down")),
                ProblemCatalogue.DATABASE_UNAVAILABLE);
        assertAnswer(new StoreOutcomeUnknownException(new RuntimeException("gone")),
                ProblemCatalogue.OUTCOME_UNKNOWN);
        ProblemException own = ProblemCatalogue.AT_CAPACITY.exception();
        assertSame(ProblemCatalogue.answer(own), own);
        assertNull(ProblemCatalogue.answer(new IllegalStateException("a bug")));
        assertEquals(ProblemCatalogue.unexpected(new IllegalStateException("a bug"), "/circles").problem("/circles"),
                Problem.of(500, "The server could not complete the request", "/circles"));
    }

    @Test
    public void detailsTakeWhatTheRequestFillsIn() {
        assertEquals(ProblemCatalogue.OUT_OF_RANGE.detail("limit", 1, 1000), "limit: must be an integer from 1 to 1000");
        assertEquals(ProblemCatalogue.NO_RESOURCE.problem("/x%20y", "/x%20y").detail(), "No resource at /x%20y");
        assertEquals(ProblemCatalogue.NO_ANSWER_IN_TIME.detail(10_000L), "No answer within 10000 ms");
        assertEquals(ProblemCatalogue.refusedByServer(414, "/").detail(), "The request's URI is too long");
        assertEquals(ProblemCatalogue.undecodable(414).detail(), "The request was refused");
    }

    private static void assertAnswer(Throwable failure, ProblemCatalogue entry, Object... values) {
        ProblemException answer = ProblemCatalogue.answer(failure);
        assertEquals(answer.problem("/circles"), entry.problem("/circles", values), failure.toString());
        assertEquals(answer.headers(), entry.headers());
    }
}
