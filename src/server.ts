import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDeps } from './deps.js';
import { createLogger } from './logger.js';
import { resolveAdminToken } from './runtime/admin-token.js';
import { createFirstStartAccount } from './runtime/bootstrap.js';
import { applyHeapPolicy } from './runtime/heap-policy.js';
import { armShutdownDeadline } from './runtime/shutdown-deadline.js';
import { ManagedRedisInUseError, RedisBinaryMissingError } from './runtime/managed-redis.js';
import { sweepExpiredJobs, sweepOrphanFolders } from './bulk/job-retention.js';
import { resolveRedis } from './runtime/redis-connection.js';
import { prepareDataDir } from './runtime/data-dir.js';
import { enforceRedisDurability, liveKeysInUse, RedisNotDurableError } from './runtime/redis-durability.js';
import { isRedisUnreachable } from './store/redis/redis-errors.js';
import { checkRedisReplication } from './runtime/redis-replication-check.js';

/** Retention is counted in days: a sweep a minute is plenty. */
const RETENTION_SWEEP_MS = 60_000;
const ORPHAN_SWEEP_MS = 3_600_000;

let stopRedisOnFailure: (() => Promise<void>) | undefined;

function redisHost(url: string | undefined): string {
  try {
    return url === undefined || url === '' ? 'the private redis-server' : new URL(url).host;
  } catch {
    return 'REDIS_URL';
  }
}

/** Entry point: config → Redis → deps → app → listen, and a graceful close on signals. */
async function main(): Promise<void> {
  applyHeapPolicy();
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  await prepareDataDir(config.dataDir, log);
  const redis = await resolveRedis(config.redisUrl, config.dataDir, log, config.redisFsync, config.redisSentinel);
  // From here on a failed start must not leave the private redis-server running.
  stopRedisOnFailure = redis.stop;
  const deps = await createDeps({ ...config, redisUrl: redis.url }, log);
  // The private redis-server is started set up right; one of the operator's own is checked,
  // and refused when live keys are in use and it cannot keep acknowledged money (docs/money.md "Durability").
  if (config.redisUrl !== undefined) await enforceRedisDurability(deps.redis, () => liveKeysInUse(deps.accounts), log, config.redisFsync);
  if (config.redisSentinel !== undefined) void checkRedisReplication(deps.redis, log);
  const admin = await resolveAdminToken(config.adminToken, config.dataDir);
  const app = await buildApp(deps, { adminToken: admin.token, readOnlyAdminToken: config.adminReadOnlyToken });

  // Any API process may sweep: releasing an expired hold is idempotent.
  const sweeper = setInterval(() => {
    // Both wallets: each environment's holds have their own expiry set (keys.ts holdExpiries).
    Promise.all([deps.wallet.of('live').sweepExpiredHolds(), deps.wallet.of('sandbox').sweepExpiredHolds()])
      .then(([live, sandbox]) => live + sandbox)
      .then((released) => released > 0 && log.warn({ released }, 'released expired wallet holds'))
      .catch((error: unknown) => log.error({ err: error }, 'sweeping expired holds failed'));
  }, config.holdSweepIntervalMs);
  sweeper.unref();
  const retention = setInterval(() => {
    sweepExpiredJobs({ jobs: deps.bulkJobs, results: deps.results, portfolios: deps.portfolios, webhooks: deps.webhooks })
      .then((removed) => removed > 0 && log.info({ removed }, 'removed bulk jobs past retention'))
      .catch((error: unknown) => log.error({ err: error }, 'sweeping jobs past retention failed'));
  }, RETENTION_SWEEP_MS);
  retention.unref();
  // Hourly: it lists every job folder, and what it looks for is a day old.
  const orphans = setInterval(() => {
    sweepOrphanFolders({ jobs: deps.bulkJobs, results: deps.results })
      .then((removed) => removed > 0 && log.warn({ removed }, 'removed job folders no job owns (uploads cut short)'))
      .catch((error: unknown) => log.error({ err: error }, 'sweeping job folders no job owns failed'));
  }, ORPHAN_SWEEP_MS);
  orphans.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    armShutdownDeadline(config.shutdownTimeoutMs, log, redis.stop);
    clearInterval(sweeper);
    clearInterval(retention);
    clearInterval(orphans);
    // The pools stop taking chunks at once, while the HTTP side drains: a process on its way
    // out must not start work for the length of an upload still arriving.
    await Promise.all([
      app.close().catch((error: unknown) => log.error({ err: error }, 'closing the app failed')),
      deps.stopWorkers().catch((error: unknown) => log.error({ err: error }, 'stopping the worker pools failed')),
    ]);
    await deps.close();
    await redis.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await deps.close();
    throw error;
  });
  // Only once listening: a start that fails (a port in use) must not have run pools meanwhile.
  // One machine, one command: npm start runs the pools too, unless BV_RUN_WORKERS=false
  // (then workers/ runs them apart).
  if (config.runWorkers) deps.startWorkers();
  // PORT=0 picks a free port: report the one actually bound.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const baseUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // BV_FIRST_START_ACCOUNT=false (the compose file): no account, so no key in the logs.
  const first = config.firstStartAccount ? await createFirstStartAccount(deps.redis, deps.keys, deps.accounts, deps.wallet) : undefined;

  const lines = [`Business verification service listening on ${baseUrl}`];
  if (admin.generated) lines.push(`Admin token (saved in ${admin.file}): ${admin.token}`);
  else if (admin.file) lines.push(`Admin token: see ${admin.file}`);
  if (first) {
    lines.push(
      `Sandbox account ${first.accountId} created with ₹1,000.00. Its API key (shown once, only its hash is stored):`,
      `  ${first.sandboxKey}`,
      'Try:',
      `  curl -s ${baseUrl}/v1/gst/verify -H 'Authorization: Bearer ${first.sandboxKey}' -H 'Content-Type: application/json' -d '{"gstin":"27AAPFU0939F1ZV"}'`,
    );
  } else {
    // A restart: the first key was shown once. The usual need is another key for the account
    // already there; a new account is the rarer one (its balance_inr goes to the live wallet).
    lines.push(
      `Another API key for an existing account: bv admin keys create <account id> (or POST ${baseUrl}/admin/v1/accounts/<account id>/keys with the admin token), the account id being the acct_… the first start printed.`,
      `A new account: POST ${baseUrl}/admin/v1/accounts with the admin token (docs/api.md, Admin API).`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch(async (error: unknown) => {
  await stopRedisOnFailure?.().catch(() => {});
  // Start-up failures the operator can fix get one readable line, not a stack trace.
  if (error instanceof ConfigError || error instanceof RedisBinaryMissingError || error instanceof ManagedRedisInUseError || error instanceof RedisNotDurableError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`port already in use: ${(error as Error).message.split(': ').pop()} (set PORT to another port)`);
  } else if (isRedisUnreachable(error) && process.env.REDIS_SENTINELS) {
    console.error(`cannot reach the Redis primary through the sentinels ${process.env.REDIS_SENTINELS}: ${(error as Error).message} (check REDIS_SENTINELS and REDIS_SENTINEL_MASTER)`);
  } else if (isRedisUnreachable(error)) {
    // The host only: a REDIS_URL may carry a password.
    console.error(`cannot reach Redis at ${redisHost(process.env.REDIS_URL)}: ${(error as Error).message} (check REDIS_URL, or leave it unset for a private redis-server)`);
  } else {
    console.error('failed to start:', error);
  }
  process.exit(1);
});
