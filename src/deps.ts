import type { Redis } from 'ioredis';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { CHECK_NAMES, type CheckName } from './domain/operations.js';
import { ADAPTERS } from './sources/adapters/index.js';
import { buildLiveSources, type LiveSources } from './sources/live-sources.js';
import type { Source } from './sources/port.js';
import { loadSourcesFile } from './sources/sources-file.js';
import { loadSandboxRegistry } from './sources/sandbox/registry.js';
import { createSandboxSource } from './sources/sandbox/sandbox-source.js';
import { createVerifier, type SourceChains, type Verifier } from './sources/verifier.js';
import { AccountStore } from './store/accounts/accounts.js';
import { IdempotencyStore } from './store/request-guards/idempotency.js';
import { createRedisKeys, type RedisKeys } from './store/keys.js';
import { createRowVerifier } from './bulk/verify-row.js';
import { createBulkQueues, queueConnection, type BulkQueues } from './queue/queues.js';
import { startBulkWorkers, type BulkWorkers, type WorkerPools } from './worker-pools.js';
import { resolveWebhookEvent } from './webhooks/webhook-events.js';
import { reconcilePortfolioSchedules } from './portfolios/schedules.js';
import { followFinishedJob } from './portfolios/finished-job.js';
import { PortfolioStore } from './store/portfolios/portfolios.js';
import { BulkJobStore } from './store/bulk-jobs/bulk-jobs.js';
import { WebhookStore } from './store/bulk-jobs/webhooks.js';
import { openResultStore } from './store/results/open-result-store.js';
import type { ResultStore } from './store/results/result-store.js';
import { SourceStateStore } from './store/sources/source-state.js';
import { WalletStore } from './store/wallet/wallet.js';
import { connectionErrorLogger } from './store/redis/redis-errors.js';
import { createRedisFactory, redisTargetOf } from './store/redis/redis-factory.js';

/** Everything the app and the workers need, built in one place and passed as plain objects. */
export interface Deps {
  config: Readonly<Config>;
  log: Logger;
  redis: Redis;
  keys: RedisKeys;
  accounts: AccountStore;
  wallet: WalletStore;
  idempotency: IdempotencyStore;
  chains: SourceChains;
  /** The configured live sources (none without BV_SOURCES), with their shared state. */
  liveSources: LiveSources;
  sourceState: SourceStateStore;
  verifier: Verifier;
  bulkJobs: BulkJobStore;
  results: ResultStore;
  webhooks: WebhookStore;
  queues: BulkQueues;
  portfolios: PortfolioStore;
  /** Starts this process's worker pools (npm start runs all; workers/ one each). */
  startWorkers(pools?: WorkerPools): BulkWorkers;
  /** Stops the pools taking work and waits for what they hold; close() does it too, first. */
  stopWorkers(): Promise<void>;
  now: () => Date;
  close(): Promise<void>;
}

export interface DepsOverrides {
  now?: () => Date;
  /** Replaces the chains, e.g. a test's sources. */
  chains?: SourceChains;
}

function chainsFor(source: Source): Record<CheckName, readonly Source[]> {
  return Object.fromEntries(CHECK_NAMES.map((check) => [check, [source]])) as unknown as Record<
    CheckName,
    readonly Source[]
  >;
}

