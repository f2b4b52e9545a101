/**
 * What follows a bulk job's end (finalize-job.ts calls it, and again when a finalize is
 * delivered twice, so every step is safe to repeat): its webhook is queued; a portfolio's run
 * frees the portfolio's run slot and, completed, has its change report queued; then what its
 * files take counts against the account's stored-bytes quota. It lives with portfolios because
 * a run is the one kind of job whose end leads further than the job itself.
 */
import type { Logger } from 'pino';
import { recordJobBytes } from '../bulk/job-bytes.js';
import type { BulkQueues } from '../queue/queues.js';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { PortfolioStore } from '../store/portfolios/portfolios.js';
import type { ResultStore } from '../store/results/result-store.js';
import { endPortfolioRun } from './start-run.js';

export interface FinishedJobDeps {
  jobs: BulkJobStore;
  results: ResultStore;
  queues: BulkQueues;
  portfolios: PortfolioStore;
  /** The run slot's lifetime, as start-run.ts takes it (the bulk hold's, BV_HOLD_TTL_MS). */
  holdTtlMs: number;
  log: Logger;
}

export function followFinishedJob(deps: FinishedJobDeps): (jobId: string) => Promise<void> {
  const { jobs, results, queues, portfolios, log } = deps;
  return async (jobId) => {
    const job = await jobs.get(jobId);
    if (job?.webhookUrl) await queues.addWebhook(jobId, { accountId: job.accountId });
    if (job?.portfolioId) {
      await endPortfolioRun(portfolios, job.portfolioId, jobId, deps.holdTtlMs);
      if (job.status === 'completed') await queues.addChangeReport(job.portfolioId, jobId);
    }
    // What its files take now counts against the account's stored-bytes quota. Not worth
    // a finalize retry when it fails: the job's input bytes stay counted meanwhile.
    await recordJobBytes({ jobs, results }, jobId).catch((error: unknown) => log.warn({ jobId, err: error }, 'could not measure a finished job\'s files for its quota'));
  };
}
