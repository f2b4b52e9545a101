/**
 * Errors that mean Redis cannot be reached just now (down, restarting, the network), as ioredis
 * raises them: a command that ran out of reconnection attempts, a closed connection, or the
 * socket's own error; under Sentinel, a failover's replies too. A caller should be told to
 * retry (503), not that the service is broken.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Replies of a Redis in the middle of a failover (Sentinel): a primary cut off from its
 * replicas refusing writes (min-replicas-to-write), a demoted one, a replica without its
 * primary, one loading its data. Each passes once the new primary is found.
 */
const FAILOVER_REPLIES = /^(NOREPLICAS|READONLY|MASTERDOWN|LOADING) /;

export function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // No replica confirmed a money change in time (replica-wait.ts): retry, as for a failover.
  if (error.name === 'MaxRetriesPerRequestError' || error.name === 'ReplicaWaitTimeoutError') return true;
  if (FAILOVER_REPLIES.test(error.message)) return true;
  // No sentinel answered (REDIS_SENTINELS), as ioredis says it when it stops asking.
  if (error.message.startsWith('All sentinels are unreachable')) return true;
  if (error.message === 'Connection is closed.' || error.message.startsWith("Stream isn't writeable")) return true;
  // An auto-pipelined command in flight when its connection dropped (a primary killed): it may
  // or may not have run, as with a lost reply; ioredis aborts it rather than send it again.
  if (error.name === 'AbortError' && error.message.startsWith('Command aborted due to connection close')) return true;
  return SOCKET_CODES.has(String((error as NodeJS.ErrnoException).code));
}

/**
 * Redis refusing a write because it is at its maxmemory (`noeviction`): nothing ran, and the
 * call can be retried once memory is freed. The operator's problem, not a bug: a 503, as
 * /readyz says, not a 500 with a stack per call.
 */
export function isRedisOutOfMemory(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('OOM ');
}

export interface WarnLog {
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
