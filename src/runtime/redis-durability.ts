import type { AppendFsync } from './managed-redis-server.js';
import type { WarnLog } from '../store/redis/redis-errors.js';

/**
 * DESIGN.md §2 needs Redis with `maxmemory-policy noeviction` (an evicted key is a lost
 * wallet, ledger or API key), `appendonly yes` (a restart must not forget money moved) and,
 * on a single node, `appendfsync always` (issue 26: no charge, credit or hold is acknowledged
 * before it is on disk; `everysec` lets a power loss forget up to about a second of them).
 * A Redis of the operator's own is checked once at start and a gap is logged loudly; one
 * that forbids CONFIG (some managed services) is trusted. Returns the problems found.
 *
 * `requiredFsync` is BV_REDIS_FSYNC: `everysec` is the operator accepting that window, so
 * only `appendfsync no` (the OS flushes when it likes) is then a problem. Under Sentinel the
 * guarantee comes from a replica (WAIT), checked by redis-replication-check.ts.
 */
export async function checkRedisDurability(
  redis: { config(sub: 'GET', name: string): Promise<unknown> },
  log: WarnLog,
  requiredFsync: AppendFsync = 'always',
): Promise<string[]> {
  const read = async (name: string): Promise<string | undefined> => {
    const reply = (await redis.config('GET', name).catch(() => undefined)) as string[] | undefined;
    return Array.isArray(reply) ? reply[1] : undefined;
  };
  const [policy, appendonly, appendfsync] = await Promise.all([read('maxmemory-policy'), read('appendonly'), read('appendfsync')]);
  const problems: string[] = [];
  if (policy !== undefined && policy !== 'noeviction') {
    problems.push(`maxmemory-policy is ${policy}: Redis may evict wallets, ledgers and API keys under memory pressure; set it to noeviction`);
  }
  if (appendonly !== undefined && appendonly !== 'yes') {
    problems.push('appendonly is off: a Redis restart can lose money moved since its last snapshot; set appendonly yes');
  } else if (appendfsync !== undefined && appendfsync !== 'always' && (requiredFsync === 'always' || appendfsync === 'no')) {
    problems.push(
      `appendfsync is ${appendfsync}: a power loss or OS crash can forget money changes the service already acknowledged; set appendfsync always (or BV_REDIS_FSYNC=everysec to accept up to a second of them)`,
    );
  }
  for (const problem of problems) log.warn({ problem }, 'Redis is not set up as the service needs');
  return problems;
}

/** The Redis cannot keep acknowledged money and live keys are in use: the service does not start on it. */
export class RedisNotDurableError extends Error {
  override name = 'RedisNotDurableError';
  constructor(readonly problems: readonly string[]) {
    super(`refusing to start: live API keys exist and the Redis at REDIS_URL cannot keep acknowledged money: ${problems.join('; ')}`);
  }
}

/**
 * The start-up check for an operator's Redis: with a live key in use (real money), a Redis
 * that cannot keep what the service acknowledges is refused; a sandbox-only one is warned
 * about and used (nothing real to lose, and a development Redis should just work).
 */
export async function enforceRedisDurability(
  redis: { config(sub: 'GET', name: string): Promise<unknown> },
  hasLiveKeys: () => Promise<boolean>,
  log: WarnLog,
  requiredFsync: AppendFsync = 'always',
): Promise<string[]> {
  const problems = await checkRedisDurability(redis, log, requiredFsync);
  if (problems.length > 0 && (await hasLiveKeys())) throw new RedisNotDurableError(problems);
  return problems;
}

/** Whether any account has a live key not revoked (accounts.ts's listIds and listKeys). */
export async function liveKeysInUse(accounts: {
  listIds(): Promise<string[]>;
  listKeys(accountId: string): Promise<{ environment: string; revokedAt: string | null }[]>;
}): Promise<boolean> {
  for (const accountId of await accounts.listIds()) {
    if ((await accounts.listKeys(accountId)).some((key) => key.environment === 'live' && key.revokedAt === null)) return true;
  }
  return false;
}
