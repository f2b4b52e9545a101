/**
 * Errors that mean Redis cannot be reached just now (down, restarting, the network), as ioredis
 * raises them: a command that ran out of reconnection attempts, a closed connection, or the
 * socket's own error. A caller should be told to retry (503), not that the service is broken.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (error.message === 'Connection is closed.' || error.message.startsWith("Stream isn't writeable")) return true;
  return SOCKET_CODES.has(String((error as NodeJS.ErrnoException).code));
}

interface WarnLog {
  warn(fields: object, message: string): void;
}

/**
 * A listener for connections' 'error' events, logging through the service's logger: without
 * one, ioredis and BullMQ print each error with console.error, past the logger and its level,
 * some 16,000 lines in a few minutes of outage. Each source logs its first error at once, then
 * at most one line per `everyMs` saying how many it left out.
 */
export function connectionErrorLogger(log: WarnLog, everyMs = 30_000): (source: string, error: Error) => void {
  const last = new Map<string, { atMs: number; skipped: number }>();
  return (source, error) => {
    const now = Date.now();
    const seen = last.get(source);
    if (seen !== undefined && now - seen.atMs < everyMs) {
      seen.skipped++;
      return;
    }
    log.warn({ source, reason: error.message, ...(seen?.skipped ? { left_out: seen.skipped } : {}) }, 'connection error (it reconnects by itself)');
    last.set(source, { atMs: now, skipped: 0 });
  };
}

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
