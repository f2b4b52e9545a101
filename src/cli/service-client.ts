import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import createClient, { type Client } from 'openapi-fetch';
import { Agent, fetch, FormData, request, Request, Response } from 'undici';
import type { paths } from './api-types.js';
import { ApiError, CliError, NetworkError, UsageError, type FieldProblem } from './exit-codes.js';

/** The service's API, typed from its own OpenAPI document (src/cli/api-types.ts). */
export type Api = Client<paths>;

export type Auth = 'key' | 'admin';

export interface ClientConfig {
  baseUrl: string;
  key: string | undefined;
  adminToken: string | undefined;
  userAgent: string;
}

/** What any call of an Api resolves to. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: globalThis.Response;
}

/** A call made with AS_FILE. */
export type FileAnswer = Answer<unknown>;

/** The options of a call whose answer is a file, streamed: see download(). */
export const AS_FILE = { parseAs: 'stream', headers: { accept: '*/*' } } as const;

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

/** A base URL for messages and calls: no user info, no trailing slash. */
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

const isJson = (response: globalThis.Response) => /\bjson\b/i.test(response.headers.get('content-type') ?? '');

/** A form's fields in the order given (the API reads `operation` before the file); a Blob is a file part. */
function formData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/**
 * The service's HTTP API as the CLI needs it: `key` and `admin`, openapi-fetch clients typed by
 * the service's own document, each sending its credential; `call` (JSON), `download` (streamed
 * to a file) and `multipart` (a file upload streamed from disk) around their calls. Every
 * failure becomes an ApiError (the API said no), a NetworkError (it could not be reached, or
 * what answered is not this API) or a UsageError.
 *
 * The calls go through undici's fetch, the implementation behind Node's, in the version the
 * project pins: Node's built-in fetch takes no dispatcher of another undici major, and this
 * one gives the CLI its connect and answer time limits (an Agent).
 */
