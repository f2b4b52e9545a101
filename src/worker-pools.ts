/**
 * The worker pools that drain the queues (queue/queues.ts): worker entry points in workers/ and
 * `npm start` both call `startBulkWorkers`; processors stay plain functions.
 */
import { DelayedError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { QUEUES, type ChunkPayload, type FinalizePayload, type PortfolioJob, type WebhookPayload } from './queue/names.js';
import { AccountBusy, AccountShare } from './webhooks/account-share.js';
import { deliverWebhook, type WebhookDeps } from './webhooks/deliver-webhook.js';
import { processChunk, type ChunkDeps } from './bulk/process-chunk.js';
import { finalizeJob, type FinalizeDeps } from './bulk/finalize-job.js';
import { watchJobs } from './bulk/job-watchdog.js';
import { processPortfolioJob, type PortfolioJobDeps } from './portfolios/process-portfolio-job.js';
import type { BulkQueues } from './queue/queues.js';

export interface WorkerSettings {
  prefix: string;
  /** A worker's lock on a job; a killed worker's jobs are picked up again once it lapses. */
  lockMs: number;
  verifyConcurrency: number;
  finalizeConcurrency: number;
  /** Webhook deliveries at once in a process, and of them, at most this many of one account. */
  webhookConcurrency: number;
  webhookAccountConcurrency: number;
  /**
   * Times a chunk or finalize may be found stalled (its worker died holding it) and run again
   * before BullMQ fails it: both are safe to repeat, so a few crashes must not end their rows.
   */
  maxStalledCount: number;
  /** How often the bulk watchdog looks for jobs that cannot end by themselves (job-watchdog.ts). */
  watchdogMs: number;
  /** How long a job goes without progress before a chunk missing from the queue is given up on. */
  watchdogIdleMs: number;
}

/** Which pools a process runs: npm start runs all three; workers/ one each. */
export interface WorkerPools {
  verify: boolean;
  finalize: boolean;
  /** Portfolio runs and change reports (and the schedulers' reconciliation at start). */
  scheduler?: boolean;
}

export interface BulkWorkers {
  close(): Promise<void>;
}

export function startBulkWorkers(
  connection: ConnectionOptions,
  settings: WorkerSettings,
  deps: {
    chunk: ChunkDeps;
    finalize: FinalizeDeps;
    webhook: WebhookDeps;
    portfolio: PortfolioJobDeps;
    queues: BulkQueues;
    log: Logger;
    /** One watchdog round at a time across processes: true when this one may run it. */
    takeWatchdogLease: (ms: number) => Promise<boolean>;
  },
  pools: WorkerPools = { verify: true, finalize: true, scheduler: true },
): BulkWorkers {
  const workers: Worker[] = [];
  // The watchdog rides with the finalize pool (it ends jobs, as finalize does); a chunk failed
  // for good in a verify-only process waits for a finalize pool's next round.
  let watchTimer: NodeJS.Timeout | undefined;
  let watching = false;
  let stopped = false;
  const watchRound = async (): Promise<void> => {
    if (watching || stopped || !pools.finalize) return;
    watching = true;
    try {
      if (!(await deps.takeWatchdogLease(settings.watchdogMs))) return;
      const round = await watchJobs({
        jobs: deps.finalize.jobs,
        results: deps.finalize.results,
        verify: deps.queues.verify,
        finalize: deps.queues.finalize,
        addFinalize: (jobId) => deps.queues.addFinalize(jobId),
        settle: deps.chunk,
        fail: deps.finalize,
        log: deps.log,
        idleMs: settings.watchdogIdleMs,
      });
      if (round.settled + round.abandoned + round.finalizeQueued + round.failed > 0) deps.log.warn(round, 'the bulk watchdog ended work that could not end by itself');
    } catch (error) {
      deps.log.warn({ reason: (error as Error).message }, 'a bulk watchdog round failed; the next one tries again');
    } finally {
      watching = false;
    }
  };
  const watchSoon = (): void => {
    setTimeout(() => void watchRound(), 1_000).unref();
  };
  if (pools.finalize) {
    watchTimer = setInterval(() => void watchRound(), settings.watchdogMs);
    watchTimer.unref();
    // At start too: after every process restarts, what was left is found at once.
    watchSoon();
  }
  if (pools.verify) {
    const worker = new Worker<ChunkPayload>(
      QUEUES.bulkVerify,
      async (job) => {
        const last = await processChunk(job.data, { ...deps.chunk, log: deps.log.child({ jobId: job.data.jobId, chunk: job.data.chunk }) });
        if (last) await deps.queues.addFinalize(job.data.jobId);
      },
      { connection, prefix: settings.prefix, concurrency: settings.verifyConcurrency, lockDuration: settings.lockMs, stalledInterval: settings.lockMs, maxStalledCount: settings.maxStalledCount },
    );
    worker.on('failed', (job, error) => {
      // A try that will be retried is a warning (a full disk logs one per chunk and try); the
      // last one is an error, and the watchdog ends it now rather than at its next round.
      const last = job === undefined || job.attemptsMade >= (job.opts.attempts ?? 1);
      const fields = { jobId: job?.data.jobId, chunk: job?.data.chunk, attempt: job?.attemptsMade };
      if (last) {
        deps.log.error({ ...fields, err: error }, 'a bulk chunk failed for good: the watchdog ends its rows');
        watchSoon();
      } else {
        deps.log.warn({ ...fields, reason: error.message }, 'a bulk chunk failed: it is tried again');
      }
    });
    workers.push(worker);
  }
  if (pools.finalize) {
    const worker = new Worker<FinalizePayload>(
      QUEUES.bulkFinalize,
      async (job) => finalizeJob(job.data.jobId, { ...deps.finalize, log: deps.log.child({ jobId: job.data.jobId }) }),
      { connection, prefix: settings.prefix, concurrency: settings.finalizeConcurrency, lockDuration: settings.lockMs, stalledInterval: settings.lockMs, maxStalledCount: settings.maxStalledCount },
    );
    worker.on('failed', (job, error) => {
      const last = job === undefined || job.attemptsMade >= (job.opts.attempts ?? 1);
      const fields = { jobId: job?.data.jobId, attempt: job?.attemptsMade };
      if (last) {
        deps.log.error({ ...fields, err: error }, 'finalizing a bulk job failed for good: the watchdog fails the job');
        watchSoon();
      } else {
        deps.log.warn({ ...fields, reason: error.message }, 'finalizing a bulk job failed: it is tried again');
      }
    });
    workers.push(worker);
    // Webhook deliveries ride with the finalize pool: both are light and follow a job's end.
    // Many at once (each mostly waits on its receiver), each account a share of them.
    const share = new AccountShare(settings.webhookAccountConcurrency);
    const deliveries = new Worker<WebhookPayload>(
      QUEUES.webhooks,
      async (job, token) => {
        try {
          await deliverWebhook(job.data, job.attemptsMade + 1, { ...deps.webhook, share, log: deps.log.child({ jobId: job.data.jobId }) });
        } catch (error) {
          if (!(error instanceof AccountBusy)) throw error;
          // Back to wait, spending no attempt (moveToDelayed skips the count), longer the longer
          // the account's share stays full.
          await job.moveToDelayed(Date.now() + error.waitMs, token);
          throw new DelayedError();
        }
      },
      { connection, prefix: settings.prefix, concurrency: settings.webhookConcurrency, lockDuration: settings.lockMs, stalledInterval: settings.lockMs },
    );
    deliveries.on('failed', (job, error) => deps.log.warn({ jobId: job?.data.jobId, attempt: job?.attemptsMade, reason: error.message }, 'webhook delivery failed'));
    workers.push(deliveries);
  }
  if (pools.scheduler) {
    // Portfolio runs (from their schedulers or "run now") and change reports: light work.
    const runs = new Worker<PortfolioJob>(
      QUEUES.portfolios,
      async (job) => processPortfolioJob(job.data, { ...deps.portfolio, log: deps.log.child({ portfolioId: job.data.portfolioId }) }),
      { connection, prefix: settings.prefix, concurrency: 2, lockDuration: settings.lockMs, stalledInterval: settings.lockMs },
    );
    runs.on('failed', (job, error) => deps.log.error({ err: error, portfolioId: job?.data.portfolioId, kind: job?.data.kind }, 'a portfolio job failed'));
    workers.push(runs);
  }
  // A worker's own errors (Redis unreachable, a lock lost during an outage) would otherwise go
  // to console.error past the logger; it reconnects by itself, so they are warnings.
  for (const worker of workers) worker.on('error', (error) => deps.log.warn({ queue: worker.name, reason: error.message }, 'queue worker error'));
  return {
    async close() {
      stopped = true;
      clearInterval(watchTimer);
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
