/**
 * How wallet ledger entries read to a person (docs/money.md): what a sync call's entries
 * name, and which entries belong to a bulk job or portfolio run, so that a job can be listed
 * as one line (`?group=job`) while its per-row entries stay in the ledger for reconciliation.
 * Pure: the references it reads are the ones the billing code writes.
 */

/** The identifier fields a call's ledger entries may name, in this order. Never `name`: on PAN Verify it is the holder's name. */
const IDENTIFIER_FIELDS = ['gstin', 'cin', 'llpin', 'pan', 'din'] as const;

/**
 * The operation and identifier a sync call's ledger entries name. Company search takes a
 * name, which may be a person's, so its entries name only the operation.
 */
export function ledgerLabel(operation: string, input: object): { operation: string; identifier?: string } {
  const fields = input as Partial<Record<(typeof IDENTIFIER_FIELDS)[number], unknown>>;
  for (const field of IDENTIFIER_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' && value !== '') return { operation, identifier: value };
  }
  return { operation };
}

/**
 * A bulk job's hold is referenced `bulk <job id>` (bulk/create-job.ts), its release too;
 * a row's charge `<job id> row <n>` (bulk/process-chunk.ts). A portfolio run is a bulk
 * job. test/integration/wallet-ledger.test.ts runs a real job through them.
 */
const JOB_ID = 'job_[0-9a-f]{20}';
const JOB_HOLD = new RegExp(`^bulk (${JOB_ID})$`);
const JOB_ROW = new RegExp(`^(${JOB_ID}) row \\d+$`);
/** The job's entries by reference: its hold and release, a row's charge (its number), a failed job's refund (bulk/finalize-job.ts). */
const JOB_REFERENCE = new RegExp(`^(?:bulk (${JOB_ID})|(${JOB_ID}) row (\\d+)|(${JOB_ID}) refund)$`);

/**
 * Where an entry goes in the grouped ledger: a job's hold entry becomes the job's one line;
 * its row charges and its final release are folded into that line; anything else (top-ups,
 * a failed job's refund, sync calls) stays a line of its own. Request ids (`req_…`) never
 * match a job's references, so a sync call is never folded away.
 */
export function ledgerEntryGroup(entry: { type: string; reference: string }): { kind: 'job'; jobId: string } | { kind: 'job-part'; jobId: string } | { kind: 'entry' } {
  const hold = JOB_HOLD.exec(entry.reference);
  if (hold !== null) return entry.type === 'hold' ? { kind: 'job', jobId: hold[1] as string } : { kind: 'job-part', jobId: hold[1] as string };
  const row = JOB_ROW.exec(entry.reference);
  if (row !== null && entry.type === 'commit') return { kind: 'job-part', jobId: row[1] as string };
  return { kind: 'entry' };
}

/**
 * The bulk job or portfolio run an entry belongs to, read from its reference (its hold,
 * release, a row's charge with the row's number, or a failed job's refund); undefined for
 * every other entry (top-ups, sync calls).
 */
export function ledgerEntryJob(reference: string): { jobId: string; row: number | undefined } | undefined {
  const match = JOB_REFERENCE.exec(reference);
  if (match === null) return undefined;
  if (match[2] !== undefined) return { jobId: match[2], row: Number(match[3]) };
  return { jobId: (match[1] ?? match[4]) as string, row: undefined };
}

/**
 * What an entry did to the wallet's balance, in paise. The balance includes held money
 * (store/wallet/wallet-scripts.ts): a top-up adds its amount, a commit takes its amount, and a hold
 * or a release only moves money between available and held, so changes nothing. Summed over
 * consecutive entries, it is the last entry's balance less the balance before the first.
 */
export function ledgerBalanceChangePaise(entry: { type: string; amountPaise: number }): number {
  if (entry.type === 'topup') return entry.amountPaise;
  if (entry.type === 'commit') return -entry.amountPaise;
  return 0;
}
