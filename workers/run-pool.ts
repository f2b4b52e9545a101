/**
 * Shared start-up of a worker pool process: config → Redis → deps → workers → signals.
 * A pool process joins a running service's Redis (REDIS_URL or REDIS_SENTINELS); it never starts its own.
 */
import { ConfigError, loadConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { createLogger } from '../src/logger.js';
import { prepareDataDir } from '../src/runtime/data-dir.js';
import { applyHeapPolicy } from '../src/runtime/heap-policy.js';
import { armShutdownDeadline } from '../src/runtime/shutdown-deadline.js';

export async function runPool(pool: 'verify' | 'finalize' | 'scheduler'): Promise<void> {
  applyHeapPolicy();
  try {
    const config = loadConfig();
    if (config.redisUrl === undefined && config.redisSentinel === undefined) {
      throw new ConfigError(`invalid configuration: REDIS_URL: the ${pool} worker pool joins a running service's Redis; set REDIS_URL (or REDIS_SENTINELS) to it`);
    }
    const log = createLogger(config.logLevel).child({ pool });
    await prepareDataDir(config.dataDir, log);
    const deps = await createDeps(config, log);
    deps.startWorkers({ verify: pool === 'verify', finalize: pool === 'finalize', scheduler: pool === 'scheduler' });
    const where = config.redisUrl?.replace(/\/\/[^@]*@/, '//') ?? `${config.redisSentinel?.masterName} via its sentinels`;
    console.log(`bulk ${pool} worker pool running against ${where}`);
    if (pool === 'verify' && config.sourcesFile === undefined) {
      // Said at start, not first found in a job's results: a pool takes its own share of every job's rows.
      console.warn('no BV_SOURCES: the live-key rows this pool takes fail with PROVIDER_UNAVAILABLE; give it the API process\'s BV_SOURCES and credential variables');
    }
    const shutdown = async (signal: string) => {
      log.info({ signal }, 'worker pool shutting down');
      armShutdownDeadline(config.shutdownTimeoutMs, log);
      await deps.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
