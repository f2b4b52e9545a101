/**
 * What `bv` exits with. Scripts branch on these, so they are part of the CLI's interface and
 * listed in `bv --help`.
 */
export const EXIT = {
  ok: 0,
  /** The API answered an error (its code and message are printed). */
  apiError: 1,
  /** The command line is wrong: unknown command or option, missing argument, bad value, missing key or file. */
  usage: 2,
  /** The service could not be reached, or what answered is not this API. */
  network: 3,
  /** A bulk job ended cancelled or failed, or some of its rows ended `failed`. */
  jobIncomplete: 4,
  /** The API key or admin token was refused (401/403). */
  auth: 5,
  /** `admin reconcile` found a problem in the books. */
  reconcileDifference: 6,
  /** Interrupted (Ctrl-C) while following a job; the job keeps running. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure that ends the command with a given exit code and a message for the user. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** A stable code for `--json` output. */
    readonly code: string,
    /**
     * The command already printed its result (a finished job, a reconciliation) and only the
     * exit code says it was not a success: --json must not print a second document.
     */
    readonly resultPrinted = false,
  ) {
    super(message);
  }
}

export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, EXIT.usage, 'USAGE');
  }
}

export class NetworkError extends CliError {
  override name = 'NetworkError';
  constructor(message: string) {
    super(message, EXIT.network, 'SERVICE_UNREACHABLE');
  }
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** The API answered with its error envelope. */
export class ApiError extends CliError {
  override name = 'ApiError';
  /** What the command adds for a person, printed after the API's details (never in --json): which input line a field came from. */
  readonly notes: string[] = [];
  constructor(
    readonly httpStatus: number,
    readonly apiCode: string,
    message: string,
    readonly requestId: string | undefined,
    readonly details: FieldProblem[] | undefined,
    readonly retryable: boolean,
  ) {
    super(message, httpStatus === 401 || httpStatus === 403 ? EXIT.auth : EXIT.apiError, apiCode);
  }
}
