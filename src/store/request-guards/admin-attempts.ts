import { isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import type { RedisKeys } from '../keys.js';
import { runScript, type ScriptDefinition } from '../redis/scripts.js';

/**
 * Wrong admin tokens counted per client address in Redis, so the count holds across API
 * processes. A fixed window starts at an address's first wrong token; past `maxFailures`
 * in it the address is turned away, right token or not, until the window ends.
 *
 * KEYS[1] the address's counter. ARGV: 'fail' (count one more wrong token) or 'check', the
 * window in ms. Returns {count, ms left in the window (negative when there is none)}.
 */
const ATTEMPTS: ScriptDefinition = {
  name: 'bvAdminAttempts',
  numberOfKeys: 1,
  lua: `
local count
if ARGV[1] == 'fail' then
  count = redis.call('INCR', KEYS[1])
  if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
else
  count = tonumber(redis.call('GET', KEYS[1]) or '0')
end
return {count, redis.call('PTTL', KEYS[1])}`,
};

export interface AdminAttemptLimits {
  maxFailures: number;
  windowMs: number;
}

/** Undefined: go on. A number: the address is throttled for this many more seconds. */
export type AttemptVerdict = number | undefined;

export interface AdminAttempts {
  /** Counts a wrong token from the address; says whether the address is now throttled. */
  failed(address: string): Promise<AttemptVerdict>;
  /** Whether the address is throttled (a right token from it is turned away too). */
  throttled(address: string): Promise<AttemptVerdict>;
}

/**
 * The unit an address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * as its IPv4), an IPv6 address by its /64, since one client commonly holds a whole /64.
 */
export function addressUnit(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::') as [string, string | undefined];
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...front, ...new Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export function createAdminAttempts(redis: Redis, keys: RedisKeys, limits: AdminAttemptLimits): AdminAttempts {
  const run = async (mode: 'fail' | 'check', address: string): Promise<AttemptVerdict> => {
    const [count, leftMs] = (await runScript(redis, ATTEMPTS, keys.adminAuthAttempts(addressUnit(address)), mode, limits.windowMs)) as [number, number];
    // A wrong token is refused from the (max+1)th; a right one once max wrong ones came first.
    const over = mode === 'fail' ? count > limits.maxFailures : count >= limits.maxFailures;
    return over ? Math.max(1, Math.ceil((leftMs > 0 ? leftMs : limits.windowMs) / 1_000)) : undefined;
  };
  return {
    failed: (address) => run('fail', address),
    throttled: (address) => run('check', address),
  };
}
