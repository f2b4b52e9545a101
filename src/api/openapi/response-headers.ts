/**
 * The response headers docs/api.md lists, written into each documented answer, so a client
 * generated from the document knows of them: X-Request-Id on every answer; the RateLimit
 * headers on every customer answer the limiter saw (a 401 too, counted per client address);
 * Retry-After on 429, on an Idempotency-Key's 409 and on a shutdown's 503; Idempotent-Replayed
 * on a replay.
 *
 * Applied to the finished document (a route's security and method say which apply), because
 * an OpenAPI header object's `required` has no place in the JSON Schema a route's response
 * schema would carry it in. Each header is written once, under components/headers, and every
 * answer refers to it: written out in each of some 550 answers they were 60% of the document.
 */

import { isKept } from '../idempotency.js';

export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: { type: 'string' | 'integer'; enum?: string[]; minimum?: number };
}

export interface OperationObject {
  operationId?: string;
  security?: Record<string, unknown>[];
  responses?: Record<string, { headers?: Record<string, unknown> } | { $ref: string }>;
}

const always = (description: string, schema: HeaderObject['schema']): HeaderObject => ({ description, required: true, schema });

/** A header under its component name: the same header name has variants (Retry-After's meaning differs by status). */
interface NamedHeader {
  component: string;
  header: HeaderObject;
}
type Headers = Record<string, NamedHeader>;
const named = (component: string, header: HeaderObject): NamedHeader => ({ component, header });

const REQUEST_ID: Headers = { 'X-Request-Id': named('XRequestId', always("The answer's request_id (the envelope's, when it has one): quote it when reporting a problem", { type: 'string' })) };

const RATE_LIMIT: Headers = {
  'RateLimit-Limit': named('RateLimitLimit', always("Requests this API key may make per minute (the account's rate limit)", { type: 'integer', minimum: 0 })),
  'RateLimit-Remaining': named('RateLimitRemaining', always('Requests this key may still make now (the sliding minute: the last 60 seconds)', { type: 'integer', minimum: 0 })),
  'RateLimit-Reset': named(
    'RateLimitReset',
    always(
      'With RateLimit-Remaining 0: seconds until the key may call again. Otherwise: seconds until its whole quota is back (a call weighs on the sliding window for up to two minutes)',
      { type: 'integer', minimum: 0 },
    ),
  ),
};

const RETRY_AFTER_429: Headers = { 'Retry-After': named('RetryAfter_RateLimited', always('Seconds to wait before the key may call again', { type: 'integer', minimum: 0 })) };

const RETRY_AFTER_409: Headers = {
  'Retry-After': named('RetryAfter_IdempotencyInProgress', {
    description: "With IDEMPOTENCY_IN_PROGRESS: 1 while the first request runs (it may end at any moment); when that request's process has died, the seconds until its claim on the key lapses",
    schema: { type: 'integer', minimum: 1 },
  }),
};

const RETRY_AFTER_NOT_READY: Headers = {
  'Retry-After': named(
    'RetryAfter_ResultsNotReady',
    always('With RESULTS_NOT_READY: seconds to wait before asking for the file again (the events stream says at once when it is written)', {
      type: 'integer',
      minimum: 1,
    }),
  ),
};

const RETRY_AFTER_503: Headers = {
  'Retry-After': named('RetryAfter_ServiceUnavailable', {
    description: 'With SERVICE_UNAVAILABLE: seconds to wait before retrying (another instance may answer at once)',
    schema: { type: 'integer', minimum: 1 },
  }),
};

const REPLAYED: Headers = {
  'Idempotent-Replayed': named('IdempotentReplayed', {
    description: 'Sent, as "true", only when this answer is the stored answer to an earlier request with the same Idempotency-Key and body: nothing ran and nothing was billed',
    schema: { type: 'string', enum: ['true'] },
  }),
};

/**
 * A 400 may be answered before the limiter runs (a path that is not valid percent-encoding),
 * and a 5xx may come from the limiter's own store failing: on those the headers are likely,
 * not certain.
 */
const RATE_LIMIT_MAYBE: Headers = Object.fromEntries(
  Object.entries(RATE_LIMIT).map(([name, { component, header: { description, schema } }]) => [
    name,
    named(`${component}_IfLimiterRan`, { description: `${description}. Sent when the rate limiter saw the request`, schema }),
  ]),
);

/** A 401 has no key to count against: calls without a valid key count per client address. */
const RATE_LIMIT_UNAUTHENTICATED: Headers = Object.fromEntries(
  Object.entries(RATE_LIMIT).map(([name, { component, header }]) => [
    name,
    named(`${component}_PerAddress`, { ...header, description: `${header.description}. On a 401: of the calls without a valid key from this client address, at the default limit (600)` }),
  ]),
);

function rateLimitHeaders(status: string): Headers {
  // 408 and 431: answered by the HTTP parser, before any hook.
  if (status === '408' || status === '431') return {};
  if (status === '401') return RATE_LIMIT_UNAUTHENTICATED;
  return status === '400' || status.startsWith('5') ? RATE_LIMIT_MAYBE : RATE_LIMIT;
}

function headersFor(post: boolean, customer: boolean, status: string): Headers {
  if (!customer) return { ...REQUEST_ID, ...(status === '503' ? RETRY_AFTER_503 : {}) };
  return {
    ...REQUEST_ID,
    ...(status === '503' ? RETRY_AFTER_503 : {}),
    ...rateLimitHeaders(status),
    ...(status === '429' ? RETRY_AFTER_429 : {}),
    ...(status === '409' ? (post ? RETRY_AFTER_409 : RETRY_AFTER_NOT_READY) : {}),
    // Only a kept answer is ever replayed (docs/money.md "Idempotency-Key").
    ...(post && isKept(Number(status)) ? REPLAYED : {}),
  };
}

export type HeaderRefs = Record<string, { $ref: string }>;

/**
 * The headers an answer with this status carries, as `$ref`s into `components` (which gains
 * each header referred to). `post`: a customer POST, whose kept answers may be replays.
 */
export function responseHeaderRefs(post: boolean, customer: boolean, status: string, components: Record<string, HeaderObject>): HeaderRefs {
  return Object.fromEntries(
    Object.entries(headersFor(post, customer, status)).map(([name, { component, header }]) => {
      components[component] = header;
      return [name, { $ref: `#/components/headers/${component}` }];
    }),
  );
}

/** Whether an operation is a customer's (API key), by its security. */
export const isCustomer = (operation: OperationObject): boolean => operation.security?.some((scheme) => 'apiKey' in scheme) === true;

/** Adds each documented answer's headers to an OpenAPI document's paths, in place. */
export function addResponseHeaders(paths: Record<string, Record<string, OperationObject>> | undefined, components: Record<string, HeaderObject>): void {
  for (const operations of Object.values(paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if ('$ref' in response) continue;
        response.headers = { ...response.headers, ...responseHeaderRefs(method === 'post', isCustomer(operation), status, components) };
      }
    }
  }
}
