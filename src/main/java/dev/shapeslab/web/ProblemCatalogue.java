package dev.shapeslab.web;

import dev.shapeslab.domain.InvalidEntityException;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every problem the service answers, each sentence written once: its status, its detail ({@code %s}: what the request
 * fills in) and its header. An adapter only turns a failure into an entry and the entry into its server's bytes.
 */
public enum ProblemCatalogue {

    /** Admission control's queue was full or the wait too long, or the blocking pool's queue was full. */
    AT_CAPACITY(503, "The service is at capacity; retry shortly"),
    /** A store call failed for want of its database ({@link StoreUnavailableException}). */
    DATABASE_UNAVAILABLE(503, "The database is unavailable or too slow just now; retry shortly"),
    /** A blocking store call still waiting (the pool's queue, the stub's timer) at its variant's timeout. */
    NOT_STARTED_IN_TIME(503, "The service could not start this request in time; retry shortly"),
    /** {@code async}: a suspended response whose work had not started at {@code async.timeout} (in milliseconds). */
    NO_ANSWER_IN_TIME(503, "No answer within %s ms"),
    /** A bare 503 of Vert.x Web's own. */
    UNAVAILABLE(503, "The service is unavailable just now; retry shortly"),
    /** A commit whose answer was lost ({@link StoreOutcomeUnknownException}): no {@code Retry-After}. */
    OUTCOME_UNKNOWN(500, "The database stopped answering while this write was being committed: it may or may not "
            + "have been stored. Read it back before trying again"),
    /** Anything nobody expected: a bug or an outage, logged in full, answered without any of it. */
    SERVER_FAILED(500, "The server could not complete the request"),

    REQUEST_UNREADABLE(400, "The request could not be read"),
    BODY_UNREADABLE(400, "The request body could not be read"),
    QUERY_UNREADABLE(400, "The query string could not be read"),
    /** A body that is not the JSON the entity takes: where and what ({@code JsonProblems.describe}). */
    INVALID_JSON(400, "%s"),
    /** A body the domain rules refuse: their message, which names the field ({@link InvalidEntityException}). */
    INVALID_ENTITY(400, "%s"),
    /** A query parameter of the wrong type: its name. */
    INVALID_PARAMETER(400, "%s: invalid value"),
    /** A paging parameter out of its range: its name, the lowest and the highest value. */
    OUT_OF_RANGE(400, "%s: must be an integer from %s to %s"),
    /** No route for the path, or an id that is no number: the path. */
    NO_RESOURCE(404, "No resource at %s"),
    /** An id that names no entity: the domain's message ({@link NoSuchEntityException}). */
    NO_SUCH_ENTITY(404, "%s"),
    /** The methods the path serves, which the {@code Allow} header repeats. */
    METHOD_NOT_ALLOWED(405, "Method not allowed here; allowed: %s"),
    NOT_ACCEPTABLE(406, "This resource only produces application/json"),
    /** {@code shapes.request.max-body-size} in bytes. */
    BODY_TOO_LARGE(413, "Request bodies are limited to %s bytes"),
    NOT_JSON(415, "Request bodies must be application/json"),
    NOT_UTF8(415, "Request bodies must be UTF-8 (charset=UTF-8 or none)"),
    /** With {@code Accept-Encoding: identity}. */
    CONTENT_ENCODED(415, "Request bodies are read as sent: the only Content-Encoding accepted is identity",
            "Accept-Encoding", "identity");

    /** The header every 503 carries, and its value ({@link Problem#RETRY_AFTER_SECONDS}). */
    public static final Map<String, String> RETRY_AFTER = AT_CAPACITY.headers;

    private static final Logger log = LoggerFactory.getLogger(ProblemCatalogue.class);
    private static final IntervalLog storeFailures = new IntervalLog(log, Duration.ofSeconds(10));

    private final int status;
    private final String detail;
    private final Map<String, String> headers;

