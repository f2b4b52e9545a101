/** A wallet ledger entry as the API shows it (GET /v1/wallet/ledger, its CSV, the admin ledger export): money in rupees, time in IST. */
import { wireTime } from '../domain/dates.js';
import { paiseToInr } from '../domain/operations.js';
import type { JobLedgerLine, LedgerLine } from '../store/wallet/grouped-ledger.js';
import type { LedgerEntry } from '../store/wallet/wallet.js';

export function ledgerEntryBody(entry: LedgerEntry) {
  return {
    id: entry.id,
    type: entry.type,
    amount_inr: paiseToInr(entry.amountPaise),
    balance_inr: paiseToInr(entry.balancePaise),
    reference: entry.reference,
    at: wireTime(entry.at),
    operation: entry.operation ?? null,
    identifier: entry.identifier ?? null,
  };
}

/**
 * A bulk job or portfolio run as one line: `amount_inr` is what its rows were charged (null
 * once the job's record is gone), `balance_inr` null (the line spans the job's whole run), and
 * `job` its rows and money.
 */
export function jobLineBody(line: JobLedgerLine) {
  const job = line.job;
  return {
    id: line.id,
    type: 'job' as const,
    amount_inr: job === undefined ? null : paiseToInr(job.chargedPaise),
    balance_inr: null,
    reference: `bulk ${line.jobId}`,
    at: wireTime(line.at),
    operation: job?.operation ?? null,
    identifier: null,
    job: {
      job_id: line.jobId,
      kind: job === undefined ? null : job.portfolioId === null ? ('bulk' as const) : ('portfolio_run' as const),
      portfolio_id: job?.portfolioId ?? null,
      name: job?.name ?? null,
      status: job?.status ?? null,
      rows: job?.rows.total ?? null,
      rows_ok: job?.rows.ok ?? null,
      held_inr: paiseToInr(line.heldPaise),
      charged_inr: job === undefined ? null : paiseToInr(job.chargedPaise),
      released_inr: job === undefined ? null : paiseToInr(job.releasedPaise),
      refunded_inr: job === undefined ? null : paiseToInr(job.refundedPaise),
    },
  };
}

export function ledgerLineBody(line: LedgerLine) {
  return line.kind === 'job' ? jobLineBody(line) : { ...ledgerEntryBody(line.entry), job: null };
}
