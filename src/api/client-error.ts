import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../errors.js';
import { errorEnvelope, newRequestId } from './envelope.js';

/**
 * Answers a request that Node's HTTP parser refused before Fastify saw it: headers over the
 * limit, a request that is not HTTP, headers or a body that did not arrive in time. Fastify's
 * own answer was a bare JSON object with no X-Request-Id; docs/api.md promises the envelope and the
 * header on every answer. The connection is closed after it, as Node and Fastify do: the
 * parser cannot go on reading it. Nothing of the request is known (not even its key), so the
 * envelope's environment is the default one.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const limitKb = Math.floor(maxHeaderSize / 1024);
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', `The request's headers are larger than the limit of ${limitKb} kB`, [
          { field: 'headers', message: `must be at most ${limitKb} kB in all` },
        ])
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', 'The request did not arrive in time: its headers or body came too slowly')
        : new AppError('VALIDATION_FAILED', 'The request is not valid HTTP/1.1', [{ field: 'request', message: error.message }]);
  const id = newRequestId();
  const body = JSON.stringify(errorEnvelope({ id, startedAtMs: 0, auth: undefined, headers: {}, routeOptions: {} }, appError));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
