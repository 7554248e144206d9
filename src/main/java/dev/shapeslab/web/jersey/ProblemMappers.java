package dev.shapeslab.web.jersey;

import dev.shapeslab.domain.InvalidEntityException;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.web.IntervalLog;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.time.Duration;
import java.util.List;
import org.glassfish.jersey.server.ParamException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One exception mapper per error family, each answering {@link Problem} JSON. Jersey picks the mapper
 * whose exception type is nearest, so the catch-all {@link Unexpected} only sees what nothing else maps.
 */
public final class ProblemMappers {

    public static final List<Class<?>> ALL = List.of(
            NotFound.class, Invalid.class, Param.class, Problems.class, Web.class, Unavailable.class,
            OutcomeUnknown.class, Unexpected.class);

    private static final MediaType PROBLEM = MediaType.valueOf(Problem.MEDIA_TYPE);

    private ProblemMappers() {
    }

    static String path(UriInfo uriInfo) {
        return "/" + uriInfo.getPath();
    }

    /** {@code problem} as Jersey's answer: its status, {@code application/problem+json}, and itself as the body. */
    static Response.ResponseBuilder response(Problem problem) {
        return Response.status(problem.status()).type(PROBLEM).entity(problem);
    }

    /** The web layer's own {@link ProblemException}s: their status, detail and header, if any. */
    public static class Problems implements ExceptionMapper<ProblemException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(ProblemException exception) {
            Response.ResponseBuilder response = response(exception.problem(path(uriInfo)));
            exception.headers().forEach(response::header);
            return response.build();
        }
    }

    /** An id that names no entity: 404. */
    public static class NotFound extends WithMessage<NoSuchEntityException> {
        public NotFound() {
            super(404);
        }
    }

    /** A request body the domain rules refuse: 400 naming the field. */
    public static class Invalid extends WithMessage<InvalidEntityException> {
        public Invalid() {
            super(400);
        }
    }

    /** A domain exception whose message is written for the client: its status, and the message as the detail. */
    abstract static class WithMessage<E extends RuntimeException> implements ExceptionMapper<E> {
        private final int status;

        @Context
        private UriInfo uriInfo;

        WithMessage(int status) {
            this.status = status;
        }

        @Override
        public Response toResponse(E exception) {
            return response(Problem.of(status, exception.getMessage(), path(uriInfo))).build();
        }
    }

    /** A path or query parameter of the wrong type: 404 for a path (no such resource), 400 for a query. */
    public static class Param implements ExceptionMapper<ParamException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(ParamException exception) {
            if (exception instanceof ParamException.PathParamException) {
                return response(Problem.of(404, "No resource at " + path(uriInfo), path(uriInfo))).build();
            }
            return response(Problem.of(400, exception.getParameterName() + ": invalid value", path(uriInfo)))
                    .build();
        }
    }

    /** Jersey's own rejections (unknown path, 405, 406, 415). */
    public static class Web implements ExceptionMapper<WebApplicationException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(WebApplicationException exception) {
            Response original = exception.getResponse();
            Response.ResponseBuilder response =
                    response(Problem.of(original.getStatus(), detail(exception), path(uriInfo)));
            for (String header : List.of(HttpHeaders.ALLOW, HttpHeaders.RETRY_AFTER, HttpHeaders.ACCEPT_ENCODING)) {
                if (original.getHeaders().containsKey(header)) {
                    response.header(header, original.getHeaderString(header));
                }
            }
            return response.build();
        }

        private String detail(WebApplicationException exception) {
            if (exception instanceof NotFoundException) {
                return "No resource at " + path(uriInfo);
            }
            if (exception instanceof NotAllowedException notAllowed) {
                return "Method not allowed here; allowed: " + notAllowed.getResponse().getHeaderString(HttpHeaders.ALLOW);
            }
            if (exception instanceof NotAcceptableException) {
                return "This resource only produces application/json";
            }
            if (exception instanceof NotSupportedException) {
                return "Request bodies must be application/json";
            }
            Response.StatusType status = exception.getResponse().getStatusInfo();
            return status.getReasonPhrase();
        }
    }

    /**
     * The database could not answer: 503 with {@code Retry-After}, since the same request may well succeed
     * in a moment. Logged once per kind of failure and interval, with its cause, not once per request.
     */
    public static class Unavailable implements ExceptionMapper<StoreUnavailableException> {
        private static final IntervalLog log =
                new IntervalLog(LoggerFactory.getLogger(Unavailable.class), Duration.ofSeconds(10));

        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(StoreUnavailableException exception) {
            log.warn(exception.kind(), "Answering 503, the database is unavailable: " + exception.kind()
                    + " (" + rootCause(exception) + ")");
            return response(Problem.of(503, "The database is unavailable or too slow just now; retry shortly",
                    path(uriInfo))).header(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS).build();
        }

        static String rootCause(Throwable failure) {
            Throwable root = failure;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return root.getClass().getSimpleName() + ": " + root.getMessage();
        }
    }

    /**
     * The database stopped answering while a write was being committed: 500, since the write may or may not
     * be stored, and without {@code Retry-After}, since a blind retry may store it twice.
     */
    public static class OutcomeUnknown implements ExceptionMapper<StoreOutcomeUnknownException> {
        private static final IntervalLog log =
                new IntervalLog(LoggerFactory.getLogger(OutcomeUnknown.class), Duration.ofSeconds(10));

        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(StoreOutcomeUnknownException exception) {
            log.warn("outcome unknown", "Answering 500, a commit's outcome is unknown: the database stopped "
                    + "answering while it was under way (" + Unavailable.rootCause(exception) + ")");
            return response(Problem.of(500, "The database stopped answering while this write was being committed: "
                    + "it may or may not have been stored. Read it back before trying again", path(uriInfo))).build();
        }
    }

    /** Anything else is a bug or an outage: logged in full here, answered 500 without any of it. */
    public static class Unexpected implements ExceptionMapper<Throwable> {
        private static final Logger log = LoggerFactory.getLogger(Unexpected.class);

        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(Throwable exception) {
            log.error("Unexpected error answering {}", path(uriInfo), exception);
            return response(Problem.of(500, "The server could not complete the request", path(uriInfo))).build();
        }
    }
}
