import type { Logger } from 'pino';
import { startManagedRedis } from './managed-redis.js';

/** REDIS_URL when given; otherwise a private redis-server under the data folder. */
export async function resolveRedis(
  redisUrl: string | undefined,
  dataDir: string,
  log: Logger,
): Promise<{ url: string; managed: boolean; stop: () => Promise<void> }> {
  if (redisUrl !== undefined) return { url: redisUrl, managed: false, stop: async () => {} };
  const redisLog = log.child({ component: 'managed-redis' });
  const managed = await startManagedRedis({ dataDir, onOutput: (line) => redisLog.debug(line) });
  // Its address, not its URL: the URL carries the password.
  log.info({ address: `127.0.0.1:${managed.port}`, dataDir }, 'started a private redis-server (set REDIS_URL to use your own)');
  return { url: managed.url, managed: true, stop: () => managed.stop() };
}
