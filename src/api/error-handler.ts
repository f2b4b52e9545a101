import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, RetryLaterError } from '../errors.js';
import { isRedisOutOfMemory, isRedisUnreachable } from '../store/redis/redis-errors.js';
import { sendError } from './envelope.js';

/** Seconds a caller is asked to wait when Redis cannot be reached: it reconnects every half second. */
const REDIS_RETRY_AFTER_S = 2;

/**
 * The multipart parser's (busboy's) errors for a body that is not a well-formed form: cut off
 * before its closing boundary, or with no usable boundary (none, empty, or longer than its
 * search allows; RFC 2046 allows 70 characters). They carry no code or status, only these fixed
 * messages, and they are the client's fault, not ours.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required|The needle cannot have a length bigger than 256\.|The needle cannot be an empty String\/Buffer\.)$/;

/**
 * Fastify's own body errors, mapped onto the catalogue: a body that is not JSON is a 400.
 * `takesUploads`: the route also reads multipart/form-data (bulk jobs, portfolio rows).
 */
function fromFastifyError(error: FastifyError, takesUploads: boolean): AppError | undefined {
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
    return new AppError('VALIDATION_FAILED', `The multipart/form-data body is malformed: ${error.message}`, [{ field: 'body', message: 'must be a complete multipart/form-data body' }]);
  }
  switch (error.code) {
    // The upload parser's part counts (@fastify/multipart's own text is "reach files limit").
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_FAILED', 'Send one CSV file per upload, in the part named "file"', [{ field: 'file', message: 'must be a single file part' }]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The form has more parts than this upload takes: send its documented fields and one file part', [
        { field: 'body', message: 'too many form parts' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than this service accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      // A CSV sent as the raw body (text/csv) is the usual case on an upload route: say how to send it.
      return takesUploads
        ? new AppError('VALIDATION_FAILED', 'The request body must be JSON (Content-Type: application/json), or a multipart/form-data upload with the CSV in a part named "file" (curl -F file=@vendors.csv)', [
            { field: 'body', message: 'content type must be application/json or multipart/form-data' },
          ])
        : new AppError('VALIDATION_FAILED', 'The request body must be JSON (Content-Type: application/json)', [
            { field: 'body', message: 'content type must be application/json' },
          ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION_FAILED', 'The request body is empty; send a JSON object', [
        { field: 'body', message: 'must be a JSON object' },
      ]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('VALIDATION_FAILED', 'The request body is not valid JSON', [
        { field: 'body', message: 'must be valid JSON' },
      ]);
    default:
      break;
  }
  if (error instanceof SyntaxError || (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)) {
    return new AppError('VALIDATION_FAILED', `The request is malformed: ${error.message}`, [
      { field: 'body', message: error.message },
    ]);
  }
  return undefined;
}

/** Any error thrown while answering, as the catalogue's: an unexpected one is logged and never leaks. */
export function appErrorOf(error: FastifyError, request: FastifyRequest): AppError {
  const appError = error instanceof AppError ? error : fromFastifyError(error, request.server.hasContentTypeParser('multipart/form-data'));
  if (appError) return appError;
  if (isRedisUnreachable(error)) {
    // Not a bug: Redis is down or restarting. The process reconnects on its own.
    request.log.warn({ err: error }, 'Redis cannot be reached');
    return new AppError('SERVICE_UNAVAILABLE', 'The service cannot reach its data store just now; retry shortly');
  }
  if (isRedisOutOfMemory(error)) {
    request.log.warn({ reason: error.message.split('.')[0] }, 'Redis refuses writes: it is at its maxmemory');
    return new AppError('SERVICE_UNAVAILABLE', 'The service cannot store changes just now (its data store is full); retry later');
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side; retry later');
}

/** The one root error handler: every failure leaves in the envelope; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = appErrorOf(error, request);
    if (appError.code === 'SERVICE_UNAVAILABLE' && !reply.hasHeader('Retry-After')) reply.header('Retry-After', REDIS_RETRY_AFTER_S);
    if (appError instanceof RetryLaterError && !reply.hasHeader('Retry-After')) reply.header('Retry-After', appError.retryAfterS);
    return sendError(request, reply, appError);
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeNotFound(request)));
}

export function routeNotFound(request: FastifyRequest): AppError {
  return new AppError('NOT_FOUND', `There is no route ${request.method} ${request.url.split('?')[0]}`);
}
