/**
 * Shared start-up of a worker pool process: config → Redis → deps → workers → signals.
 * A pool process joins a running service's Redis (REDIS_URL); it never starts its own.
 */
import { ConfigError, loadConfig } from '../src/config.js';
import { createDeps, createLogger } from '../src/deps.js';
import { applyHeapPolicy } from '../src/runtime/heap-policy.js';

export async function runPool(pool: 'verify' | 'finalize' | 'scheduler'): Promise<void> {
  applyHeapPolicy();
  try {
    const config = loadConfig();
    if (config.redisUrl === undefined) {
      throw new ConfigError(`invalid configuration: REDIS_URL: the ${pool} worker pool joins a running service's Redis; set REDIS_URL to it`);
    }
    const log = createLogger(config.logLevel).child({ pool });
    const deps = await createDeps({ ...config, redisUrl: config.redisUrl }, log);
    deps.startWorkers({ verify: pool === 'verify', finalize: pool === 'finalize', scheduler: pool === 'scheduler' });
    console.log(`bulk ${pool} worker pool running against ${config.redisUrl.replace(/\/\/[^@]*@/, '//')}`);
    const shutdown = async (signal: string) => {
      log.info({ signal }, 'worker pool shutting down');
      // As the API's: chunks still held past the deadline run again elsewhere once their locks lapse.
      setTimeout(() => {
        log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took longer than BV_SHUTDOWN_TIMEOUT_MS: exiting anyway');
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
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
