package dev.shapeslab.contract;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shapeslab.contract.Api.Reply;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Assertions on error responses: status, problem+json, one stable shape, and nothing leaked. */
final class Problems {

    /** Traces of internals a client must never see: class names, stack frames, SQL, raw parser text. */
    private static final Pattern LEAK = Pattern.compile(
            "(?i)(exception|\\bat [a-z]+\\.|\\b(java|jakarta|javax|com\\.fasterxml|org\\.(hibernate|h2|glassfish|"
                    + "springframework|apache))\\.|dev\\.shapeslab|\\bselect\\b|\\binsert\\b|\\bjdbc|\\bsql|"
                    + "hibernate|jackson|\\bh2\\b|Cannot (construct|deserialize)|Unrecognized field)");

    private Problems() {
    }

    static JsonNode assertProblem(Reply response, int status) {
        assertEquals(response.statusCode(), status, response.asString());
        assertEquals(response.contentType(), "application/problem+json", response.asString());
        String text = response.asString();
        assertFalse(LEAK.matcher(text).find(), "error body leaks internals: " + text);
        JsonNode problem = response.json();
        Set<String> fields = new TreeSet<>();
        problem.fieldNames().forEachRemaining(fields::add);
        assertEquals(fields, new TreeSet<>(List.of("type", "title", "status", "detail", "instance")), text);
        assertEquals(problem.get("status").asInt(), status, text);
        assertTrue(problem.get("detail").asText().length() > 0, text);
        return problem;
    }

    static void assertProblemNaming(Reply response, int status, String field) {
        String detail = assertProblem(response, status).get("detail").asText();
        assertTrue(detail.contains(field), "'" + detail + "' should name " + field);
    }
}
