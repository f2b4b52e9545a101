import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { CHECK_NAMES, type CheckName } from './domain/operations.js';
import { ADAPTERS } from './sources/adapters/index.js';
import { buildLiveSources, type LiveSources } from './sources/live-sources.js';
import type { Source } from './sources/port.js';
import { loadSourcesFile } from './sources/sources-file.js';
import { loadSandboxRegistry } from './sources/sandbox/registry.js';
import { createSandboxSource } from './sources/sandbox/sandbox-source.js';
import { createVerifier, type SourceChains, type Verifier } from './sources/verifier.js';
import { AccountStore } from './store/accounts.js';
import { IdempotencyStore } from './store/idempotency.js';
import { createRedisKeys, type RedisKeys } from './store/keys.js';
import { SourceStateStore } from './store/source-state.js';
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
  /** The configured live sources (none without BV_SOURCES), with their shared state. */
  liveSources: LiveSources;
  sourceState: SourceStateStore;
  verifier: Verifier;
  now: () => Date;
  close(): Promise<void>;
}

export interface DepsOverrides {
  now?: () => Date;
  /** Replaces the chains, e.g. a test's sources. */
  chains?: SourceChains;
}

function chainsFor(source: Source): Record<CheckName, readonly Source[]> {
  return Object.fromEntries(CHECK_NAMES.map((check) => [check, [source]])) as unknown as Record<
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
  const sourceState = new SourceStateStore(redis, keys);
  let liveSources: LiveSources;
  try {
    // Sandbox keys are always served from the synthetic registry; live keys from the sources
    // file (none configured means a clear 503 per check).
    const plan = config.sourcesFile === undefined ? undefined : await loadSourcesFile(config.sourcesFile, ADAPTERS, config.env);
    liveSources = buildLiveSources(plan, sourceState, log);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const chains = overrides.chains ?? {
    sandbox: chainsFor(createSandboxSource(loadSandboxRegistry(config.sandboxSeed))),
    live: liveSources.chains,
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
    liveSources,
    sourceState,
    verifier: createVerifier(chains),
    now: overrides.now ?? (() => new Date()),
    async close() {
      await accounts.close();
      await liveSources.close();
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
