/**
 * Finishes a bulk job once every chunk is counted: merges the chunks' results into
 * results.csv and results.jsonl in upload order (invalid rows and duplicates in their
 * places), releases what the job's hold did not charge, and marks the job finished.
 * Safe to run twice: the files are rewritten whole and the release and status change once.
 */
import type { Logger } from 'pino';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';
import type { WalletStore } from '../store/wallet/wallet.js';
import { SupplierTally } from '../domain/itc/register-results.js';
import { judgedRows, writeSupplierFiles } from './itc-register-results.js';
import { KeptSuppliers } from './kept-suppliers.js';
import { mergedResults, readInputHeader, readInputSummary } from './merge-results.js';
import { writeResultFiles } from './result-files.js';
import { tallied } from './tally-breakdown.js';
import { BreakdownTally } from '../domain/result-breakdown.js';

export interface FinalizeDeps {
  jobs: BulkJobStore;
  wallet: WalletStore;
  results: ResultStore;
  log: Logger;
  /**
   * Called when the job has just finished (what follows: portfolios/finished-job.ts), and again by a
   * finalize delivered again after it: each of its steps must be safe to repeat.
   */
  onFinished: (jobId: string) => Promise<void>;
}

export async function finalizeJob(jobId: string, deps: FinalizeDeps): Promise<void> {
  const job = await deps.jobs.get(jobId);
  if (job === undefined) return;
  // Finished (completed, cancelled or failed): a finalize delivered again must not rewrite
  // files being downloaded. It does what follows the finish again, since the run before may
  // have died between the two, and the webhook would never be queued (its queueing is keyed
  // by the job, so a second one is no second delivery).
  if (job.finishedAt !== null) {
    await deps.onFinished(jobId);
    return;
  }

  // The hold goes before any chunk file is read: from here on no row can be charged (a chunk
  // still running after the watchdog gave it up is answered `resolved` for a row not charged
  // yet, and `duplicate` for one an earlier run of it charged, and writes its rows so), so the
  // merged files say what the ledger holds. Releasing is safe to repeat.
  await deps.wallet.of(job.wallet).release(job.accountId, jobId);
  const tally = new BreakdownTally(job.operation);
  const abandoned = await deps.jobs.abandonedChunks(jobId);
  if (job.operation === 'itc.check') {
    // Chunks checked suppliers; the invoices are judged here, in upload order (itc-register-results.ts).
    // Its repeats are a supplier's later invoices, each judged on its own: of pass 1, only the header is needed.
    const header = await readInputHeader(deps.results, jobId);
    const suppliers = new SupplierTally();
    const kept = await KeptSuppliers.read(deps.results, jobId, job.chunks.total);
    const rows = judgedRows(deps.results, jobId, kept, abandoned, suppliers);
    await writeResultFiles({ results: deps.results, jobId, operation: job.operation, inputHeader: header, rows: tallied(job.operation, rows, tally) });
    await writeSupplierFiles(deps.results, jobId, suppliers.ranked());
  } else {
    const { header, repeated } = await readInputSummary(deps.results, jobId);
    await writeResultFiles({
      results: deps.results,
      jobId,
      operation: job.operation,
      inputHeader: header,
      rows: tallied(job.operation, mergedResults(deps.results, jobId, repeated, abandoned), tally),
    });
  }
  // Kept before the finish, so a finished job's status always has it.
  await deps.jobs.keepBreakdown(jobId, tally.result());

  const latest = (await deps.jobs.get(jobId)) ?? job;
  const releasedPaise = Math.max(0, latest.reservedPaise - latest.chargedPaise);
  // Completed or cancelled is decided as the job moves (a cancel may land at any moment until then).
  const finished = await deps.jobs.finish(jobId, 'done', releasedPaise);
  if (finished !== undefined) {
    deps.log.info({ status: finished, rows: latest.rows, chargedPaise: latest.chargedPaise, releasedPaise }, 'bulk job finished');
    await deps.onFinished(jobId);
  }
}

/**
 * Ends a job whose result files could not be written in the time its finalize was given (a
 * disk full for longer than every retry): nothing can be delivered, so nothing stays billed.
 * The hold goes first, so no late chunk can charge after the refund is counted; then what its
 * rows were charged comes back as one credit under the job's refund reference (once, however
 * often this runs), and the job ends `failed` saying why. Its files are removed.
 */
export async function failJob(jobId: string, reason: string, deps: FinalizeDeps): Promise<void> {
  const job = await deps.jobs.get(jobId);
  if (job === undefined || job.finishedAt !== null) return;
  const wallet = deps.wallet.of(job.wallet);
  await wallet.release(job.accountId, jobId);
  const latest = (await deps.jobs.get(jobId)) ?? job;
  if (latest.chargedPaise > 0) await wallet.credit(job.accountId, latest.chargedPaise, refundReference(jobId));
  const finished = await deps.jobs.finish(jobId, 'failed', Math.max(0, latest.reservedPaise - latest.chargedPaise), { reason, refundedPaise: latest.chargedPaise });
  if (finished !== undefined) {
    deps.log.error({ jobId, reason, refundedPaise: latest.chargedPaise }, 'bulk job failed: its charges were refunded');
    await deps.onFinished(jobId);
  }
  // Nothing in its folder can be delivered any more, and a full disk is the likely cause:
  // its input and chunk files go now rather than at the end of retention.
  await deps.results.remove(jobId).catch((error: unknown) => deps.log.warn({ jobId, reason: (error as Error).message }, 'could not remove a failed job\'s files'));
}

/** The ledger reference of a failed job's refund. */
export const refundReference = (jobId: string): string => `${jobId} refund`;
