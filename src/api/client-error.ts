import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../errors.js';
import { errorEnvelope, newRequestId } from './envelope.js';

/** Node's default limit on a request's headers (--max-http-header-size). */
const HEADER_LIMIT_KB = 16;

/**
 * Answers a request that Node's HTTP parser refused before Fastify saw it: headers over the
 * limit, a request that is not HTTP, headers that did not arrive in time. Fastify's own
 * answer was a bare JSON object with no X-Request-Id; API.md promises the envelope and the
 * header on every answer. The connection is closed after it, as Node and Fastify do: the
 * parser cannot go on reading it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, appError] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, new AppError('PAYLOAD_TOO_LARGE', `The request's headers are larger than the limit of ${HEADER_LIMIT_KB} KB`, [
          { field: 'headers', message: `must be at most ${HEADER_LIMIT_KB} KB in all` },
        ])]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, new AppError('VALIDATION_FAILED', 'The request did not arrive in time: its headers or body came too slowly')]
        : [400, new AppError('VALIDATION_FAILED', 'The request is not valid HTTP/1.1', [{ field: 'request', message: error.message }])];
  const id = newRequestId();
  const body = JSON.stringify(errorEnvelope({ id, startedAtMs: 0, auth: undefined, headers: {}, routeOptions: {} }, appError));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