export class ServiceClient {
  readonly baseUrl: URL;
  /** Calls with the API key (--key, BV_KEY). */
  readonly key: Api;
  /** Calls with the admin token (--admin-token, BV_ADMIN_TOKEN, or their files). */
  readonly admin: Api;
  private readonly agent = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS });

  constructor(private readonly config: ClientConfig) {
    let url: URL;
    try {
      url = new URL(config.baseUrl);
    } catch {
      throw new UsageError(`The base URL "${config.baseUrl}" is not a URL (example: http://127.0.0.1:8080)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`The base URL must start with http:// or https:// (got ${url.protocol})`);
    this.baseUrl = url;
    this.key = this.apiWith('key');
    this.admin = this.apiWith('admin');
  }

  get displayBaseUrl(): string {
    return displayUrl(this.baseUrl);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** The data of a call's 2xx answer (undefined for 204); any other answer throws. */
  async call<T>(pending: Promise<Answer<T>>): Promise<T> {
    const { data, error, response } = await this.guard(pending);
    if (!response.ok) throw this.refusal(response, error);
    if (data === undefined && response.status !== 204) throw this.notThisApi(response.status);
    return data as T;
  }

  /**
   * Streams a call's answer (made with `parseAs: 'stream'`) to `dest`: a path (written beside
   * it first, then renamed, so a failed download never leaves a partial file under the final
   * name) or a stream. Returns the answer's headers (a ledger export's cursor travels in one).
   */
  async download(pending: Promise<FileAnswer>, dest: string | Writable): Promise<Headers> {
    const { data, error, response } = await this.guard(pending);
    if (!response.ok) throw this.refusal(response, error);
    // openapi-fetch gives no stream for an empty answer (Content-Length: 0): an empty file.
    const body = () => (data instanceof ReadableStream ? Readable.fromWeb(data as WebReadableStream) : Readable.from([]));
    if (typeof dest !== 'string') {
      await this.guard(pipeline(body(), dest, { end: false }));
      return response.headers;
    }
    const partial = `${dest}.part-${process.pid}`;
    try {
      await this.guard(pipeline(body(), createWriteStream(partial)));
      await rename(partial, dest);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return response.headers;
  }

  /**
   * The options of a call whose body is a form with a file (a Blob, from uploadFile): the body
   * becomes FormData, sent by undici's request() rather than fetch: fetch keeps what it has sent
   * of a request body until the answer (a 600 MB upload held 600 MB; test/integration/cli-upload.test.ts),
   * request() keeps only what is in flight. The file is read from disk as it is sent, with a
   * Content-Length worked out from its size, and the answer may take its time.
   */
  multipart(): { bodySerializer: (body: unknown) => FormData; fetch: (input: globalThis.Request) => Promise<globalThis.Response> } {
    let form: FormData | undefined;
    return {
      bodySerializer: (body) => (form = formData(body as Record<string, unknown>)),
      fetch: async (input) => {
        // The form sets its own Content-Type, with its boundary.
        const headers = [...input.headers].filter(([name]) => name !== 'content-type');
        const answer = await request(input.url, {
          method: 'POST',
          headers: Object.fromEntries(headers),
          body: form,
          dispatcher: this.agent,
          headersTimeout: UPLOAD_ANSWER_TIMEOUT_MS,
          bodyTimeout: UPLOAD_ANSWER_TIMEOUT_MS,
        });
        const answerHeaders = Object.entries(answer.headers).flatMap(([name, value]): [string, string][] =>
          value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
        );
        const noBody = answer.statusCode === 204 || answer.statusCode === 304;
        if (noBody) await answer.body.dump();
        return new Response(noBody ? null : (Readable.toWeb(answer.body) as ReadableStream), { status: answer.statusCode, headers: answerHeaders }) as unknown as globalThis.Response;
      },
    };
  }

  private apiWith(auth: Auth): Api {
    const api = createClient<paths>({
      baseUrl: this.displayBaseUrl,
      Request: Request as unknown as typeof globalThis.Request,
      fetch: (input) => fetch(input as unknown as Request, { dispatcher: this.agent }) as unknown as Promise<globalThis.Response>,
      headers: { accept: 'application/json', 'user-agent': this.config.userAgent },
      // As before: a redirect is an answer that is not this API's, not a hop to take with the key.
      redirect: 'manual',
    });
    api.use({
      // Asked for on each call, so that a command without a key fails only when it needs one.
      onRequest: ({ request: outgoing }) => {
        outgoing.headers.set('authorization', this.authorization(auth));
      },
      onResponse: ({ response, options }) => {
        if (options.parseAs === 'json' && response.ok && response.status !== 204 && !isJson(response)) throw this.notThisApi(response.status);
      },
    });
    return api;
  }

  private authorization(auth: Auth): string {
    if (auth === 'admin') {
      if (!this.config.adminToken) throw new UsageError('No admin token: pass --admin-token or --admin-token-file, or set BV_ADMIN_TOKEN or BV_ADMIN_TOKEN_FILE (npm start saves it in $BV_DATA_DIR/admin-token, ./data by default)');
      return `Bearer ${checkedToken(this.config.adminToken, 'admin token')}`;
    }
    if (!this.config.key) throw new UsageError('No API key: pass --key or set BV_KEY');
    return `Bearer ${checkedToken(this.config.key, 'API key')}`;
  }

  private notThisApi(status: number): NetworkError {
    return new NetworkError(`The server at ${this.displayBaseUrl} answered HTTP ${status} without this API's JSON: is the base URL right?`);
  }

  /** A non-2xx answer: the API's error envelope, or a sign that what answered is not this API. */
  private refusal(response: globalThis.Response, body: unknown): CliError {
    if (isEnvelopeError(body)) {
      const { error } = body;
      return new ApiError(response.status, error.code, error.message, body.request_id, error.details, error.retryable ?? false);
    }
    return new NetworkError(`The server at ${this.displayBaseUrl} answered HTTP ${response.status} without this API's error JSON: is the base URL right?`);
  }

  /** Transport failures become a NetworkError that names the service, never the request's headers. */
  private async guard<T>(promise: Promise<T>): Promise<T> {
    try {
      return await promise;
    } catch (error) {
      if (error instanceof CliError) throw error;
      const code = errorCode(error);
      // A header value fetch refuses (undici's request() says UND_ERR_INVALID_ARG): nothing was sent.
      if (code === 'UND_ERR_INVALID_ARG' || (code === undefined && error instanceof TypeError && error.message !== 'fetch failed')) {
        throw new UsageError('The request could not be built (check the API key, admin token and base URL)');
      }
      const local = typeof error === 'object' && error !== null && 'path' in error;
      if (local && code !== undefined) throw new UsageError(`Cannot use ${String((error as { path: unknown }).path)}: ${code}`);
      // A 2xx answer labelled JSON that is not.
      if (error instanceof SyntaxError) throw new NetworkError(`The server at ${this.displayBaseUrl} answered without this API's JSON: is the base URL right?`);
      // Whatever else the transport throws (refused, reset, DNS, TLS, time-outs) means the
      // service was not reached; undici's own messages name no header value.
      const reason = (code !== undefined ? NETWORK_REASONS[code] ?? code : undefined) ?? (error instanceof Error ? error.message : String(error));
      throw new NetworkError(`Cannot reach the service at ${this.displayBaseUrl}: ${reason}`);
    }
  }
}
