/**
 * The one HTTP client the adapters share: one undici Pool per adapter instance with short,
 * explicit limits (undici's defaults wait 300 s), and the translation of transport failures
 * into source outcomes. Nothing of undici leaves this file: adapters see plain objects.
 */
import type { Logger } from 'pino';
import { Pool } from 'undici';
import type { RequestGate } from '../adapter.js';
import { deadlineSignal } from '../deadline-signal.js';
import type { FailureOutcome } from '../port.js';

/** Enough for any single record; a larger answer is a broken or hostile upstream. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** Connecting never gets longer than this, even under a generous call limit. */
const MAX_CONNECT_MS = 5_000;
/** How much of an unwanted body is read to keep the connection reusable before it is dropped. */
const DUMP_LIMIT_BYTES = 64 * 1024;

export interface HttpClientSettings {
  baseUrl: string;
  timeoutMs: number;
  connections: number;
  log: Logger;
  gate?: RequestGate | undefined;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Below the base URL's own path, starting with `/`; identifiers already encoded. */
  path: string;
  query?: Readonly<Record<string, string>>;
  headers?: Readonly<Record<string, string>>;
  /** Sent as a JSON body. */
  json?: unknown;
}

/** The upstream answered with a status the adapter must interpret (2xx, or 404). */
export interface HttpReply {
  status: number;
  /** The parsed JSON body; undefined for a 404 whose body is not JSON. */
  body: unknown;
}

export type HttpResult = { outcome: 'ok'; reply: HttpReply } | { outcome: FailureOutcome; message: string; retryable?: boolean };

export interface HttpClient {
  send(request: HttpRequest, signal: AbortSignal): Promise<HttpResult>;
  close(): Promise<void>;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // A dual-stack connect attempt fails with an AggregateError whose parts carry the codes.
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 ? errorCode(errors[0]) : '';
}

export function createHttpClient(settings: HttpClientSettings): HttpClient {
  const base = new URL(settings.baseUrl);
  const prefix = base.pathname.replace(/\/+$/u, '');
  const { timeoutMs, log } = settings;
  const pool = new Pool(base.origin, {
    connections: settings.connections,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, MAX_CONNECT_MS),
    maxResponseSize: MAX_RESPONSE_BYTES,
  });

  function failure(error: unknown, signal: AbortSignal, callerSignal: AbortSignal, what: string): HttpResult {
    const code = errorCode(error);
    if (callerSignal.aborted) return { outcome: 'timeout', message: `${what}: the call's time budget ran out` };
    if (signal.aborted || TIMEOUT_CODES.has(code)) return { outcome: 'timeout', message: `${what}: no answer within ${timeoutMs} ms` };
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return { outcome: 'bad_response', message: `${what}: the answer is larger than ${MAX_RESPONSE_BYTES} bytes` };
    return { outcome: 'unavailable', message: `${what}: ${code || 'the connection failed'}`, retryable: true };
  }

  async function send(request: HttpRequest, callerSignal: AbortSignal): Promise<HttpResult> {
    const admission = settings.gate === undefined ? undefined : await settings.gate.admit(callerSignal);
    if (admission !== undefined && !admission.admitted) return { outcome: admission.outcome, message: admission.message };
    try {
      return await sendAdmitted(request, callerSignal);
    } finally {
      admission?.release();
    }
  }

  async function sendAdmitted(request: HttpRequest, callerSignal: AbortSignal): Promise<HttpResult> {
    const query = request.query === undefined ? '' : `?${new URLSearchParams(request.query).toString()}`;
    const path = `${prefix}${request.path}${query}`;
    // Logged without the query or headers: those carry the caller's GSTIN and credentials.
    const what = `${request.method} ${prefix}${request.path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    }
    // Its own timer, not only the pool's time-outs: undici's run on a coarse clock (a 200 ms
    // time-out fired after ~1 s), and they bound each phase rather than the whole request.
    const deadline = deadlineSignal(timeoutMs, callerSignal);
    const { signal } = deadline;
    const startedAt = performance.now();
    try {
      const response = await pool.request({ method: request.method, path, headers, body, signal });
      const status = response.statusCode;
      log.debug({ request: what, status, durationMs: Math.round(performance.now() - startedAt) }, 'upstream answered');
      if ((status >= 200 && status < 300) || status === 404) {
        const text = await response.body.text();
        try {
          return { outcome: 'ok', reply: { status, body: JSON.parse(text) as unknown } };
        } catch {
          if (status === 404) return { outcome: 'ok', reply: { status, body: undefined } };
          return { outcome: 'bad_response', message: `${what}: HTTP ${status} with a body that is not JSON` };
        }
      }
      // undici keeps a connection only once its body is consumed: drain what is not needed.
      await response.body.dump({ limit: DUMP_LIMIT_BYTES }).catch(() => undefined);
      if (status === 429) return { outcome: 'rate_limited', message: `${what}: HTTP 429, the upstream's rate limit` };
      if (status >= 500) return { outcome: 'unavailable', message: `${what}: HTTP ${status}`, retryable: true };
      if (status === 401 || status === 403) {
        log.error({ request: what, status }, 'the upstream refused our credentials: check this source in the sources file');
        return { outcome: 'unavailable', message: `${what}: HTTP ${status}, credentials refused` };
      }
      return { outcome: 'bad_response', message: `${what}: unexpected HTTP ${status}` };
    } catch (error) {
      const result = failure(error, signal, callerSignal, what);
      log.debug({ request: what, outcome: result.outcome, durationMs: Math.round(performance.now() - startedAt) }, 'upstream call failed');
      return result;
    } finally {
      deadline.dispose();
    }
  }

  return {
    send,
    close: () => pool.close(),
  };
}
