/**
 * The response headers API.md promises, written into each documented answer, so a client
 * generated from the document knows of them: X-Request-Id on every answer; the RateLimit
 * headers on every customer answer the limiter saw (a 401 too, counted per client address);
 * Retry-After on 429, on an Idempotency-Key's 409 and on a shutdown's 503; Idempotent-Replayed
 * on a replay.
 *
 * Applied to the finished document (a route's security and method say which apply), because
 * an OpenAPI header object's `required` has no place in the JSON Schema a route's response
 * schema would carry it in.
 */

import { isKept } from '../idempotency.js';

interface HeaderObject {
  description: string;
  required?: boolean;
  schema: { type: 'string' | 'integer'; enum?: string[]; minimum?: number };
}

interface OperationObject {
  security?: Record<string, unknown>[];
  responses?: Record<string, { headers?: Record<string, HeaderObject> }>;
}

const always = (description: string, schema: HeaderObject['schema']): HeaderObject => ({ description, required: true, schema });

const REQUEST_ID = { 'X-Request-Id': always("The answer's request_id (the envelope's, when it has one): quote it when reporting a problem", { type: 'string' }) };

const RATE_LIMIT = {
  'RateLimit-Limit': always("Requests this API key may make per minute (the account's rate limit)", { type: 'integer', minimum: 0 }),
  'RateLimit-Remaining': always('Requests this key may still make now (the sliding minute: the last 60 seconds)', { type: 'integer', minimum: 0 }),
  'RateLimit-Reset': always(
    'With RateLimit-Remaining 0: seconds until the key may call again. Otherwise: seconds until its whole quota is back (a call weighs on the sliding window for up to two minutes)',
    { type: 'integer', minimum: 0 },
  ),
};

const RETRY_AFTER_429 = { 'Retry-After': always('Seconds to wait before the key may call again', { type: 'integer', minimum: 0 }) };

const RETRY_AFTER_409: Record<string, HeaderObject> = {
  'Retry-After': {
    description: "With IDEMPOTENCY_IN_PROGRESS: 1 while the first request runs (it may end at any moment); when that request's process has died, the seconds until its claim on the key lapses",
    schema: { type: 'integer', minimum: 1 },
  },
};

const RETRY_AFTER_NOT_READY: Record<string, HeaderObject> = {
  'Retry-After': always('With RESULTS_NOT_READY: seconds to wait before asking for the file again (the events stream says at once when it is written)', {
    type: 'integer',
    minimum: 1,
  }),
};

const RETRY_AFTER_503: Record<string, HeaderObject> = {
  'Retry-After': {
    description: 'With SERVICE_UNAVAILABLE: seconds to wait before retrying (another instance may answer at once)',
    schema: { type: 'integer', minimum: 1 },
  },
};

const REPLAYED: Record<string, HeaderObject> = {
  'Idempotent-Replayed': {
    description: 'Sent, as "true", only when this answer is the stored answer to an earlier request with the same Idempotency-Key and body: nothing ran and nothing was billed',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * A 400 may be answered before the limiter runs (a path that is not valid percent-encoding),
 * and a 5xx may come from the limiter's own store failing: on those the headers are likely,
 * not certain.
 */
const RATE_LIMIT_MAYBE = Object.fromEntries(
  Object.entries(RATE_LIMIT).map(([name, { description, schema }]) => [name, { description: `${description}. Sent when the rate limiter saw the request`, schema }]),
);

/** A 401 has no key to count against: calls without a valid key count per client address. */
const RATE_LIMIT_UNAUTHENTICATED = Object.fromEntries(
  Object.entries(RATE_LIMIT).map(([name, header]) => [
    name,
    { ...header, description: `${header.description}. On a 401: of the calls without a valid key from this client address, at the default limit (600)` },
  ]),
);

function rateLimitHeaders(status: string): Record<string, HeaderObject> {
  // 408 and 431: answered by the HTTP parser, before any hook.
  if (status === '408' || status === '431') return {};
  if (status === '401') return RATE_LIMIT_UNAUTHENTICATED;
  return status === '400' || status.startsWith('5') ? RATE_LIMIT_MAYBE : RATE_LIMIT;
}

function headersFor(method: string, customer: boolean, status: string): Record<string, HeaderObject> {
  if (!customer) return { ...REQUEST_ID, ...(status === '503' ? RETRY_AFTER_503 : {}) };
  const post = method === 'post';
  return {
    ...REQUEST_ID,
    ...(status === '503' ? RETRY_AFTER_503 : {}),
    ...rateLimitHeaders(status),
    ...(status === '429' ? RETRY_AFTER_429 : {}),
    ...(status === '409' ? (post ? RETRY_AFTER_409 : RETRY_AFTER_NOT_READY) : {}),
    // Only a kept answer is ever replayed (API.md "Idempotency").
    ...(post && isKept(Number(status)) ? REPLAYED : {}),
  };
}

/** Adds each documented answer's headers to an OpenAPI document's paths, in place. */
export function addResponseHeaders(paths: Record<string, Record<string, OperationObject>> | undefined): void {
  for (const operations of Object.values(paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const customer = operation.security?.some((scheme) => 'apiKey' in scheme) === true;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        response.headers = { ...response.headers, ...headersFor(method, customer, status) };
      }
    }
  }
}
