/**
 * The BullMQ queues (producers): what the API, portfolio runs and processors add work to. The
 * worker pools that drain them are in worker-pools.ts, so that adding work never imports the
 * processors (job creation is used by a processor: that was an import cycle).
 */
import { Queue, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { reconnectOnFailoverReply, type RedisFactory } from '../store/redis/redis-factory.js';
import { chunkJobId, finalizeJobId, QUEUES, type ChunkPayload, type FinalizePayload, type PortfolioJob, type WebhookPayload } from './names.js';

/** BullMQ needs connections that wait through reconnects (and failovers) rather than fail commands. */
export function queueConnection(redis: RedisFactory): Redis {
  return redis.connect({ maxRetriesPerRequest: null, enableReadyCheck: true, reconnectOnError: reconnectOnFailoverReply });
}

export interface BulkQueues {
  verify: Queue<ChunkPayload>;
  finalize: Queue<FinalizePayload>;
  webhooks: Queue<WebhookPayload>;
  portfolios: Queue<PortfolioJob>;
  addChunks(chunks: ChunkPayload[]): Promise<void>;
  addFinalize(jobId: string): Promise<void>;
  /** A delivery of the job's event; `accountId` lets the delivery pool check the account's share before reading anything. */
  addWebhook(jobId: string, options: { event?: WebhookPayload['event']; accountId: string }): Promise<void>;
  /** A finished portfolio run's change report (once per run). */
  addChangeReport(portfolioId: string, runId: string): Promise<void>;
  close(): Promise<void>;
}

export interface QueueSettings {
  prefix: string;
  /**
   * Attempts of a whole chunk, and of a job's finalize (a disk full, Redis away, a bug), and the
   * first wait between them (doubling, with jitter): a cause that may pass is waited out for a
   * bounded time, then the watchdog ends what is left (job-watchdog.ts). Rows retry inside.
   */
  chunkAttempts: number;
  chunkBackoffMs: number;
  webhookAttempts: number;
  webhookBackoffMs: number;
}

export function createBulkQueues(connection: ConnectionOptions, settings: QueueSettings): BulkQueues {
  const verify = new Queue<ChunkPayload>(QUEUES.bulkVerify, { connection, prefix: settings.prefix });
  const finalize = new Queue<FinalizePayload>(QUEUES.bulkFinalize, { connection, prefix: settings.prefix });
  const webhooks = new Queue<WebhookPayload>(QUEUES.webhooks, { connection, prefix: settings.prefix });
  const portfolios = new Queue<PortfolioJob>(QUEUES.portfolios, { connection, prefix: settings.prefix });
  const jobOptions = {
    attempts: settings.chunkAttempts,
    backoff: { type: 'exponential', delay: settings.chunkBackoffMs, jitter: 0.5 },
    removeOnComplete: { age: 3_600, count: 10_000 },
    removeOnFail: { age: 7 * 86_400 },
  } as const;
  return {
    verify,
    finalize,
    webhooks,
    portfolios,
    async addChunks(chunks) {
      // The BullMQ job id makes a re-sent chunk (a retried intake) one job, not two.
      await verify.addBulk(chunks.map((data) => ({ name: 'chunk', data, opts: { ...jobOptions, jobId: chunkJobId(data.jobId, data.chunk) } })));
    },
    async addFinalize(jobId) {
      await finalize.add('finalize', { jobId }, { ...jobOptions, jobId: finalizeJobId(jobId) });
    },
    async addWebhook(jobId, { event = 'bulk.job.completed', accountId }) {
      // 14 attempts, 10 s doubling: the last about 23 hours after the first (docs/bulk.md "Webhooks": about 24 hours).
      await webhooks.add(
        event,
        { jobId, event, accountId },
        { jobId: event === 'bulk.job.completed' ? `${jobId}-webhook` : `${jobId}-${event}`, attempts: settings.webhookAttempts, backoff: { type: 'exponential', delay: settings.webhookBackoffMs, jitter: 0.2 }, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 7 * 86_400 } },
      );
    },
    async addChangeReport(portfolioId, runId) {
      await portfolios.add('changes', { kind: 'changes', portfolioId, runId }, { ...jobOptions, jobId: `${runId}-changes` });
    },
    async close() {
      await Promise.all([verify.close(), finalize.close(), webhooks.close(), portfolios.close()]);
    },
  };
}
