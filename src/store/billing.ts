import type { WalletStore } from './wallet.js';

export interface BilledCall {
  accountId: string;
  /** Unique per call; the hold's id and the ledger's reference. */
  reference: string;
  maxPaise: number;
  holdTtlMs: number;
}

export type BillingOutcome<T> =
  | { ran: false; availablePaise: number }
  | { ran: true; result: T; chargedPaise: number };

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
  const held = await wallet.hold(call.accountId, call.reference, call.maxPaise, call.reference, call.holdTtlMs);
  if (!held.ok && held.reason === 'exists') throw new Error(`a hold ${call.reference} is already open: not running the call twice`);
  if (!held.ok) return { ran: false, availablePaise: held.availablePaise };
  let outcome: { result: T; costPaise: number };
  try {
    outcome = await run();
  } catch (error) {
    await wallet.release(call.accountId, call.reference);
    throw error;
  }
  const costPaise = Math.min(outcome.costPaise, call.maxPaise);
  if (costPaise <= 0) {
    await wallet.release(call.accountId, call.reference);
    return { ran: true, result: outcome.result, chargedPaise: 0 };
  }
  // Undefined only if the hold expired and was swept before the call ended: the call is then
  // not billed, which is the side to err on.
  const charged = await wallet.commit(call.accountId, call.reference, costPaise);
  return { ran: true, result: outcome.result, chargedPaise: charged ?? 0 };
}
