/**
 * How wallet ledger entries read to a person (README "Money"): what a sync call's entries
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
 * A bulk job's hold is referenced `bulk <job id>` (api/bulk/create-job.ts), its release too;
 * a row's charge `<job id> row <n>` (queue/bulk/process-chunk.ts). A portfolio run is a bulk
 * job. test/integration/wallet-ledger.test.ts runs a real job through them.
 */
const JOB_ID = 'job_[0-9a-f]{20}';
const JOB_HOLD = new RegExp(`^bulk (${JOB_ID})$`);
const JOB_ROW = new RegExp(`^(${JOB_ID}) row \\d+$`);

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
