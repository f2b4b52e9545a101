import type { Redis } from 'ioredis';
import { CallBatcher } from '../redis/call-batcher.js';
import { runScript, type ScriptDefinition } from '../redis/scripts.js';

/**
 * A sliding-window counter per API key, shared by every API process through Redis. The
 * window's count is estimated from this window's and the previous window's counts, weighted
 * by how much of the previous window still overlaps, which smooths the burst a fixed window
 * allows at its edge. A refused call is not counted.
 *
 * KEYS[1] counter hash {start, curr, prev}. ARGV: window_ms, max, calls (this many calls of
 * one key, counted one after another, call-batcher.ts). The clock is Redis's own (TIME), so
 * API processes whose clocks disagree still share one window.
 * Returns per call, flat: count after this call (max+1 when refused), and ms until the key
 * can make a call again when this one was refused or used the last of the quota, else until
 * the whole quota is back (RateLimit-Reset). A call counts in full to the end of its window,
 * then less and less through the next one, so that is not the end of the current window: a
 * client told to wait for it would have been refused again.
 */
const SLIDING_WINDOW_LUA = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local start = now - (now % window)
local state = redis.call('HMGET', KEYS[1], 'start', 'curr', 'prev')
local curr, prev = 0, 0
local stored = tonumber(state[1])
if stored == start then
  curr = tonumber(state[2]) or 0
  prev = tonumber(state[3]) or 0
elseif stored == start - window then
  prev = tonumber(state[2]) or 0
end
local elapsed = now - start
-- ms until one more call fits, with this window's count so far.
local function untilOneFits()
  if curr + 1 > max then
    -- This window alone is full: wait for the next, then for its predecessor's weight
    -- (this window's count) to fall until prev * (window - t) / window + 1 <= max.
    return (window - elapsed) + math.ceil(window * (1 - (max - 1) / curr))
  end
  return math.ceil(window * (1 - (max - curr - 1) / prev)) - elapsed
end
local counted = 0
local reply = {}
for call = 1, tonumber(ARGV[3]) do
  local estimate = prev * (window - elapsed) / window + curr
  if estimate + 1 > max then
    reply[#reply + 1] = max + 1; reply[#reply + 1] = math.max(untilOneFits(), 1)
  else
    curr = curr + 1
    counted = counted + 1
    reply[#reply + 1] = math.ceil(estimate + 1)
    if estimate + 2 > max then
      reply[#reply + 1] = math.max(untilOneFits(), 1)
    else
      -- This window's calls weigh nothing once the next window has passed too.
      reply[#reply + 1] = 2 * window - elapsed
    end
  end
end
if counted > 0 then
  redis.call('HSET', KEYS[1], 'start', start, 'curr', curr, 'prev', prev)
  redis.call('PEXPIRE', KEYS[1], window * 2)
end
return reply`;

const SLIDING_WINDOW: ScriptDefinition = { name: 'bvRateLimit', numberOfKeys: 1, lua: SLIDING_WINDOW_LUA };

export interface RateLimitStoreResult {
  current: number;
  ttl: number;
}

interface Counted {
  key: string;
  windowMs: number;
  max: number;
}

/** The store interface @fastify/rate-limit calls: key is the counter's Redis key (keys.ts). */
export function createRateLimitStore(redis: Redis) {
  // Concurrent calls of one key (with one window and limit) are counted by one script call.
  const counts = new CallBatcher<Counted, RateLimitStoreResult>(async (_group, calls) => {
    const { key, windowMs, max } = calls[0] as Counted;
    const reply = (await runScript(redis, SLIDING_WINDOW, key, windowMs, max, calls.length)) as number[];
    return calls.map((_, index) => ({ current: Number(reply[index * 2]), ttl: Number(reply[index * 2 + 1]) }));
  });
  return class SlidingWindowStore {
    // The plugin passes the window and the key's limit after the callback; its typings omit them.
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitStoreResult) => void,
      timeWindowMs = 60_000,
      max = 1,
    ) {
      counts
        .call(`${key}|${timeWindowMs}|${max}`, { key, windowMs: timeWindowMs, max })
        .then((result) => callback(null, result))
        .catch((error: unknown) => callback(error as Error));
    }

    child() {
      return this;
    }
  };
}
