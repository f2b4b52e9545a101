import { AppError, type ErrorCode } from '../../errors.js';

/**
 * Why a whole bulk upload is refused (as opposed to one row being invalid). The route
 * maps `code` to the catalogue's status (400 or 413); `field` names the request part at
 * fault (`file`, `rows` or `operation`) so the answer can carry a field problem.
 */
export class IntakeError extends Error {
  override name = 'IntakeError';

  constructor(
    readonly code: Extract<ErrorCode, 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE'>,
    message: string,
    readonly field: string = 'file',
  ) {
    super(message);
  }
}

/** Rethrows an intake refusal as the catalogue's error, with its field; anything else as it is. */
export function intakeFailure(error: unknown): never {
  if (error instanceof IntakeError) throw new AppError(error.code, error.message, [{ field: error.field, message: error.message }]);
  throw error;
}
