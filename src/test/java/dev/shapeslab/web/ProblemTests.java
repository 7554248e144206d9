package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;

import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.testng.annotations.Test;

/**
 * The problem body and the web layer's exception, now that neither is built on JAX-RS: the same titles and headers
 * as when they were (JAX-RS is used here only as the reference).
 */
public class ProblemTests {

    @Test
    public void shouldTitleEveryStatusAsJaxRsDid() {
        for (int status = 100; status < 600; status++) {
            Response.Status known = Response.Status.fromStatusCode(status);
            String expected = known != null ? known.getReasonPhrase()
                    : status == 422 ? "Unprocessable Content" : "Error " + status;
            assertEquals(Problem.of(status, "detail", "/circles").title(), expected, "status " + status);
        }
    }

    @Test
    public void shouldCarryItsStatusDetailAndHeader() {
        ProblemException unavailable = ProblemCatalogue.AT_CAPACITY.exception();
        String busy = "The service is at capacity; retry shortly";
        assertEquals(unavailable.problem("/circles"), new Problem("about:blank", "Service Unavailable", 503, busy,
                "/circles"));
        assertEquals(unavailable.headers(), Map.of("Retry-After", "1"));
        assertEquals(unavailable.getMessage(), busy);
        assertEquals(ProblemCatalogue.CONTENT_ENCODED.exception().headers(), Map.of("Accept-Encoding", "identity"));
        assertEquals(new ProblemException(400, "limit").headers(), Map.of());
    }
}
