/**
 * Retention (BV_RETENTION_DAYS): a finished bulk job (a portfolio run too) keeps its record,
 * result files, change report and webhook attempts for that long after it ends, then all of
 * it goes, except a live portfolio's latest completed run, which the next run compares with. Finished BullMQ jobs are removed much sooner by the queues themselves: the result
 * store, not the queue, is where results live. Any API process may sweep; removing twice is
 * harmless. Folders no record owns (an upload cut short by a stopped process) go too.
 */
import type { BulkJobStore } from './bulk-jobs.js';
import type { PortfolioStore } from './portfolios.js';
import type { ResultStore } from './result-store.js';
import type { WebhookStore } from './webhooks.js';

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
    await deps.jobs.remove(jobId, job?.accountId);
  }
  return due.length;
}

/**
 * Nothing has been written to a job folder without a record for this long: no upload is still
 * being read into it (an upload's record is written once its last part has been read).
 */
export const ORPHAN_FOLDER_AGE_MS = 24 * 3_600_000;

/**
 * Removes job folders that no job record owns: an upload's input file is written before its
 * record, so a process stopped while reading an upload (a crash, a deploy) leaves one that
 * nothing else would ever remove, up to the upload's size. Returns how many it removed.
 */
export async function sweepOrphanFolders(deps: Pick<RetentionDeps, 'jobs' | 'results'>, nowMs = Date.now(), minAgeMs = ORPHAN_FOLDER_AGE_MS): Promise<number> {
  let removed = 0;
  for (const jobId of await deps.results.jobIds()) {
    if ((await deps.jobs.get(jobId)) !== undefined) continue;
    const written = await deps.results.lastWrittenMs(jobId);
    if (written === undefined || nowMs - written < minAgeMs) continue;
    // Asked again just before: a record written meanwhile keeps its folder.
    if ((await deps.jobs.get(jobId)) !== undefined) continue;
    await deps.results.remove(jobId);
    removed++;
  }
  return removed;
}
