import type { WarnLog } from './redis-errors.js';

/**
 * DESIGN.md §2 needs Redis with `maxmemory-policy noeviction` (an evicted key is a lost
 * wallet, ledger or API key) and `appendonly yes` (a restart must not forget money moved).
 * A Redis of the operator's own is checked once at start and a gap is logged loudly; one
 * that forbids CONFIG (some managed services) is trusted. Returns the problems found.
 */
export async function checkRedisDurability(redis: { config(sub: 'GET', name: string): Promise<unknown> }, log: WarnLog): Promise<string[]> {
  const read = async (name: string): Promise<string | undefined> => {
    const reply = (await redis.config('GET', name).catch(() => undefined)) as string[] | undefined;
    return Array.isArray(reply) ? reply[1] : undefined;
  };
  const [policy, appendonly] = await Promise.all([read('maxmemory-policy'), read('appendonly')]);
  const problems: string[] = [];
  if (policy !== undefined && policy !== 'noeviction') {
    problems.push(`maxmemory-policy is ${policy}: Redis may evict wallets, ledgers and API keys under memory pressure; set it to noeviction`);
  }
  if (appendonly !== undefined && appendonly !== 'yes') {
    problems.push('appendonly is off: a Redis restart can lose money moved since its last snapshot; set appendonly yes');
  }
  for (const problem of problems) log.warn({ problem }, 'Redis is not set up as the service needs');
  return problems;
}
