import { paiseToInr } from '../domain/operations.js';
import { AppError } from '../errors.js';

/** The one 402 every billed route answers when the wallet cannot hold what a call may cost. */
export function walletShort(availablePaise: number, neededPaise: number, what: string): AppError {
  return new AppError(
    'WALLET_INSUFFICIENT_BALANCE',
    `The wallet's available balance of ₹${paiseToInr(availablePaise).toFixed(2)} ${what} ₹${paiseToInr(neededPaise).toFixed(2)}; add credit and retry`,
  );
}
