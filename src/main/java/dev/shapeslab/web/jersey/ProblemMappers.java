package dev.shapeslab.web.jersey;

import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
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
import java.util.List;
import org.glassfish.jersey.server.ParamException;

/**
 * Jersey's answers as {@link Problem} JSON: what the core knows ({@link ProblemCatalogue#answer}), the rest as a 500
 * ({@link Failures}), and Jersey's own refusals as their catalogue entries ({@link Web}, {@link Param}).
 */
public final class ProblemMappers {

    public static final List<Class<?>> ALL = List.of(Param.class, Web.class, Failures.class);

    private static final MediaType PROBLEM = MediaType.valueOf(Problem.MEDIA_TYPE);

    private ProblemMappers() {
    }

    /** A mapper of {@code E}, which knows the request's path. */
    abstract static class Mapper<E extends Throwable> implements ExceptionMapper<E> {
        @Context
        private UriInfo uriInfo;

        String path() {
            return "/" + uriInfo.getPath();
        }
    }

    /** {@code problem} as Jersey's answer: its status, {@code application/problem+json}, its body and its headers. */
    static Response response(ProblemException problem, String path) {
        Response.ResponseBuilder response = Response.status(problem.status()).type(PROBLEM).entity(problem.problem(path));
        problem.headers().forEach(response::header);
        return response.build();
    }

    /** The core's answer to a failure it knows; anything else is a bug or an outage, logged in full and answered 500. */
    public static class Failures extends Mapper<Throwable> {
        @Override
        public Response toResponse(Throwable exception) {
            ProblemException known = ProblemCatalogue.answer(exception);
            return response(known != null ? known : ProblemCatalogue.unexpected(exception, path()),
                    path());
        }
    }

    /** A path or query parameter of the wrong type: 404 for a path (no such resource), 400 for a query. */
    public static class Param extends Mapper<ParamException> {
        @Override
        public Response toResponse(ParamException exception) {
            return response(exception instanceof ParamException.PathParamException
                    ? ProblemCatalogue.NO_RESOURCE.exception(path())
                    : ProblemCatalogue.INVALID_PARAMETER.exception(exception.getParameterName()), path());
        }
    }

    /** Jersey's own rejections (unknown path, 405, 406, 415), with the headers Jersey gave them. */
    public static class Web extends Mapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException exception) {
            Response original = exception.getResponse();
            ProblemException problem = problem(exception);
            for (String header : List.of(HttpHeaders.ALLOW, HttpHeaders.RETRY_AFTER, HttpHeaders.ACCEPT_ENCODING)) {
                if (original.getHeaders().containsKey(header)) {
                    problem = problem.with(header, original.getHeaderString(header));
                }
            }
            return response(problem, path());
        }

        private ProblemException problem(WebApplicationException exception) {
            if (exception instanceof NotFoundException) {
                return ProblemCatalogue.NO_RESOURCE.exception(path());
            }
            if (exception instanceof NotAllowedException notAllowed) {
                return ProblemCatalogue.METHOD_NOT_ALLOWED.exception(
                        notAllowed.getResponse().getHeaderString(HttpHeaders.ALLOW));
            }
            if (exception instanceof NotAcceptableException) {
                return ProblemCatalogue.NOT_ACCEPTABLE.exception();
            }
            if (exception instanceof NotSupportedException) {
                return ProblemCatalogue.NOT_JSON.exception();
            }
            Response.StatusType status = exception.getResponse().getStatusInfo();
            return new ProblemException(status.getStatusCode(), status.getReasonPhrase());
        }
    }
}
