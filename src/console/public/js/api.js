// The customer API from the browser: every call same-origin with "Authorization: Bearer <key>",
// answers read from the envelope ({success, data, error, meta}).
import { filenameFromDisposition } from './format.js';
import { readEventStream } from './sse.js';

/** An answer that was not a success, with what the envelope said about it. */
export class ApiError extends Error {
  constructor({ status = 0, code = 'UNKNOWN', message = 'Something went wrong', details = [], requestId = null, retryable = false } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = Array.isArray(details) ? details : [];
    this.requestId = requestId;
    this.retryable = retryable;
  }
}

/** The error an answer carries: the envelope's, else one made from the HTTP status. */
export function errorFromAnswer(status, body, requestId) {
  const error = body && typeof body === 'object' ? body.error : undefined;
  if (error && typeof error === 'object') {
    return new ApiError({
      status,
      code: String(error.code ?? 'UNKNOWN'),
      message: String(error.message ?? `The service answered ${status}`),
      details: Array.isArray(error.details) ? error.details : [],
      requestId: body.request_id ?? requestId ?? null,
      retryable: Boolean(error.retryable),
    });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: `The service answered ${status} without an explanation`, requestId });
}

/**
 * A client bound to a key source. `getKey()` is read on every call, so signing out takes
 * effect at once; `onUnauthorized(error)` runs when a call with the stored key is refused.
 */
export function createApi({ getKey, onUnauthorized = () => {}, fetchImpl = (...args) => fetch(...args) } = {}) {
  function headersFor(key, extra = {}) {
    const headers = { accept: 'application/json', ...extra };
    if (key) headers.authorization = `Bearer ${key}`;
    return headers;
  }

  async function send(method, path, { json, form, signal, key, accept } = {}) {
    const useKey = key ?? getKey();
    const headers = headersFor(useKey, accept ? { accept } : {});
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      body = form; // the browser sets the multipart boundary
    }
    let response;
    try {
      response = await fetchImpl(path, { method, headers, body, signal, credentials: 'omit', cache: 'no-store' });
    } catch (cause) {
      if (cause?.name === 'AbortError') throw cause;
      throw new ApiError({ code: 'NETWORK', message: 'Cannot reach the service. Check your connection and try again.', retryable: true });
    }
    if (response.status === 401 && key === undefined) onUnauthorized();
    return response;
  }

  async function readEnvelope(response) {
    const requestId = response.headers.get('x-request-id');
    const type = response.headers.get('content-type') ?? '';
    let body = null;
    if (type.includes('json')) {
      try {
        body = await response.json();
      } catch {
        body = null;
      }
    }
    if (!response.ok || !body || body.success === false) throw errorFromAnswer(response.status, body, requestId);
    return { data: body.data, meta: body.meta ?? {}, requestId: body.request_id ?? requestId, status: response.status, api: body.api };
  }

  return {
    /** Any call; resolves to {data, meta, requestId, status} or rejects with an ApiError. */
    async request(method, path, options = {}) {
      return readEnvelope(await send(method, path, options));
    },
    get(path, options) {
      return this.request('GET', path, options);
    },
    post(path, json, options = {}) {
      return this.request('POST', path, { ...options, json: json ?? {} });
    },
    upload(path, form, options = {}) {
      return this.request('POST', path, { ...options, form });
    },
    del(path, options) {
      return this.request('DELETE', path, options);
    },
    /** A file the API serves behind the key, as a Blob and the name the server suggests. */
    async download(path, fallbackName, options = {}) {
      const response = await send('GET', path, { ...options, accept: '*/*' });
      if (!response.ok) await readEnvelope(response);
      const blob = await response.blob();
      return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition'), fallbackName) };
    },
    /** Follows an event stream until the server ends it; rejects on an error answer or a broken stream. */
    async stream(path, onEvent, options = {}) {
      const response = await send('GET', path, { ...options, accept: 'text/event-stream' });
      if (!response.ok) await readEnvelope(response);
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        throw new ApiError({ status: response.status, code: 'NOT_A_STREAM', message: 'The service did not answer with an event stream' });
      }
      await readEventStream(response, onEvent);
    },
  };
}
