import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { CHECK_NAMES, type CheckName } from './domain/operations.js';
import type { Source } from './sources/port.js';
import { loadSandboxRegistry } from './sources/sandbox/registry.js';
import { createSandboxSource } from './sources/sandbox/sandbox-source.js';
import { createVerifier, type SourceChains, type Verifier } from './sources/verifier.js';
import { AccountStore } from './store/accounts.js';
import { IdempotencyStore } from './store/idempotency.js';
import { createRedisKeys, type RedisKeys } from './store/keys.js';
import { WalletStore } from './store/wallet.js';

/** Everything the app and the workers need, built in one place and passed as plain objects. */
export interface Deps {
  config: Readonly<Config>;
  log: Logger;
  redis: Redis;
  keys: RedisKeys;
  accounts: AccountStore;
  wallet: WalletStore;
  idempotency: IdempotencyStore;
  chains: SourceChains;
  verifier: Verifier;
  now: () => Date;
  close(): Promise<void>;
}

export interface DepsOverrides {
  now?: () => Date;
  /** Replaces the chains, e.g. a test's sources. */
  chains?: SourceChains;
}

function chainsFor(source: Source | undefined): Record<CheckName, readonly Source[]> {
  return Object.fromEntries(CHECK_NAMES.map((check) => [check, source ? [source] : []])) as unknown as Record<
    CheckName,
    readonly Source[]
  >;
}

export async function createDeps(
  config: Readonly<Config> & { redisUrl: string },
  log: Logger,
  overrides: DepsOverrides = {},
): Promise<Deps> {
  const redis = new Redis(config.redisUrl, {
    // Commands wait for a reconnect instead of failing at once; the request budget bounds the wait.
    maxRetriesPerRequest: 3,
    enableReadyCheck: true,
    // Commands issued in the same tick by concurrent requests go out in one write.
    enableAutoPipelining: true,
    lazyConnect: true,
  });
  await redis.connect();
  const keys = createRedisKeys(config.keyPrefix);
  // Sandbox keys are always served from the synthetic registry; live sources come from
  // BV_SOURCES (none configured means a clear 503 per check).
  const chains = overrides.chains ?? {
    sandbox: chainsFor(createSandboxSource(loadSandboxRegistry(config.sandboxSeed))),
    live: chainsFor(undefined),
  };
  const accounts = new AccountStore(redis, keys);
  await accounts.enableAuthCache(config.authCacheTtlMs);
  return {
    config,
    log,
    redis,
    keys,
    accounts,
    wallet: new WalletStore(redis, keys),
    idempotency: new IdempotencyStore(redis, keys),
    chains,
    verifier: createVerifier(chains),
    now: overrides.now ?? (() => new Date()),
    async close() {
      await accounts.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The one pino root. Keys, Authorization headers and PAN holder names never reach a log line. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        'authorization',
        'apiKey',
        '*.apiKey',
        'api_key',
        '*.api_key',
        'sandbox_key',
        'live_key',
        'fullName',
        '*.fullName',
        'registered_name',
        '*.registered_name',
      ],
      censor: '[redacted]',
    },
  });
}
