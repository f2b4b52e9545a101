import type { Environment } from '../../domain/operations.js';
import type { WalletStore } from './wallet.js';

export interface Reconciliation {
  accountId: string;
  /** Which of the account's wallets. */
  environment: Environment;
  ok: boolean;
  topupsPaise: number;
  commitsPaise: number;
  balancePaise: number;
  heldPaise: number;
  openHoldsPaise: number;
  /** (top-ups − commits) − (available + open holds): 0 when the books balance. */
  differencePaise: number;
  problems: string[];
}

/**
 * Past its expiry by this much, an open hold is one the sweeper (every BV_HOLD_SWEEP_INTERVAL_MS,
 * at most 30 s, in every API process) failed to release, not one it has yet to reach.
 */
const OVERDUE_MS = 60_000;

/** Both wallets' books: the top-level figures are the live wallet's; `ok` and `problems` cover both. */
export interface AccountReconciliation extends Reconciliation {
  sandbox: Reconciliation;
}

/**
 * Checks both of an account's wallets (live and sandbox), each from its own ledger. A problem
 * of the sandbox wallet is named as such; the account is ok only when both are.
 */
export async function reconcileAccount(wallet: WalletStore, accountId: string, nowMs = Date.now()): Promise<AccountReconciliation> {
  const live = await reconcileWallet(wallet.of('live'), accountId, nowMs);
  const sandbox = await reconcileWallet(wallet.of('sandbox'), accountId, nowMs);
  return {
    ...live,
    ok: live.ok && sandbox.ok,
    problems: [...live.problems, ...sandbox.problems.map((problem) => `sandbox wallet: ${problem}`)],
    sandbox,
  };
}

/**
 * Checks one wallet's books from its ledger: top-ups − commits must equal the available
 * balance plus open holds, the wallet's counters must match the ledger's sums, every entry's
 * running balance must follow from the entries before it, the held amount must match the holds
 * still open, and no open hold may be long past its expiry (its money would stay held).
 */
export async function reconcileWallet(wallet: WalletStore, accountId: string, nowMs = Date.now()): Promise<Reconciliation> {
  // The state first, then the ledger only up to the entry that state had seen, so calls
  // running meanwhile cannot show up as differences.
  const { wallet: fields, holds, lastLedgerId } = await wallet.snapshot(accountId);
  let topups = 0;
  let commits = 0;
  let heldByLedger = 0;
  let firstBadBalance: string | undefined;
  const entries = lastLedgerId === undefined ? [] : wallet.allLedgerEntries(accountId, lastLedgerId);
  for await (const entry of entries) {
    if (entry.type === 'topup') topups += entry.amountPaise;
    else if (entry.type === 'commit') {
      commits += entry.amountPaise;
      heldByLedger -= entry.amountPaise;
    } else if (entry.type === 'hold') heldByLedger += entry.amountPaise;
    else heldByLedger -= entry.amountPaise;
    // Held money is still in the balance: only top-ups and commits move it.
    if (firstBadBalance === undefined && entry.balancePaise !== topups - commits) {
      firstBadBalance = `ledger entry ${entry.id} shows a balance of ${entry.balancePaise} paise, but the entries up to it give ${topups - commits} paise`;
    }
  }
  const balance = Number(fields.balance_paise ?? 0);
  const held = Number(fields.held_paise ?? 0);
  let openHolds = 0;
  let overdue = 0;
  let overduePaise = 0;
  const unreadable: string[] = [];
  for (const [holdId, value] of Object.entries(holds)) {
    // As the wallet's scripts write it: amount|expires_at_ms|reference.
    const match = /^(\d+)\|(\d+)\|/.exec(value);
    if (match === null) {
      unreadable.push(holdId);
      continue;
    }
    openHolds += Number(match[1]);
    if (Number(match[2]) + OVERDUE_MS < nowMs) {
      overdue++;
      overduePaise += Number(match[1]);
    }
  }
  const available = balance - held;
  const difference = topups - commits - (available + openHolds);

  const problems: string[] = [];
  if (difference !== 0) problems.push(`top-ups − commits differs from available + open holds by ${difference} paise`);
  if (held !== openHolds) problems.push(`held ${held} paise but open holds add up to ${openHolds} paise`);
  if (heldByLedger !== openHolds) problems.push(`the ledger leaves ${heldByLedger} paise held but ${openHolds} paise are open`);
  if (Number(fields.topups_paise ?? 0) !== topups) problems.push('the wallet top-up counter differs from the ledger');
  if (Number(fields.commits_paise ?? 0) !== commits) problems.push('the wallet commit counter differs from the ledger');
  if (available < 0) problems.push(`the available balance is negative (${available} paise)`);
  if (firstBadBalance !== undefined) problems.push(firstBadBalance);
  if (overdue > 0) {
    problems.push(`${overdue} open hold(s) of ${overduePaise} paise are more than ${OVERDUE_MS / 1000} s past their expiry: the sweeper has not released them`);
  }
  if (unreadable.length > 0) problems.push(`open hold(s) ${unreadable.join(', ')} cannot be read, so neither a commit nor the sweeper can resolve them`);
  return {
    accountId,
    environment: wallet.environment,
    ok: problems.length === 0,
    topupsPaise: topups,
    commitsPaise: commits,
    balancePaise: balance,
    heldPaise: held,
    openHoldsPaise: openHolds,
    differencePaise: difference,
    problems,
  };
}
