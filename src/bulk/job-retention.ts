/**
 * Retention (BV_RETENTION_DAYS): a finished bulk job (a portfolio run too) keeps its record,
 * result files, change report and webhook attempts for that long after it ends, then all of
 * it goes, except a live portfolio's latest completed run, which the next run compares with. Finished BullMQ jobs are removed much sooner by the queues themselves: the result
 * store, not the queue, is where results live. Any API process may sweep; removing twice is
 * harmless. The folders of uploads cut short by a stopped process, which never became jobs
 * and so have no record, go too (sweepOrphanFolders).
 */
import { INPUT_FILE } from './input-file.js';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { PortfolioStore } from '../store/portfolios/portfolios.js';
import { isTemporaryOf, type ResultStore } from '../store/results/result-store.js';
import type { WebhookStore } from '../store/bulk-jobs/webhooks.js';

export interface RetentionDeps {
  jobs: BulkJobStore;
  results: ResultStore;
  portfolios: PortfolioStore;
  webhooks: WebhookStore;
}

async function isLatestCompletedRun(deps: RetentionDeps, portfolioId: string, jobId: string): Promise<boolean> {
  const portfolio = await deps.portfolios.get(portfolioId);
  if (portfolio === undefined || portfolio.deletedAt !== null) return false;
  for (const runId of await deps.portfolios.runIds(portfolioId, 50)) {
    if ((await deps.jobs.get(runId))?.status === 'completed') return runId === jobId;
  }
  return false;
}

/** Removes up to `batch` jobs whose retention ran out by `nowMs`; returns how many. */
export async function sweepExpiredJobs(deps: RetentionDeps, nowMs = Date.now(), batch = 100): Promise<number> {
  const due = await deps.jobs.dueForRemoval(nowMs, batch);
  for (const jobId of due) {
    const job = await deps.jobs.get(jobId);
    if (job?.portfolioId && (await isLatestCompletedRun(deps, job.portfolioId, jobId))) {
      // The next run's change report compares with it: a monthly portfolio's last run is older
      // than a 30-day retention when the next one starts.
      await deps.jobs.retainAgain(jobId, nowMs);
      continue;
    }
    // Files first: a crash after them leaves a record that the next sweep removes again.
    await deps.results.remove(jobId);
    if (job !== undefined) {
      await deps.webhooks.forget(job.accountId, [jobId, `${jobId}-changes`]);
      if (job.portfolioId !== null) await deps.portfolios.forgetRun(job.portfolioId, jobId);
    }
    await deps.jobs.remove(jobId, job);
  }
  return due.length;
}

/**
 * Nothing has been written to a staged folder without a record for this long: no upload is
 * still being read into it (an upload's record is written once its last part has been read).
 */
export const ORPHAN_FOLDER_AGE_MS = 24 * 3_600_000;

/** What reading an upload writes before its job has a record: the input file, or its temporary (ResultStore.writeLines). */
function isStagedEntry(entry: { name: string; isFile: boolean }): boolean {
  return entry.isFile && (entry.name === INPUT_FILE || isTemporaryOf(entry.name, INPUT_FILE));
}

/**
 * Removes the folders of uploads that were read but never became jobs: an upload's input file
 * is written before its record, so a process stopped while reading one (a crash, a deploy)
 * leaves a folder that nothing else would ever remove, up to the upload's size. Only a folder
 * holding nothing but that input file goes: a folder with chunk or result files was a job, and
 * its missing record may only mean this process looks at another Redis or key prefix than the
 * one that wrote it (a data folder shared by two instances), so its results are left alone.
 * Returns how many folders it removed.
 */
export async function sweepOrphanFolders(deps: Pick<RetentionDeps, 'jobs' | 'results'>, nowMs = Date.now(), minAgeMs = ORPHAN_FOLDER_AGE_MS): Promise<number> {
  let removed = 0;
  for (const jobId of await deps.results.jobIds()) {
    // The record first: a Redis read, where a listing is a request to the store (S3) per job.
    if ((await deps.jobs.get(jobId)) !== undefined) continue;
    const listing = await deps.results.listing(jobId);
    if (listing === undefined || nowMs - listing.lastWrittenMs < minAgeMs || !listing.entries.every(isStagedEntry)) continue;
    await deps.results.remove(jobId);
    removed++;
  }
  return removed;
}
