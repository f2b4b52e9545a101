import { ERROR_CATALOGUE, type ErrorCode } from '../../errors.js';

/** What each code means to a caller: the interface document's Errors table and our additions (docs/api.md "Errors"). */
export const ERROR_MEANINGS: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'The request is malformed: a mistyped identifier, a missing field or a field breaking its rule (error.details names each)',
  AUTH_INVALID_KEY: 'No valid API key on the request (missing, unknown or revoked)',
  WALLET_INSUFFICIENT_BALANCE: 'Wallet balance too low; the call was not run',
  RECORD_NOT_FOUND: 'The source has no record for the identifier',
  NOT_FOUND: 'No such resource for this account and environment',
  IDEMPOTENCY_IN_PROGRESS: 'A request with the same Idempotency-Key is still running',
  RUN_IN_PROGRESS: 'A run of this portfolio is still going',
  RESULTS_NOT_READY: 'The job or run has not finished, so its file is not written yet; retry after Retry-After seconds, or follow its events',
  PAYLOAD_TOO_LARGE: 'The body or upload is larger than the service accepts',
  REQUEST_TIMEOUT: "The request's headers or body came too slowly and the connection was closed; send it again",
  HEADERS_TOO_LARGE: "The request's headers are larger than the service accepts (16 kB in all by default)",
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used with a different request body',
  RATE_LIMITED: "Requests exceeded the key's rate limit, or (bulk jobs, portfolio runs) the account is at a quota: its unfinished jobs or its stored result bytes; see Retry-After",
  INTERNAL_ERROR: 'An unexpected failure in the service; nothing was billed',
  PROVIDER_UNAVAILABLE: 'All upstream sources for the check were down, even after fallback',
  PROVIDER_TIMEOUT: 'The upstream source took too long',
  SERVICE_UNAVAILABLE: 'This instance of the service is shutting down and took no part of the request; retry (another instance may answer)',
};

/**
 * Every caller-facing route can answer these (auth, limits, a fault of ours, a shutdown, and a
 * request Node's parser refused: too slow, headers too large).
 */
export const COMMON_ERRORS: readonly ErrorCode[] = ['AUTH_INVALID_KEY', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', 'REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE'];

/**
 * The ten operations' errors: the contract's seven, and ours for a body over the size limit,
 * a fault of the service or a shutdown.
 */
export const OPERATION_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'AUTH_INVALID_KEY',
  'WALLET_INSUFFICIENT_BALANCE',
  'RECORD_NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
];

/** What an Idempotency-Key can answer (docs/money.md "Idempotency-Key"): on every customer POST. */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'];

/** What Node's HTTP parser answers before any route sees the request (src/api/client-error.ts). */
export const PARSER_ERRORS: readonly ErrorCode[] = ['REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE'];

/** Who calls a route decides an error answer's headers (response-headers.ts). */
export type Audience = 'customerPost' | 'customer' | 'operator';

interface ResponseObject {
  description: string;
  content: { 'application/json': { schema: { $ref: string } } };
  headers: Record<string, { $ref: string }>;
}

const pascal = (code: string) => code.toLowerCase().replace(/(?:^|_)([a-z])/g, (_, c: string) => c.toUpperCase());
const AUDIENCE_NAME: Record<Audience, string> = { customerPost: 'CustomerPost', customer: 'Customer', operator: 'Operator' };

/**
 * A route's error answers as `$ref`s to shared response components, one per status: the same
 * status, codes, audience and envelope make the same component, so the hundreds of error
 * answers the routes document are written out a few dozen times. A component is named by what
 * tells it apart (e.g. CustomerPost_RecordNotFound, Business360_ValidationFailed), so the names
 * stay put while routes come and go. `components` gains each component the route refers to.
 */
export function errorResponseRefs(
  codes: readonly ErrorCode[],
  audience: Audience,
  envelope: string,
  headersFor: (status: string) => Record<string, { $ref: string }>,
  components: Record<string, ResponseObject>,
): Record<string, { $ref: string }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...new Set(codes)].sort()) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const refs: Record<string, { $ref: string }> = {};
  for (const [status, list] of byStatus) {
    const prefix = envelope === 'ErrorEnvelope' ? AUDIENCE_NAME[audience] : envelope.replace(/ErrorEnvelope$/, '') + (audience === 'customerPost' ? '' : AUDIENCE_NAME[audience]);
    const name = `${prefix}_${list.map(pascal).join('Or')}`;
    components[name] ??= {
      description: list.map((code) => `${code}${ERROR_CATALOGUE[code].retryable ? ' (retryable)' : ''}: ${ERROR_MEANINGS[code]}`).join('. '),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${envelope}` } } },
      headers: headersFor(String(status)),
    };
    refs[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return refs;
}
