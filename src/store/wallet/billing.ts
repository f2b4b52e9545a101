import { setTimeout as sleep } from 'node:timers/promises';
import { paiseToInr } from '../../domain/operations.js';
import { AppError } from '../../errors.js';
import { isRedisUnreachable } from '../redis/redis-errors.js';
import type { HoldResult, LedgerLabel, WalletStore } from './wallet.js';

export interface BilledCall {
  accountId: string;
  /** Unique per call; the hold's id and the ledger's reference. */
  reference: string;
  maxPaise: number;
  holdTtlMs: number;
  /** What the call's ledger entries name: its operation and identifier. */
  label?: LedgerLabel;
}

export type BillingOutcome<T> =
  | { ran: false; availablePaise: number }
  | { ran: true; result: T; chargedPaise: number };

/** The one 402 every billed route answers when the wallet cannot hold what a call may cost. */
export function walletShort(availablePaise: number, neededPaise: number, what: string): AppError {
  return new AppError(
    'WALLET_INSUFFICIENT_BALANCE',
    `The wallet's available balance of ₹${paiseToInr(availablePaise).toFixed(2)} ${what} ₹${paiseToInr(neededPaise).toFixed(2)}; add credit and retry`,
  );
}

/**
 * The waits between tries of a commit or release that could not reach Redis: some 3 s in all,
 * enough for a restart or a failover. Retrying is safe because a resolve happens at most once,
 * and a retry of one that ran but whose reply was lost answers what it charged.
 */
const RESOLVE_RETRY_DELAYS_MS = [200, 400, 800, 1_600];

/**
 * A commit tries for longer, some 14 s: one given up on answers 503 although its charge may
 * stand (it ran, its reply or its replica's confirmation was lost), and the caller's retry is
 * billed again. A Sentinel failover stops writes for 3 to 4 s with the tests' 1 s
 * down-after-milliseconds, some 8 s with the samples' 5 s (docs/deployment.md "High availability"). A
 * release given up on costs nothing: the sweeper releases the hold when it expires.
 */
const COMMIT_RETRY_DELAYS_MS = [200, 400, 800, 1_600, 3_200, 4_000, 4_000];

/** No wrapper on the way that succeeds (the hot path): the retries only start on a failure. */
function resolveSurely<T>(resolve: () => Promise<T>, delaysMs = RESOLVE_RETRY_DELAYS_MS): Promise<T> {
  return resolve().catch((error: unknown) => resolveAgain(resolve, error, delaysMs));
}

async function resolveAgain<T>(resolve: () => Promise<T>, firstError: unknown, delaysMs: readonly number[]): Promise<T> {
  let error = firstError;
  for (const delayMs of delaysMs) {
    if (!isRedisUnreachable(error)) throw error;
    await sleep(delayMs);
    try {
      return await resolve();
    } catch (next) {
      error = next;
    }
  }
  throw error;
}

/** Releases a hold, trying again for some 3 s while Redis is out of reach. */
export function releaseSurely(wallet: WalletStore, accountId: string, holdId: string, label?: LedgerLabel): Promise<void> {
  return resolveSurely(() => wallet.release(accountId, holdId, label));
}

/**
 * Places a hold. One that failed with the connection may still have run, its reply lost: it is
 * released, so it does not keep the money until it expires (a week, for a bulk job). Releasing
 * a hold never placed does nothing.
 */
export function holdOrUndo(
  wallet: WalletStore,
  accountId: string,
  holdId: string,
  amountPaise: number,
  reference: string,
  ttlMs: number,
  label?: LedgerLabel,
): Promise<HoldResult> {
  return wallet.hold(accountId, holdId, amountPaise, reference, ttlMs, label).catch(async (error: unknown) => {
    if (isRedisUnreachable(error)) await releaseSurely(wallet, accountId, holdId).catch(() => undefined);
    throw error;
  });
}

/**
 * Runs a call under a wallet hold: holds its maximum cost (and does not run it when the
 * wallet cannot cover that), then commits what the call says it cost and releases the rest.
 * Whatever happens inside, the hold is resolved: released when the call throws.
 */
export async function runBilled<T>(
  wallet: WalletStore,
  call: BilledCall,
  run: () => Promise<{ result: T; costPaise: number }>,
): Promise<BillingOutcome<T>> {
  const held = await holdOrUndo(wallet, call.accountId, call.reference, call.maxPaise, call.reference, call.holdTtlMs, call.label);
  if (!held.ok && held.reason === 'exists') throw new Error(`a hold ${call.reference} is already open: not running the call twice`);
  if (!held.ok) return { ran: false, availablePaise: held.availablePaise };
  let outcome: { result: T; costPaise: number };
  try {
    outcome = await run();
  } catch (error) {
    await releaseSurely(wallet, call.accountId, call.reference, call.label);
    throw error;
  }
  const costPaise = Math.min(outcome.costPaise, call.maxPaise);
  if (costPaise <= 0) {
    await releaseSurely(wallet, call.accountId, call.reference, call.label);
    return { ran: true, result: outcome.result, chargedPaise: 0 };
  }
  // Undefined only if the hold expired and was swept before the call ended: the call is then
  // not billed, which is the side to err on. Retried while Redis is out of reach: answering an
  // error instead would tell the caller a call was not billed that may have been.
  const charged = await resolveSurely(() => wallet.commit(call.accountId, call.reference, costPaise, call.label), COMMIT_RETRY_DELAYS_MS);
  return { ran: true, result: outcome.result, chargedPaise: charged ?? 0 };
}