export async function createDeps(config: Readonly<Config>, log: Logger, overrides: DepsOverrides = {}): Promise<Deps> {
  // First: a bucket that cannot be reached stops the start with why, before any connection is open.
  const results = await openResultStore(config);
  // Every connection comes from here: one URL, or the primary the sentinels name (and follow).
  const redisFactory = createRedisFactory(redisTargetOf(config));
  const redis = redisFactory.connect({
    // Commands wait for a reconnect instead of failing at once, but not for long: with Redis
    // down, a call answers 503 within a second or two rather than after ioredis's backoff grows
    // to 2 s a try. Reconnecting every half second is cheap.
    maxRetriesPerRequest: 3,
    retryStrategy: (times: number) => Math.min(times * 50, 500),
    enableReadyCheck: true,
    // Commands issued in the same tick by concurrent requests go out in one write.
    enableAutoPipelining: true,
    lazyConnect: true,
  });
  const connectionError = connectionErrorLogger(log);
  redis.on('error', (error: Error) => connectionError('redis', error));
  await redis.connect();
  const keys = createRedisKeys(config.keyPrefix);
  const sourceState = new SourceStateStore(redis, keys);
  let liveSources: LiveSources;
  try {
    // Sandbox keys are always served from the synthetic registry; live keys from the sources
    // file (none configured means a clear 503 per check).
    const plan = config.sourcesFile === undefined ? undefined : await loadSourcesFile(config.sourcesFile, ADAPTERS, config.env);
    liveSources = buildLiveSources(plan, sourceState, log);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const chains = overrides.chains ?? {
    sandbox: chainsFor(createSandboxSource(loadSandboxRegistry(config.sandboxSeed))),
    live: liveSources.chains,
  };
  const accounts = new AccountStore(redis, keys);
  await accounts.enableAuthCache(config.authCacheTtlMs);
  // With replicas (Sentinel), money is acknowledged only once one has it: a failover keeps it.
  const wallet = new WalletStore(redis, keys, redisFactory.replicated ? { replicaWait: { replicas: 1, timeoutMs: config.replicaWaitMs } } : {});
  const verifier = createVerifier(chains);
  const bulkJobs = new BulkJobStore(redis, keys, config.retentionDays * 86_400_000, {
    maxOpenJobs: config.bulk.maxOpenJobsPerAccount,
    maxStoredBytes: config.bulk.maxResultBytesPerAccount,
  });
  const queueRedis = queueConnection(redisFactory);
  const queues = createBulkQueues(queueRedis, {
    prefix: keys.queuePrefix(),
    chunkAttempts: config.bulk.chunkAttempts,
    chunkBackoffMs: config.bulk.chunkBackoffMs,
    webhookAttempts: config.bulk.webhookAttempts,
    webhookBackoffMs: config.bulk.webhookBackoffMs,
  });
  for (const queue of [queues.verify, queues.finalize, queues.webhooks, queues.portfolios]) {
    queue.on('error', (error: Error) => connectionError(`queue ${queue.name}`, error));
  }
  const webhooks = new WebhookStore(redis, keys, { allowPrivate: config.webhookAllowPrivate });
  const portfolios = new PortfolioStore(redis, keys, config.retentionDays * 86_400_000);
  const workerRedis: Redis[] = [];
  const workers: BulkWorkers[] = [];
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    log,
    redis,
    keys,
    accounts,
    wallet,
    idempotency: new IdempotencyStore(redis, keys),
    chains,
    liveSources,
    sourceState,
    verifier,
    bulkJobs,
    results,
    queues,
    webhooks,
    portfolios,
    startWorkers(pools = { verify: true, finalize: true, scheduler: true }) {
      const connection = queueConnection(redisFactory);
      workerRedis.push(connection);
      const running = startBulkWorkers(
        connection,
        {
          prefix: keys.queuePrefix(),
          verifyConcurrency: config.bulk.workerConcurrency,
          finalizeConcurrency: 2,
          lockMs: config.bulk.workerLockMs,
          maxStalledCount: config.bulk.maxStalledCount,
          watchdogMs: config.bulk.watchdogMs,
          watchdogIdleMs: config.bulk.watchdogIdleMs,
          webhookConcurrency: config.bulk.webhookConcurrency,
          webhookAccountConcurrency: config.bulk.webhookAccountConcurrency,
        },
        {
          chunk: {
            jobs: bulkJobs,
            wallet,
            results,
            verifyRow: createRowVerifier(verifier, { budgetMs: config.requestBudgetMs, now }),
            log,
            rowAttempts: config.bulk.rowAttempts,
            rowBackoffMs: config.bulk.rowBackoffMs,
            // As many rows at once as before chunks shared them: chunks × rows per chunk.
            rowSlots: pLimit(config.bulk.workerConcurrency * config.bulk.rowConcurrency),
          },
          finalize: {
            jobs: bulkJobs,
            wallet,
            results,
            log,
            onFinished: followFinishedJob({ jobs: bulkJobs, results, queues, portfolios, holdTtlMs: config.bulk.holdTtlMs, log }),
          },
          webhook: {
            webhooks,
            resolve: (payload) => resolveWebhookEvent(payload, { jobs: bulkJobs, portfolios, results }),
            log,
            timeoutMs: 10_000,
          },
          portfolio: {
            portfolios,
            jobs: bulkJobs,
            wallet,
            results,
            queues,
            chunkRows: config.bulk.chunkRows,
            holdTtlMs: config.bulk.holdTtlMs,
            log,
            announce: (runId, accountId) => queues.addWebhook(runId, { event: 'portfolio.changes', accountId }),
            sandboxClockOffsetMs: async (accountId) => (await accounts.get(accountId))?.sandboxClockOffsetMs ?? 0,
          },
          queues,
          log,
          takeWatchdogLease: (ms) => bulkJobs.takeWatchdogLease(ms),
        },
        pools,
      );
      workers.push(running);
      if (pools.scheduler === true) {
        // Every scheduler process reconciles at start: the ids are the portfolios', so two
        // processes doing it at once still leave one scheduler per portfolio.
        reconcilePortfolioSchedules(queues.portfolios, portfolios)
          .then((done) => log.info(done, 'portfolio schedules reconciled'))
          .catch((error: unknown) => log.error({ err: error }, 'reconciling portfolio schedules failed'));
      }
      return running;
    },
    now,
    async stopWorkers() {
      await Promise.all(workers.map((w) => w.close()));
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
      await Promise.all([queueRedis, ...workerRedis].map((r) => r.quit().catch(() => r.disconnect())));
      await accounts.close();
      await liveSources.close();
      await redis.quit().catch(() => redis.disconnect());
      await results.close();
    },
  };
}
