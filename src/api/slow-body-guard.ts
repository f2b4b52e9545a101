import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface SlowBodyGuardOptions {
  /** The time every body gets, however small. */
  requestTimeoutMs: number;
  /** Each this many bytes received extends the body's time by one second. */
  bodyMinBytesPerSecond: number;
  /** How often bodies are checked: a slow body is cut at most this late. */
  checkIntervalMs?: number;
  /** Answers 408 on the socket of a request not answered yet, and closes it. */
  answerTimeout: (socket: Duplex) => void;
  /** Told of each request cut (answered 408, or closed when an answer had already gone). */
  onCut?: (request: IncomingMessage, receivedBytes: number) => void;
}

interface Pending {
  response: ServerResponse;
  startedAtMs: number;
  bytesReadAtStart: number;
}

/**
 * Cuts request bodies that arrive too slowly. Node's own requestTimeout is one bound for the
 * whole request, which cannot suit both a 1 KB JSON call and a 200 MB upload: a bound long
 * enough for the upload lets a trickle of a byte every few seconds hold a connection (and a
 * file) for as long. Here a body gets requestTimeoutMs, plus a second per
 * bodyMinBytesPerSecond bytes received, like Apache's mod_reqtimeout MinRate: a client
 * keeping that pace is never cut, whatever the size; a trickle gets 408 after about
 * requestTimeoutMs. (Headers have Node's headersTimeout.)
 */
export function guardSlowBodies(server: Server, options: SlowBodyGuardOptions): { close(): void } {
  const pending = new Map<IncomingMessage, Pending>();
  const checkIntervalMs = options.checkIntervalMs ?? 1_000;
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    const now = Date.now();
    for (const [request, entry] of pending) {
      if (request.complete || request.socket.destroyed) {
        pending.delete(request);
        continue;
      }
      const receivedBytes = request.socket.bytesRead - entry.bytesReadAtStart;
      const allowedMs = options.requestTimeoutMs + (receivedBytes * 1_000) / options.bodyMinBytesPerSecond;
      if (now - entry.startedAtMs <= allowedMs) continue;
      pending.delete(request);
      options.onCut?.(request, receivedBytes);
      // An answer already sent (a 401 before the body was read) cannot be followed by a 408:
      // the connection, still draining the body, is just closed.
      if (entry.response.headersSent) request.socket.destroy();
      else options.answerTimeout(request.socket);
    }
    if (pending.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    // A request without a body (no length, not chunked) has nothing left to wait for; a
    // request whose body is in (or whose socket closed) leaves at the next check.
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return;
    pending.set(request, { response, startedAtMs: Date.now(), bytesReadAtStart: request.socket.bytesRead });
    if (timer === undefined) {
      timer = setInterval(check, checkIntervalMs);
      // Never what keeps a process alive.
      timer.unref();
    }
  };
  server.on('request', onRequest);
  return {
    close() {
      server.off('request', onRequest);
      clearInterval(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
