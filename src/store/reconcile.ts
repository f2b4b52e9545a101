import type { WalletStore } from './wallet.js';

export interface Reconciliation {
  accountId: string;
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
 * Checks one account's books from its ledger: top-ups − commits must equal the available
 * balance plus open holds, the wallet's counters must match the ledger's sums, and the held
 * amount must match the holds still open.
 */
export async function reconcileAccount(wallet: WalletStore, accountId: string): Promise<Reconciliation> {
  // The state first, then the ledger only up to the entry that state had seen, so calls
  // running meanwhile cannot show up as differences.
  const { wallet: fields, holds, lastLedgerId } = await wallet.snapshot(accountId);
  let topups = 0;
  let commits = 0;
  let heldByLedger = 0;
  const entries = lastLedgerId === undefined ? [] : wallet.allLedgerEntries(accountId, lastLedgerId);
  for await (const entry of entries) {
    if (entry.type === 'topup') topups += entry.amountPaise;
    else if (entry.type === 'commit') {
      commits += entry.amountPaise;
      heldByLedger -= entry.amountPaise;
    } else if (entry.type === 'hold') heldByLedger += entry.amountPaise;
    else heldByLedger -= entry.amountPaise;
  }
  const balance = Number(fields.balance_paise ?? 0);
  const held = Number(fields.held_paise ?? 0);
  const openHolds = Object.values(holds).reduce((sum, value) => sum + Number(value.split('|')[0]), 0);
  const available = balance - held;
  const difference = topups - commits - (available + openHolds);

  const problems: string[] = [];
  if (difference !== 0) problems.push(`top-ups − commits differs from available + open holds by ${difference} paise`);
  if (held !== openHolds) problems.push(`held ${held} paise but open holds add up to ${openHolds} paise`);
  if (heldByLedger !== openHolds) problems.push(`the ledger leaves ${heldByLedger} paise held but ${openHolds} paise are open`);
  if (Number(fields.topups_paise ?? 0) !== topups) problems.push('the wallet top-up counter differs from the ledger');
  if (Number(fields.commits_paise ?? 0) !== commits) problems.push('the wallet commit counter differs from the ledger');
  if (available < 0) problems.push(`the available balance is negative (${available} paise)`);
  return {
    accountId,
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
