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

/**
 * ioredis can end a Sentinel connection for good in the middle of a failover: when the
 * sentinels announce the new primary (+switch-master) while the connection is already
 * reconnecting, its failover detector closes the connector under the reconnect in flight,
 * which then gives up ("Connection is closed") and sets the connection to `end`: every command
 * fails from then on, with nothing left to reconnect it (seen here as an API answering 503 for
 * minutes after a failover, under load). A connection that was ready once and ends without
 * being asked to is connected again. Quitting or disconnecting it marks it as asked.
 */
function reconnectWhenEndedUnasked(redis: Redis, state: { ready: boolean }): void {
  let closing = false;
  const quit = redis.quit.bind(redis);
  const disconnect = redis.disconnect.bind(redis);
  redis.quit = ((...args: Parameters<Redis['quit']>) => {
    closing = true;
    return quit(...args);
  }) as Redis['quit'];
  redis.disconnect = (reconnect = false) => {
    if (!reconnect) closing = true;
    disconnect(reconnect);
  };
  redis.on('end', () => {
    if (closing || !state.ready) return;
    const warning = new Error('the connection ended during a failover without being closed: connecting again through the sentinels');
    if (redis.listenerCount('error') > 0) redis.emit('error', warning);
    // A short pause, so that a connect that fails at once again cannot spin.
    setTimeout(() => {
      if (!closing && redis.status === 'end') redis.connect().catch(() => undefined);
    }, 100).unref();
  });
}

export function createRedisFactory(target: RedisTarget): RedisFactory {
  const base = addressOptions(target);
  /** `state` is shared with the connection this one duplicates (see sentinelRetries). */
  function connect(options: RedisOptions = {}, state = { ready: false }): Redis {
    // The address is the factory's; what to do on an error reply may be the caller's.
    const merged = { ...options, ...base, ...(options.reconnectOnError ? { reconnectOnError: options.reconnectOnError } : {}) };
    if (target.kind === 'url') return new Redis(target.url, merged);
    const redis = new Redis({ ...merged, sentinelRetryStrategy: sentinelRetries(state) });
    redis.once('ready', () => (state.ready = true));
    reconnectWhenEndedUnasked(redis, state);
    // BullMQ duplicates the connections it is given (a worker's blocking one): made here too,
    // they get the same care.
    redis.duplicate = (override?: Partial<RedisOptions>) => connect({ ...options, ...override }, state);
    return redis;
  }
  return {
    target,
    replicated: target.kind === 'sentinel',
    connect: (options?: RedisOptions) => connect(options),
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
