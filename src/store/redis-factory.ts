import { Redis, type RedisOptions } from 'ioredis';

/**
 * Where the service's Redis is: one URL (REDIS_URL or the managed Redis), or a primary found
 * through Redis Sentinel (REDIS_SENTINELS + REDIS_SENTINEL_MASTER).
 */
export type RedisTarget =
  | { kind: 'url'; url: string; password?: string | undefined }
  | {
      kind: 'sentinel';
      sentinels: readonly { host: string; port: number }[];
      masterName: string;
      password?: string | undefined;
      sentinelPassword?: string | undefined;
    };

/**
 * Makes every connection the service opens (the API's, BullMQ's, pub/sub), so that all of them
 * reach the same primary, and all follow it through a failover.
 */
export interface RedisFactory {
  readonly target: RedisTarget;
  /** Whether the primary has replicas that money changes wait for (WAIT): Sentinel. */
  readonly replicated: boolean;
  /** A new connection; `options` are the caller's (timeouts, retries), never the address. */
  connect(options?: RedisOptions): Redis;
  /** The address for logs and error messages, without any password. */
  describe(): string;
}

/**
 * A demoted primary answers writes with READONLY. Reconnecting (through the sentinels, to the
 * new primary) and sending the command again is what the caller wants: 2 = reconnect, resend.
 */
function reconnectOnReadOnly(error: Error): 2 | false {
  return error.message.startsWith('READONLY') ? 2 : false;
}

/**
 * For connections that wait through outages (BullMQ's): a primary without its replicas
 * (NOREPLICAS, min-replicas-to-write) ran nothing, so the command is sent again after a
 * reconnect, which waits the connection's retry delay. Without this, BullMQ's workers fetch
 * again at once on such an error, thousands of times a second, until a replica is back.
 */
export function reconnectOnFailoverReply(error: Error): 2 | false {
  return error.message.startsWith('READONLY') || error.message.startsWith('NOREPLICAS') ? 2 : false;
}

function addressOptions(target: RedisTarget): RedisOptions {
  if (target.kind === 'url') return target.password === undefined ? {} : { password: target.password };
  return {
    sentinels: target.sentinels.map(({ host, port }) => ({ host, port })),
    name: target.masterName,
    role: 'master',
    password: target.password,
    sentinelPassword: target.sentinelPassword,
    // Told by the sentinels (+switch-master) the moment they promote a replica, instead of
    // finding out when the old primary's socket dies, which a partition may never make it do.
    failoverDetector: true,
    reconnectOnError: reconnectOnReadOnly,
  };
}

/**
 * How long a connection that has never been ready keeps asking sentinels that do not answer:
 * a service started with REDIS_SENTINELS that name nothing reachable exits with one line
 * (server.ts) instead of waiting for ever. Once ready, a connection asks them for ever.
 */
const FIRST_CONNECT_MS = 10_000;

/**
 * Asks the sentinels again every half second at most while none answers (see
 * FIRST_CONNECT_MS). Connections duplicated from this one (BullMQ's, pub/sub) share `state`.
 */
function sentinelRetries(state: { ready: boolean }): (times: number) => number | null {
  const startedAtMs = Date.now();
  return (times) => {
    if (!state.ready && Date.now() - startedAtMs > FIRST_CONNECT_MS) return null;
    return Math.min(times * 100, 500);
  };
}

export function createRedisFactory(target: RedisTarget): RedisFactory {
  const base = addressOptions(target);
  return {
    target,
    replicated: target.kind === 'sentinel',
    connect(options: RedisOptions = {}) {
      // The address is the factory's; what to do on an error reply may be the caller's.
      const merged = { ...options, ...base, ...(options.reconnectOnError ? { reconnectOnError: options.reconnectOnError } : {}) };
      if (target.kind === 'url') return new Redis(target.url, merged);
      const state = { ready: false };
      const redis = new Redis({ ...merged, sentinelRetryStrategy: sentinelRetries(state) });
      redis.once('ready', () => (state.ready = true));
      return redis;
    },
    describe() {
      if (target.kind === 'sentinel') return `${target.masterName} via sentinels ${target.sentinels.map(({ host, port }) => `${host}:${port}`).join(',')}`;
      try {
        return new URL(target.url).host;
      } catch {
        return 'REDIS_URL';
      }
    },
  };
}

/** The target a loaded config names: sentinels when set, else the URL (REDIS_URL or the managed Redis's). */
export function redisTargetOf(config: {
  redisUrl: string | undefined;
  redisPassword?: string | undefined;
  redisSentinel?: { sentinels: readonly { host: string; port: number }[]; masterName: string; sentinelPassword: string | undefined } | undefined;
}): RedisTarget {
  if (config.redisSentinel !== undefined) {
    return { kind: 'sentinel', ...config.redisSentinel, password: config.redisPassword };
  }
  if (config.redisUrl === undefined) throw new Error('no Redis to connect to: neither a URL nor sentinels');
  return { kind: 'url', url: config.redisUrl, password: config.redisPassword };
}
