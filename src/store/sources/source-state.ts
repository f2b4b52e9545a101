/**
 * The shared state of live upstream sources, in Redis so that it holds across every API and
 * worker process: a counting semaphore of call leases (a lease expires, so a killed process
 * frees its slots), a per-second start rate, and a circuit (a source that keeps failing is
 * marked down for a cool-off, then probed again). Clocks are Redis's own (TIME).
 */
import type { Redis } from 'ioredis';
import type { AcquireResult, CallResult, CircuitSettings, SourceLimits } from '../../sources/limits.js';
import type { RedisKeys } from '../keys.js';
import { runScript, type ScriptDefinition } from '../redis/scripts.js';

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/**
 * KEYS: leases, calls, down. ARGV: lease id, lease ms, max in flight, max per second (0 = none).
 * Returns {1} when the lease is taken, else {0, reason, ms worth waiting}.
 */
const ACQUIRE: ScriptDefinition = {
  name: 'bvSourceAcquire',
  numberOfKeys: 3,
  lua: `${NOW}
local down = redis.call('PTTL', KEYS[3])
if down > 0 then return {0, 'down', down} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, 'in_flight', math.max(tonumber(first[2]) - now, 1)}
end
local rate = tonumber(ARGV[4])
if rate > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 1000)
  if redis.call('ZCARD', KEYS[2]) >= rate then
    local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    return {0, 'rate', math.max(tonumber(oldest[2]) + 1000 - now, 1)}
  end
  redis.call('ZADD', KEYS[2], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[2], 2000)
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
-- Only ever lengthen the set's life: a process with a shorter time-out must not cut short
-- the leases of one with a longer time-out.
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) * 2 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2) end
return {1}`,
};

/** KEYS: leases. ARGV: lease id. */
const RELEASE: ScriptDefinition = {
  name: 'bvSourceRelease',
  numberOfKeys: 1,
  lua: `redis.call('ZREM', KEYS[1], ARGV[1])`,
};

/**
 * Passes a held lease on to this process's next request (no release, no new acquire): it
 * starts a new lease life now and keeps the set alive. KEYS: leases, down. ARGV: lease id,
 * lease ms. Only a lease not yet expired by Redis's clock is renewed: once expired, its slot
 * may already be another process's. Returns {1 when renewed else 0, the down key's PTTL}.
 */
const REFRESH: ScriptDefinition = {
  name: 'bvSourceRefresh',
  numberOfKeys: 2,
  lua: `${NOW}
local held = 0
local expires = redis.call('ZSCORE', KEYS[1], ARGV[1])
if expires and tonumber(expires) > now then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) * 2 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2) end
  held = 1
end
return {held, redis.call('PTTL', KEYS[2])}`,
};

/**
 * Records one check's result against the circuit. KEYS: failures, down, probation, stats.
 * ARGV: "ok" | "failed" | "neutral", failures threshold, window ms, cool-off ms.
 * Failures that land while the source is already down (calls that were in flight when it
 * went down) neither extend the cool-off nor count again. A failure while on probation (the
 * first calls after a cool-off) marks it down again at once. Returns {1 when this result
 * marked the source down else 0, the down mark's PTTL}: every call tells its process of a
 * mark another process set, which a lease handed on without a renewal would not.
 */
const RECORD: ScriptDefinition = {
  name: 'bvSourceRecord',
  numberOfKeys: 4,
  lua: `
local result = ARGV[1]
local marked = 0
redis.call('HINCRBY', KEYS[4], 'calls', 1)
redis.call('PEXPIRE', KEYS[4], 180000)
if result == 'ok' then
  redis.call('DEL', KEYS[1], KEYS[3])
elseif result == 'failed' then
  redis.call('HINCRBY', KEYS[4], 'errors', 1)
  if redis.call('EXISTS', KEYS[2]) == 0 then
    local failures = redis.call('INCR', KEYS[1])
    if failures == 1 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3])) end
    if failures >= tonumber(ARGV[2]) or redis.call('EXISTS', KEYS[3]) == 1 then
      local cooloff = tonumber(ARGV[4])
      redis.call('SET', KEYS[2], '1', 'PX', cooloff)
      redis.call('SET', KEYS[3], '1', 'PX', cooloff * 2 + tonumber(ARGV[3]))
      redis.call('DEL', KEYS[1])
      marked = 1
    end
  end
end
return {marked, redis.call('PTTL', KEYS[2])}`,
};

