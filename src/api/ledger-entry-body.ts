/** A wallet ledger entry as the API shows it (GET /v1/wallet/ledger, the admin ledger export): money in rupees. */
import { paiseToInr } from '../domain/operations.js';
import type { LedgerEntry } from '../store/wallet.js';

export function ledgerEntryBody(entry: LedgerEntry) {
  return {
    id: entry.id,
    type: entry.type,
    amount_inr: paiseToInr(entry.amountPaise),
    balance_inr: paiseToInr(entry.balancePaise),
    reference: entry.reference,
    at: entry.at,
  };
}
