import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { ApiError, NetworkError, UsageError, type FieldProblem } from './exit-codes.js';
import { multipartBody, type MultipartFile } from './multipart.js';

export type Auth = 'key' | 'admin';

export interface ClientConfig {
  baseUrl: string;
  key: string | undefined;
  adminToken: string | undefined;
  userAgent: string;
}

interface SendOptions {
  auth: Auth;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';

/** Undici's defaults wait 300 s; an interactive tool should say sooner that nothing answers. */
const CONNECT_TIMEOUT_MS = 10_000;
const ANSWER_TIMEOUT_MS = 120_000;
/** The service reads a whole upload (up to 200 MB, a million rows) before it answers 202. */
const UPLOAD_ANSWER_TIMEOUT_MS = 30 * 60_000;

/** Transport errors by code, in words; anything else is reported by its code alone. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: `no connection within ${CONNECT_TIMEOUT_MS / 1000} s`,
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stalled',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
};

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; errors?: unknown[]; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  // Happy eyeballs reports one error per address tried.
  if (Array.isArray(e.errors) && e.errors.length > 0) return errorCode(e.errors[0]);
  return errorCode(e.cause);
}

/** A base URL for messages: no user info, no trailing slash. */
function displayUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
}

/** A bearer token that can go into a header as it is; the value itself is never echoed. */
function checkedToken(value: string, what: string): string {
  const token = value.trim();
  if (!/^[\x21-\x7e]+$/.test(token)) throw new UsageError(`The ${what} contains characters that cannot be sent in a header`);
  return token;
}

function isEnvelopeError(body: unknown): body is { request_id?: string; error: { code: string; message: string; retryable?: boolean; details?: FieldProblem[] } } {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * The service's HTTP API as the CLI needs it: JSON calls, a streamed multipart upload and a
 * streamed download. Every failure becomes an ApiError (the API said no), a NetworkError (it
 * could not be reached, or what answered is not this API) or a UsageError.
 */
export class ApiClient {
  readonly baseUrl: URL;
  private readonly agent = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS } });

  constructor(private readonly config: ClientConfig) {
    let url: URL;
    try {
      url = new URL(config.baseUrl);
    } catch {
      throw new UsageError(`The base URL "${config.baseUrl}" is not a URL (example: http://127.0.0.1:8080)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`The base URL must start with http:// or https:// (got ${url.protocol})`);
    this.baseUrl = url;
  }

  get displayBaseUrl(): string {
    return displayUrl(this.baseUrl);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** A JSON call; undefined for 204. Throws on any non-2xx answer. */
  async json<T>(method: Method, path: string, options: SendOptions): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const answer = await this.send(method, this.url(path, options.query), options.auth, headers, body, ANSWER_TIMEOUT_MS);
    return this.readJson<T>(answer);
  }

  /**
   * A multipart upload: the fields, then the file streamed from disk (never read whole),
   * with a Content-Length worked out from the file's size.
   */
  async upload<T>(path: string, auth: Auth, fields: [string, string][], file: MultipartFile, headers: Record<string, string> = {}, query: SendOptions['query'] = {}): Promise<T> {
    const multipart = await multipartBody(fields, file);
    const answer = await this.send(
      'POST',
      this.url(path, query),
      auth,
      { accept: 'application/json', 'content-type': multipart.contentType, 'content-length': String(multipart.length), ...headers },
      multipart.body,
      UPLOAD_ANSWER_TIMEOUT_MS,
    );
    return this.readJson<T>(answer);
  }

  /**
   * Streams a file from the API to `dest`: a path (written beside it first, then renamed, so
   * a failed download never leaves a partial file under the final name) or a stream.
   * Returns the answer's headers (a ledger export's cursor travels in one).
   */
  async download(path: string, auth: Auth, dest: string | Writable, query: SendOptions['query'] = {}): Promise<Record<string, string | string[] | undefined>> {
    const answer = await this.send('GET', this.url(path, query), auth, { accept: '*/*' }, undefined, ANSWER_TIMEOUT_MS);
    if (answer.statusCode < 200 || answer.statusCode >= 300) {
      await this.readJson(answer);
      return answer.headers;
    }
    if (typeof dest !== 'string') {
      await this.guard(pipeline(answer.body, dest, { end: false }));
      return answer.headers;
    }
    const partial = `${dest}.part-${process.pid}`;
    try {
      await this.guard(pipeline(answer.body, createWriteStream(partial)));
      await rename(partial, dest);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return answer.headers;
  }

  private url(path: string, query: SendOptions['query'] = {}): URL {
    const url = new URL(this.baseUrl);
    url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
    url.username = '';
    url.password = '';
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  }

  private authorization(auth: Auth): string {
    if (auth === 'admin') {
      if (!this.config.adminToken) throw new UsageError('No admin token: pass --admin-token or --admin-token-file, or set BV_ADMIN_TOKEN or BV_ADMIN_TOKEN_FILE (npm start saves it in data/admin-token)');
      return `Bearer ${checkedToken(this.config.adminToken, 'admin token')}`;
    }
    if (!this.config.key) throw new UsageError('No API key: pass --key or set BV_KEY');
    return `Bearer ${checkedToken(this.config.key, 'API key')}`;
  }

  private async send(
    method: Method,
    url: URL,
    auth: Auth,
    headers: Record<string, string>,
    body: string | Readable | undefined,
    answerTimeoutMs: number,
  ) {
    const allHeaders = { ...headers, authorization: this.authorization(auth), 'user-agent': this.config.userAgent };
    return this.guard(
      request(url, { method, headers: allHeaders, body, dispatcher: this.agent, headersTimeout: answerTimeoutMs, bodyTimeout: answerTimeoutMs }),
    );
  }

  /** Transport failures become a NetworkError that names the service, never the request's headers. */
  private async guard<T>(promise: Promise<T>): Promise<T> {
    try {
      return await promise;
    } catch (error) {
      if (error instanceof ApiError || error instanceof UsageError || error instanceof NetworkError) throw error;
      const code = errorCode(error);
      if (code === 'UND_ERR_INVALID_ARG') throw new UsageError('The request could not be built (check the API key, admin token and base URL)');
      const local = typeof error === 'object' && error !== null && 'path' in error;
      if (local && code !== undefined) throw new UsageError(`Cannot use ${String((error as { path: unknown }).path)}: ${code}`);
      // Whatever else the transport throws (refused, reset, DNS, TLS, time-outs) means the
      // service was not reached; undici's own messages name no header value.
      const reason = (code !== undefined ? NETWORK_REASONS[code] ?? code : undefined) ?? (error instanceof Error ? error.message : String(error));
      throw new NetworkError(`Cannot reach the service at ${this.displayBaseUrl}: ${reason}`);
    }
  }

  private async readJson<T>(answer: { statusCode: number; body: { text(): Promise<string> } }): Promise<T> {
    const text = await this.guard(answer.body.text());
    if (answer.statusCode === 204) return undefined as T;
    let parsed: unknown;
    let isJson = true;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      isJson = false;
    }
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      if (isJson && parsed !== undefined) return parsed as T;
      throw new NetworkError(`The server at ${this.displayBaseUrl} answered HTTP ${answer.statusCode} without this API's JSON: is the base URL right?`);
    }
    if (isEnvelopeError(parsed)) {
      const { error } = parsed;
      throw new ApiError(answer.statusCode, error.code, error.message, parsed.request_id, error.details, error.retryable ?? false);
    }
    throw new NetworkError(`The server at ${this.displayBaseUrl} answered HTTP ${answer.statusCode} without this API's error JSON: is the base URL right?`);
  }
}