/** KEYS: down, leases. Read-only: counts the leases not yet expired by Redis's clock. */
const SNAPSHOT: ScriptDefinition = {
  name: 'bvSourceSnapshot',
  numberOfKeys: 2,
  lua: `${NOW}
return {redis.call('PTTL', KEYS[1]), redis.call('ZCOUNT', KEYS[2], '(' .. now, '+inf')}`,
};

export interface SourceSnapshot {
  name: string;
  state: 'up' | 'down';
  /** Milliseconds left of the cool-off when down. */
  down_for_ms: number;
  in_flight: number;
  /** Calls and errors in this and the previous minute. */
  recent_calls: number;
  recent_errors: number;
  recent_error_rate: number;
}

export class SourceStateStore implements SourceLimits {
  /**
   * When each source was last seen marked down, until when (this process's clock): learned
   * from the replies of the calls a request makes anyway, so skipping a down source costs no
   * extra round trip. A mark set by another process is learned at the next lease or call.
   */
  private readonly downUntil = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  private noteDown(source: string, forMs: number): void {
    if (forMs > 0) this.downUntil.set(source, Date.now() + forMs);
  }

  knownDownForMs(source: string): number {
    const until = this.downUntil.get(source);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left > 0) return left;
    this.downUntil.delete(source);
    return 0;
  }

  async acquire(source: string, leaseId: string, leaseMs: number, maxInFlight: number, maxPerSecond: number): Promise<AcquireResult> {
    const k = this.keys;
    const reply = (await runScript(
      this.redis,
      ACQUIRE,
      k.sourceLeases(source),
      k.sourceCalls(source),
      k.sourceDown(source),
      leaseId,
      leaseMs,
      maxInFlight,
      maxPerSecond,
    )) as [number, string?, number?];
    if (reply[0] === 1) return { acquired: true };
    const reason = reply[1] as 'down' | 'in_flight' | 'rate';
    if (reason === 'down') this.noteDown(source, Number(reply[2]));
    return { acquired: false, reason, waitMs: Number(reply[2]) };
  }

  async refresh(source: string, leaseId: string, leaseMs: number): Promise<boolean> {
    const [held, downMs] = (await runScript(this.redis, REFRESH, this.keys.sourceLeases(source), this.keys.sourceDown(source), leaseId, leaseMs)) as [number, number];
    this.noteDown(source, Number(downMs));
    return held === 1;
  }

  async release(source: string, leaseId: string): Promise<void> {
    await runScript(this.redis, RELEASE, this.keys.sourceLeases(source), leaseId);
  }


  async record(source: string, result: CallResult, circuit: CircuitSettings): Promise<boolean> {
    const k = this.keys;
    const [marked, downMs] = (await runScript(
      this.redis,
      RECORD,
      k.sourceFailures(source),
      k.sourceDown(source),
      k.sourceProbation(source),
      k.sourceStats(source, Math.floor(Date.now() / 60_000)),
      result,
      circuit.failures,
      circuit.windowMs,
      circuit.cooloffMs,
    )) as [number, number];
    this.noteDown(source, Number(downMs));
    return marked === 1;
  }

  async snapshot(source: string): Promise<SourceSnapshot> {
    const k = this.keys;
    const minute = Math.floor(Date.now() / 60_000);
    const [[downMs, inFlight], current, previous] = await Promise.all([
      runScript(this.redis, SNAPSHOT, k.sourceDown(source), k.sourceLeases(source)) as Promise<[number, number]>,
      this.redis.hgetall(k.sourceStats(source, minute)),
      this.redis.hgetall(k.sourceStats(source, minute - 1)),
    ]);
    const stats = [current, previous];
    const calls = stats.reduce((sum, s) => sum + Number(s.calls ?? 0), 0);
    const errors = stats.reduce((sum, s) => sum + Number(s.errors ?? 0), 0);
    const down = Number(downMs) > 0;
    return {
      name: source,
      state: down ? 'down' : 'up',
      down_for_ms: down ? Number(downMs) : 0,
      in_flight: Number(inFlight),
      recent_calls: calls,
      recent_errors: errors,
      recent_error_rate: calls === 0 ? 0 : Math.round((errors / calls) * 1000) / 1000,
    };
  }

  async getCached(source: string, check: string, inputHash: string): Promise<string | null> {
    return this.redis.get(this.keys.sourceCache(source, check, inputHash));
  }

  async setCached(source: string, check: string, inputHash: string, json: string, ttlS: number): Promise<void> {
    await this.redis.set(this.keys.sourceCache(source, check, inputHash), json, 'EX', ttlS);
  }
}
