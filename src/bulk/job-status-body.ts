/**
 * A bulk job as docs/bulk.md "Status" shows it (GET /v1/bulk/jobs/{id}, the listing, SSE, and
 * the data of the `bulk.job.completed` webhook): money in rupees, progress with an ETA.
 */
import { paiseToInr } from '../domain/operations.js';
import type { BulkJob } from '../store/bulk-jobs/bulk-jobs.js';
import { wireTime } from '../domain/dates.js';

/**
 * The status a client sees, wherever a job's status is shown (jobs, portfolio runs). A cancel
 * asked for and not yet carried out: the store marks the job 'cancelled' at once (what the
 * pools stop on), but it ends 'completed' when the cancel stopped no row, and its money is not
 * final until then, so a client that stops polling at a final status must not stop here.
 */
export function shownStatus(job: BulkJob): { status: BulkJob['status']; cancelling: boolean } {
  const cancelling = job.status === 'cancelled' && job.finishedAt === null;
  return { status: cancelling ? (job.startedAt === null ? 'queued' : 'running') : job.status, cancelling };
}

function etaSeconds(job: BulkJob, nowMs: number): number | null {
  const { status, cancelling } = shownStatus(job);
  // While a cancel is carried out, how long it takes is not what the rows' pace says.
  if (cancelling) return null;
  if (status !== 'running' || job.startedAt === null) return status === 'queued' ? null : 0;
  const toVerify = job.rows.valid - job.rows.duplicates;
  const elapsedS = (nowMs - Date.parse(job.startedAt)) / 1000;
  if (job.rows.done === 0 || elapsedS <= 0) return null;
  return Math.max(0, Math.round(((toVerify - job.rows.done) * elapsedS) / job.rows.done));
}

export function jobStatusBody(job: BulkJob, nowMs = Date.now()) {
  const finished = (job.status === 'completed' || job.status === 'cancelled') && job.finishedAt !== null;
  const { status, cancelling } = shownStatus(job);
  const base = `/v1/bulk/jobs/${job.jobId}`;
  return {
    job_id: job.jobId,
    name: job.name,
    operation: job.operation,
    // A portfolio's runs are bulk jobs too: this tells them apart in the listing.
    portfolio_id: job.portfolioId,
    status,
    cancelling,
    created_at: wireTime(job.createdAt),
    started_at: wireTime(job.startedAt),
    finished_at: wireTime(job.finishedAt),
    rows: {
      total: job.rows.total,
      valid: job.rows.valid,
      invalid: job.rows.invalid,
      duplicates: job.rows.duplicates,
      done: job.rows.done,
      ok: job.rows.ok,
      not_found: job.rows.not_found,
      failed: job.rows.failed,
      // Rows a cancel stopped: counted in done, so that ok + not_found + failed + cancelled = done.
      cancelled: job.rows.cancelled,
    },
    reserved_inr: paiseToInr(job.reservedPaise),
    charged_inr: paiseToInr(job.chargedPaise),
    released_inr: paiseToInr(job.releasedPaise),
    // Additions: why a failed job failed, and what its rows had been charged and was given back.
    failure_reason: job.failureReason,
    refunded_inr: paiseToInr(job.refundedPaise),
    eta_seconds: etaSeconds(job, nowMs),
    results: finished
      ? {
          csv: `${base}/results.csv`,
          jsonl: `${base}/results.jsonl`,
          xlsx: `${base}/results.xlsx`,
          // Addition: a purchase register's suppliers (itc.check only; docs/itc-check.md "Bulk").
          ...(job.operation === 'itc.check' ? { suppliers_csv: `${base}/suppliers.csv`, suppliers_xlsx: `${base}/suppliers.xlsx` } : {}),
        }
      : null,
    // Addition: what the intake read differently (a Windows-1252 file, a guessed column), [] when nothing.
    warnings: job.warnings,
    // Additions: the rows by outcome and key field once the results are written (null before),
    // and the retry links (POST /v1/bulk/jobs/{id}/retry).
    breakdown: job.breakdown,
    retry_of: job.retryOf,
    retried_by: job.retriedBy,
  };
}