    ProblemCatalogue(int status, String detail) {
        this(status, detail, status == 503 ? Map.of("Retry-After", Long.toString(Problem.RETRY_AFTER_SECONDS))
                : Map.of());
    }

    ProblemCatalogue(int status, String detail, String header, String value) {
        this(status, detail, Map.of(header, value));
    }

    ProblemCatalogue(int status, String detail, Map<String, String> headers) {
        this.status = status;
        this.detail = detail;
        this.headers = headers;
    }

    public int status() {
        return status;
    }

    /** The detail, with {@code values} in the places {@code %s} marks. */
    public String detail(Object... values) {
        return values.length == 0 ? detail : String.format(Locale.ROOT, detail, values);
    }

    /** The headers the answer carries besides its body's: {@code Retry-After}, {@code Accept-Encoding}, or none. */
    public Map<String, String> headers() {
        return headers;
    }

    /** The body of this problem for the request at {@code instance}, for answers written without an exception. */
    public Problem problem(String instance, Object... values) {
        return Problem.of(status, detail(values), instance);
    }

    /** This problem as the exception the web layer throws, which every server's adapter answers. */
    public ProblemException exception(Object... values) {
        return new ProblemException(status, detail(values), headers);
    }

    /** The details of every problem answered with {@code status}, what a request fills in shown as {@code …}. */
    public static List<String> detailsOf(int status) {
        return Arrays.stream(values()).filter(problem -> problem.status == status)
                .map(problem -> problem.detail.replace("%s", "…")).toList();
    }

    /**
     * The problem that answers {@code failure} whatever the server, or null when the core does not know it. A database
     * that could not answer is logged once per kind and interval, not once per request.
     */
    public static ProblemException answer(Throwable failure) {
        if (failure instanceof ProblemException problem) {
            return problem;
        }
        if (failure instanceof NoSuchEntityException missing) {
            return NO_SUCH_ENTITY.exception(missing.getMessage());
        }
        if (failure instanceof InvalidEntityException invalid) {
            return INVALID_ENTITY.exception(invalid.getMessage());
        }
        if (failure instanceof StoreUnavailableException down) {
            storeFailures.warn(down.kind(), "Answering 503, the database is unavailable: " + down.kind() + " ("
                    + rootCause(down) + ")");
            return DATABASE_UNAVAILABLE.exception();
        }
        if (failure instanceof StoreOutcomeUnknownException unknown) {
            storeFailures.warn("outcome unknown", "Answering 500, a commit's outcome is unknown: the database stopped "
                    + "answering while it was under way (" + rootCause(unknown) + ")");
            return OUTCOME_UNKNOWN.exception();
        }
        return null;
    }

    /** A failure nobody knows, a bug or an outage: logged in full here, answered 500 without any of it. */
    public static ProblemException unexpected(Throwable failure, String path) {
        log.error("Unexpected error answering {}", path, failure);
        return SERVER_FAILED.exception();
    }

    /** An error a server answered itself, for a request the app never saw: a generic detail, never its message. */
    public static Problem refusedByServer(int status, String instance) {
        String detail = switch (status) {
            case 400 -> REQUEST_UNREADABLE.detail;
            case 404 -> "No resource here";
            case 405 -> "Method not allowed here";
            case 413 -> "The request is too large";
            case 414 -> "The request's URI is too long";
            case 431 -> "The request's headers are too large";
            case 505 -> "HTTP version not supported";
            default -> status >= 500 ? SERVER_FAILED.detail : REFUSED;
        };
        return Problem.of(status, detail, instance);
    }

    /**
     * A request Reactor Netty's or Vert.x's HTTP server could not decode (a malformed request line or header, a line or
     * headers over the limits): 400 unreadable, any other status refused. Generic: the request could not even be read.
     */
    public static Problem undecodable(int status) {
        return Problem.of(status, status == 400 ? REQUEST_UNREADABLE.detail : REFUSED, "/");
    }

    private static final String REFUSED = "The request was refused";

    private static String rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
