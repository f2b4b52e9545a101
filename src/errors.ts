/**
 * The one error catalogue: every code the service answers with, its HTTP status and whether
 * a caller may retry. Code branches on `code`, never on a message.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, retryable: false },
  AUTH_INVALID_KEY: { status: 401, retryable: false },
  WALLET_INSUFFICIENT_BALANCE: { status: 402, retryable: false },
  RECORD_NOT_FOUND: { status: 404, retryable: false },
  NOT_FOUND: { status: 404, retryable: false },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, retryable: true },
  RUN_IN_PROGRESS: { status: 409, retryable: true },
  RESULTS_NOT_READY: { status: 409, retryable: true },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false },
  REQUEST_TIMEOUT: { status: 408, retryable: true },
  HEADERS_TOO_LARGE: { status: 431, retryable: false },
  IDEMPOTENCY_KEY_REUSED: { status: 422, retryable: false },
  RATE_LIMITED: { status: 429, retryable: true },
  INTERNAL_ERROR: { status: 500, retryable: true },
  PROVIDER_UNAVAILABLE: { status: 503, retryable: true },
  PROVIDER_TIMEOUT: { status: 504, retryable: true },
  SERVICE_UNAVAILABLE: { status: 503, retryable: true },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One problem with one request field; the message names the rule that failed. */
export interface FieldProblem {
  field: string;
  message: string;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly retryable: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
  ) {
    // A 4xx is an answer, not a fault: nothing reads its stack, and capturing one cost a tenth
    // of a sandbox bulk job's verify phase (a not-found row makes one).
    // (super() cannot sit in a try: the Error constructor never throws.)
    const stackFrames = Error.stackTraceLimit;
    if (ERROR_CATALOGUE[code].status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackFrames;
    this.status = ERROR_CATALOGUE[code].status;
    this.retryable = ERROR_CATALOGUE[code].retryable;
  }
}

/**
 * An error that says when to ask again: the root error handler sends `retryAfterS` as
 * Retry-After (a quota that frees as the account's jobs end, for one).
 */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterS: number,
  ) {
    super(code, message);
  }
}

/**
 * The most problems one answer lists. A 1 MB body of 80,000 unknown keys otherwise answered
 * 11 MB, each key twice (in the message and in details): an amplifier, and no help to anyone.
 */
export const LISTED_PROBLEMS = 50;

export function validationError(details: FieldProblem[]): AppError {
  const listed = details.slice(0, LISTED_PROBLEMS);
  const unlisted = details.length - listed.length;
  const summary = listed.map((d) => `${d.field}: ${d.message}`).join('; ');
  const more = unlisted > 0 ? `; and ${unlisted} more problems (the first ${LISTED_PROBLEMS} of ${details.length} are listed)` : '';
  return new AppError('VALIDATION_FAILED', `The request is invalid: ${summary}${more}`, listed);
}
