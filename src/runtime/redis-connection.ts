import type { Logger } from 'pino';
import { startManagedRedis } from './managed-redis.js';
import type { AppendFsync } from './managed-redis-server.js';

/**
 * REDIS_URL when given; with REDIS_SENTINELS no URL (every connection asks the sentinels for
 * the primary); otherwise a private redis-server under the data folder.
 */
export async function resolveRedis(
  redisUrl: string | undefined,
  dataDir: string,
  log: Logger,
  /** The private redis-server's AOF fsync mode (BV_REDIS_FSYNC); its default is `always`. */
  appendfsync?: AppendFsync,
  sentinel?: { masterName: string },
): Promise<{ url: string | undefined; managed: boolean; stop: () => Promise<void> }> {
  if (redisUrl !== undefined) return { url: redisUrl, managed: false, stop: async () => {} };
  // Never a private server beside the sentinels' primary: money there would be on one disk.
  if (sentinel !== undefined) return { url: undefined, managed: false, stop: async () => {} };
  const redisLog = log.child({ component: 'managed-redis' });
  const managed = await startManagedRedis({
    dataDir,
    ...(appendfsync === undefined ? {} : { appendfsync }),
    onOutput: (line) => redisLog.debug(line),
    onSupervision: (event) => {
      if (event.kind === 'exited') redisLog.error({ how: event.how }, 'the private redis-server stopped: starting it again from its AOF');
      else if (event.kind === 'restarted') redisLog.warn({ redisPid: event.pid, attempt: event.attempt }, 'the private redis-server is back');
      else redisLog.error({ attempt: event.attempt, output: event.output, retryInMs: event.retryInMs }, 'the private redis-server did not start again: trying once more');
    },
  });
  // Its address, not its URL: the URL carries the password.
  log.info({ address: `127.0.0.1:${managed.port}`, dataDir }, 'started a private redis-server (set REDIS_URL to use your own)');
  return { url: managed.url, managed: true, stop: () => managed.stop() };
}
