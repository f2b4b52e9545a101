import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * One schema over the environment (DESIGN.md §7), parsed once at start-up and frozen.
 * A bad value stops the process with a message naming the variable and the rule.
 */
/** What zod's stringbool takes, case aside. */
const ON_OFF = 'must be true or false (or 1 / 0, yes / no, y / n, on / off, enabled / disabled)';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** High availability (DESIGN.md §7): the sentinels to ask for the primary, instead of REDIS_URL. */
  REDIS_SENTINELS: z
    .string()
    .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, 'must be host:port pairs separated by commas, e.g. 10.0.0.1:26379,10.0.0.2:26379')
    .optional(),
  REDIS_SENTINEL_MASTER: z.string().regex(/^[A-Za-z0-9._-]+$/, 'must be the master name the sentinels monitor (letters, digits, ".", "_", "-")').optional(),
  /** The password of the Redis servers (their requirepass); with REDIS_URL it overrides one in the URL. */
  REDIS_PASSWORD: z.string().min(1).optional(),
  /** The sentinels' own password (their requirepass), when they have one. */
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
  /**
   * With sentinels, how long a money change waits for a replica to confirm it (WAIT) before
   * the call answers 503 instead of acknowledging money a failover could lose.
   */
  BV_REPLICA_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  BV_DATA_DIR: z.string().min(1).default('./data'),
  BV_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A second operator token that opens only the read-only queue board (docs/operations.md "Queue boards"). */
  BV_ADMIN_READONLY_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BV_SOURCES: z.string().min(1).optional(),
  BV_SANDBOX_SEED: z.coerce.number().int().min(0).default(20_261_001),
  /** The time budget of one call across all its upstream attempts. */
  BV_REQUEST_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long a wallet hold lives before the sweeper releases it; longer than any call. */
  BV_HOLD_TTL_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** How long an authenticated key is remembered in-process; revocations evict it at once. */
  BV_AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** At most 30 s: reconcile reports a hold still open a minute past its expiry as one the sweeper missed. */
  BV_HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  BV_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /**
   * Slow clients (docs/security.md "Hardening and limits"): a request's headers must arrive within
   * BV_HEADERS_TIMEOUT_MS; its body within BV_REQUEST_TIMEOUT_MS plus one second for every
   * BV_BODY_MIN_BYTES_PER_SECOND bytes received, so a large upload at a fair pace always fits
   * and a trickle gets 408 soon. An idle keep-alive connection closes after
   * BV_KEEP_ALIVE_TIMEOUT_MS.
   */
  BV_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(20_000),
  BV_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  BV_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(65_536),
  BV_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
  /** Open connections at most; unset: half the process's file limit less a reserve (docs/security.md). */
  BV_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** Wrong admin tokens one client address may send in a minute before it gets 429 (all API processes together). */
  BV_ADMIN_AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Bulk intake limits (docs/bulk.md "Intake": 1,000,000 rows, 200 MB by default). */
  BV_BULK_MAX_ROWS: z.coerce.number().int().min(1).default(1_000_000),
  BV_BULK_MAX_BYTES: z.coerce.number().int().min(1024).default(200 * 1024 * 1024),
  BV_BULK_MAX_RECORD_BYTES: z.coerce.number().int().min(256).default(64 * 1024),
  /**
   * Per-account quotas (docs/bulk.md): unfinished bulk jobs (portfolio runs included),
   * and bytes of stored job files past which a new job is refused. 0 turns a cap off.
   */
  BV_MAX_OPEN_JOBS_PER_ACCOUNT: z.coerce.number().int().min(0).max(1_000_000).default(20),
  BV_MAX_RESULT_BYTES_PER_ACCOUNT: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(10 * 1024 ** 3),
  /** Rows per BullMQ chunk job: large enough to keep queue overhead small, small enough to spread. */
  BV_BULK_CHUNK_ROWS: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Attempts per row when its source is down or slow, with exponential backoff and jitter. */
  BV_BULK_ROW_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  BV_BULK_ROW_BACKOFF_MS: z.coerce.number().int().min(0).default(1_000),
  /** A job's hold outlives any job; finishing or cancelling releases it long before. */
  BV_BULK_HOLD_TTL_MS: z.coerce.number().int().min(60_000).default(7 * 86_400_000),
  /** Chunks one verify worker process runs at once, and rows at once within a chunk. */
  BV_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  BV_BULK_ROW_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** How long a worker's claim on a chunk lasts unrenewed: a killed worker's chunk runs again after it. */
  BV_WORKER_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  /**
   * Tries of a whole chunk or finalize, the first wait between them doubling (with jitter): 10
   * from 2 s wait out a cause that may pass (a full disk, Redis away) for about 17 minutes;
   * then the watchdog ends the rows left, failed and unbilled.
   */
  BV_BULK_CHUNK_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(10),
  BV_BULK_CHUNK_BACKOFF_MS: z.coerce.number().int().min(10).default(2_000),
  /** Crashes of the worker holding a chunk (found stalled) before it is failed: it is safe to run again. */
  BV_WORKER_MAX_STALLED: z.coerce.number().int().min(1).max(100).default(5),
  /** How often the bulk watchdog looks for jobs that cannot end by themselves. */
  BV_BULK_WATCHDOG_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a job goes without a chunk counted before a chunk missing from the queue is given up on. */
  BV_BULK_WATCHDOG_IDLE_MS: z.coerce.number().int().min(100).default(300_000),
  /** Webhook retries: 14 attempts 10 s apart, doubling, span about 24 hours (docs/bulk.md "Webhooks"). */
  BV_WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(14),
  BV_WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(10).default(10_000),
  /**
   * Webhook deliveries a worker process makes at once (each mostly waits on its receiver, up
   * to 10 s), and of them at most BV_WEBHOOK_ACCOUNT_CONCURRENCY for one account, so one
   * account's slow receiver cannot delay every other account's webhooks.
   */
  BV_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
  BV_WEBHOOK_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(4),
  /**
   * Webhooks to loopback, private, link-local and other non-public addresses: refused unless
   * this is true (a local receiver in development). Checked at intake and again, on the
   * address a name resolves to, when a webhook is sent.
   */
  BV_WEBHOOK_ALLOW_PRIVATE: z.stringbool({ error: ON_OFF }).default(false),
  /**
   * Whether the API process also runs every worker pool (one machine, one command). false runs
   * the API alone, with the pools started apart (npm run worker:*), as DESIGN.md §2 scales them.
   */
  BV_RUN_WORKERS: z.stringbool({ error: ON_OFF }).default(true),
  /**
   * Whether the very first start against a Redis opens a sandbox account and prints its key.
   * false where logs are collected (the compose file): no key is made, so none is printed.
   */
  BV_FIRST_START_ACCOUNT: z.stringbool({ error: ON_OFF }).default(true),
  /** How long a SIGTERM'd process may drain (answers in flight, the chunks its pools hold) before it exits anyway. */
  BV_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** Days a finished bulk job (a portfolio run too) keeps its record and files; then both go. */
  BV_RETENTION_DAYS: z.coerce.number().min(0.0001).max(3_650).default(30),
  BV_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/, 'lower-case letters, digits, ":", "_" and "-" only')
    .default('bv:v1'),
  /**
   * When Redis fsyncs its AOF: `always` (no acknowledged money change is lost with the power)
   * or `everysec` (faster; up to about a second can be). Sets the private redis-server's mode;
   * with REDIS_URL, what the start-up check asks of the operator's Redis (docs/money.md "Durability").
   */
  BV_REDIS_FSYNC: z.enum(['always', 'everysec']).default('always'),
  /**
   * Result files on an S3-compatible store (docs/deployment.md "Result files on an S3-compatible store"):
   * set the bucket and every process keeps job files there instead of under BV_DATA_DIR.
   */
  BV_RESULTS_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, "." and "-", starting and ending with a letter or digit')
    .optional(),
  /** Unset: AWS S3 itself. A MinIO, Ceph or other S3-compatible store's URL. */
  BV_RESULTS_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://10.0.0.5:9000' }).optional(),
  BV_RESULTS_S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as ap-south-1 (lower-case letters, digits and "-")').optional(),
  /** Bucket in the path (http://host/bucket/key), not the host name; most S3-compatible stores need it. */
  BV_RESULTS_S3_FORCE_PATH_STYLE: z.stringbool({ error: ON_OFF }).optional(),
  /** Keys start with this, so that several deployments share a bucket. */
  BV_RESULTS_S3_PREFIX: z
    .string()
    .regex(/^(?!\/)(?!.*\/\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9!_.*'()/-]{1,200}$/, 'must be up to 200 letters, digits and !_.*\'()/- with no leading "/", no "//" and no "." or ".." part, e.g. bv/production/')
    .optional(),
  /** Read by the AWS SDK too; named here so that one set without the other is an error, not an anonymous request. */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_REGION: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  redisUrl: string | undefined;
  /** Set when REDIS_SENTINELS is: every connection finds the primary through these sentinels. */
  redisSentinel: RedisSentinelConfig | undefined;
  /** REDIS_PASSWORD: the Redis servers' password (never logged). */
  redisPassword: string | undefined;
  /** How long a money change waits for a replica's confirmation under Sentinel. */
  replicaWaitMs: number;
  dataDir: string;
  adminToken: string | undefined;
  /** BV_ADMIN_READONLY_TOKEN: opens the read-only queue board; unset, there is none. */
  adminReadOnlyToken: string | undefined;
  sourcesFile: string | undefined;
  sandboxSeed: number;
  requestBudgetMs: number;
  bodyLimitBytes: number;
  /** Time-outs and the connection cap of the HTTP server (app.ts). */
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    bodyMinBytesPerSecond: number;
    keepAliveTimeoutMs: number;
    /** undefined: derived from the process's file limit when the app is built. */
    maxConnections: number | undefined;
  };
  adminAuthFailuresPerMinute: number;
  holdTtlMs: number;
  holdSweepIntervalMs: number;
  authCacheTtlMs: number;
  keyPrefix: string;
  retentionDays: number;
  /** Whether webhooks may go to loopback, private and link-local addresses (development only). */
  webhookAllowPrivate: boolean;
  runWorkers: boolean;
  /** BV_FIRST_START_ACCOUNT: open (and print the key of) a sandbox account on the very first start. */
  firstStartAccount: boolean;
  shutdownTimeoutMs: number;
  bulk: {
    maxRows: number;
    maxBytes: number;
    maxRecordBytes: number;
    /** Caps per account (0: none): unfinished jobs, and stored job file bytes. */
    maxOpenJobsPerAccount: number;
    maxResultBytesPerAccount: number;
    chunkRows: number;
    rowAttempts: number;
    rowBackoffMs: number;
    holdTtlMs: number;
    workerConcurrency: number;
    rowConcurrency: number;
    workerLockMs: number;
    chunkAttempts: number;
    chunkBackoffMs: number;
    maxStalledCount: number;
    watchdogMs: number;
    watchdogIdleMs: number;
    webhookAttempts: number;
    webhookBackoffMs: number;
    webhookConcurrency: number;
    webhookAccountConcurrency: number;
  };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** BV_REDIS_FSYNC: the AOF fsync mode the service runs (managed) or asks for (REDIS_URL). */
  redisFsync: 'always' | 'everysec';
  /** BV_RESULTS_S3_*: job files on this bucket; undefined: under BV_DATA_DIR/results. */
  resultsS3: ResultsS3Config | undefined;
  /**
   * The environment this config was read from: the sources file names the variables that
   * hold upstream credentials, and they are read from here, not from process.env later.
   */
  env: Readonly<Record<string, string>>;
}

export interface RedisSentinelConfig {
  sentinels: readonly { host: string; port: number }[];
  masterName: string;
  sentinelPassword: string | undefined;
}

/** REDIS_SENTINELS' `host:port,…`, already checked by the schema's pattern. */
function parseSentinels(list: string): { host: string; port: number }[] {
  return list.split(',').map((pair) => {
    const at = pair.lastIndexOf(':');
    return { host: pair.slice(0, at), port: Number(pair.slice(at + 1)) };
  });
}

export interface ResultsS3Config {
  bucket: string;
  /** undefined: AWS S3's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** '' or ending in "/". */
  prefix: string;
  /** undefined: the AWS SDK's default credential chain (shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** BV_RESULTS_S3_* and the AWS credentials, checked together. */
function resultsS3Of(e: z.infer<typeof EnvSchema>): ResultsS3Config | undefined {
  if (e.BV_RESULTS_S3_BUCKET === undefined) {
    const stray = (['BV_RESULTS_S3_ENDPOINT', 'BV_RESULTS_S3_REGION', 'BV_RESULTS_S3_FORCE_PATH_STYLE', 'BV_RESULTS_S3_PREFIX'] as const).find((name) => e[name] !== undefined);
    if (stray !== undefined) throw new ConfigError(`invalid configuration: ${stray}: only used with BV_RESULTS_S3_BUCKET; set the bucket too, or unset ${stray} to keep results under BV_DATA_DIR`);
    return undefined;
  }
  if ((e.AWS_ACCESS_KEY_ID === undefined) !== (e.AWS_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.AWS_ACCESS_KEY_ID === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY';
    throw new ConfigError(`invalid configuration: ${missing}: required with ${missing === 'AWS_ACCESS_KEY_ID' ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'} (set both, or neither to use the AWS default credential chain)`);
  }
  const region = e.BV_RESULTS_S3_REGION ?? e.AWS_REGION ?? (e.BV_RESULTS_S3_ENDPOINT === undefined ? undefined : 'us-east-1');
  if (region === undefined) {
    throw new ConfigError("invalid configuration: BV_RESULTS_S3_REGION: required for AWS S3 (the bucket's region, e.g. ap-south-1), unless AWS_REGION is set");
  }
  const prefix = e.BV_RESULTS_S3_PREFIX ?? '';
  return Object.freeze({
    bucket: e.BV_RESULTS_S3_BUCKET,
    endpoint: e.BV_RESULTS_S3_ENDPOINT,
    region,
    // Unset: path style with an endpoint of one's own (MinIO and most stores need it), host style on AWS.
    forcePathStyle: e.BV_RESULTS_S3_FORCE_PATH_STYLE ?? e.BV_RESULTS_S3_ENDPOINT !== undefined,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    credentials:
      e.AWS_ACCESS_KEY_ID === undefined || e.AWS_SECRET_ACCESS_KEY === undefined
        ? undefined
        : Object.freeze({ accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }),
  });
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Secrets that may be given as a file instead, `<NAME>_FILE` (Docker's and compose's secrets are
 * files under /run/secrets): the value then stays out of the environment, which `docker inspect`
 * and /proc/<pid>/environ show.
 */
const FILE_SECRETS = ['BV_ADMIN_TOKEN', 'BV_ADMIN_READONLY_TOKEN', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD', 'AWS_SECRET_ACCESS_KEY'] as const;

/** `defined` with each `<NAME>_FILE` read into `<NAME>`; the names whose value came from a file. */
function readSecretFiles(defined: Record<string, string>): { env: Record<string, string>; fromFile: Map<string, string> } {
  const env = { ...defined };
  const fromFile = new Map<string, string>();
  for (const name of FILE_SECRETS) {
    const file = defined[`${name}_FILE`];
    if (file === undefined) continue;
    if (defined[name] !== undefined) throw new ConfigError(`invalid configuration: ${name}_FILE: set either ${name} or ${name}_FILE, not both`);
    let value: string;
    try {
      // Trimmed: `echo secret > file` ends it with a newline that is no part of the secret.
      value = readFileSync(file, 'utf8').trim();
    } catch (error) {
      throw new ConfigError(`invalid configuration: ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    if (value === '') throw new ConfigError(`invalid configuration: ${name}_FILE: ${file} is empty`);
    env[name] = value;
    fromFile.set(name, file);
  }
  return { env, fromFile };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  // Empty variables mean "unset": `REDIS_URL= npm start` should not be a URL error.
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string>;
  const secrets = readSecretFiles(defined);
  const parsed = EnvSchema.safeParse(secrets.env);
  if (!parsed.success) {
    // A value read from a file is reported under the variable the operator set (never the value itself).
    const where = (name: string) => (secrets.fromFile.has(name) ? `${name}_FILE (the contents of ${secrets.fromFile.get(name)})` : name);
    const problems = parsed.error.issues.map((issue) => `${issue.path.map((part, index) => (index === 0 ? where(String(part)) : String(part))).join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  // One way to find Redis: two would leave it unclear which one holds the money.
  if (e.REDIS_SENTINELS !== undefined && e.REDIS_URL !== undefined) {
    throw new ConfigError('invalid configuration: REDIS_SENTINELS: set either REDIS_URL or REDIS_SENTINELS, not both');
  }
  if (e.REDIS_SENTINELS !== undefined && e.REDIS_SENTINEL_MASTER === undefined) {
    throw new ConfigError('invalid configuration: REDIS_SENTINEL_MASTER: required with REDIS_SENTINELS (the master name the sentinels monitor)');
  }
  if (e.REDIS_SENTINELS === undefined && e.REDIS_SENTINEL_MASTER !== undefined) {
    throw new ConfigError('invalid configuration: REDIS_SENTINEL_MASTER: only used with REDIS_SENTINELS; set REDIS_SENTINELS too');
  }
  if (e.REDIS_PASSWORD !== undefined && e.REDIS_URL === undefined && e.REDIS_SENTINELS === undefined) {
    throw new ConfigError('invalid configuration: REDIS_PASSWORD: only used with REDIS_URL or REDIS_SENTINELS (the private redis-server has a password of its own)');
  }
  if (e.REDIS_SENTINEL_PASSWORD !== undefined && e.REDIS_SENTINELS === undefined) {
    throw new ConfigError('invalid configuration: REDIS_SENTINEL_PASSWORD: only used with REDIS_SENTINELS; set REDIS_SENTINELS too');
  }
  const sentinels = e.REDIS_SENTINELS === undefined ? undefined : parseSentinels(e.REDIS_SENTINELS);
  if (sentinels?.some(({ port }) => port < 1 || port > 65_535)) {
    throw new ConfigError('invalid configuration: REDIS_SENTINELS: every port must be 1 to 65535');
  }
  if (e.BV_HOLD_TTL_MS <= e.BV_REQUEST_BUDGET_MS) {
    // A hold swept while its call still runs would let that call go unbilled.
    throw new ConfigError('invalid configuration: BV_HOLD_TTL_MS: must be longer than BV_REQUEST_BUDGET_MS');
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    redisUrl: e.REDIS_URL,
    redisSentinel:
      sentinels === undefined
        ? undefined
        : Object.freeze({ sentinels: Object.freeze(sentinels), masterName: e.REDIS_SENTINEL_MASTER as string, sentinelPassword: e.REDIS_SENTINEL_PASSWORD }),
    redisPassword: e.REDIS_PASSWORD,
    replicaWaitMs: e.BV_REPLICA_WAIT_MS,
    dataDir: path.resolve(e.BV_DATA_DIR),
    adminToken: e.BV_ADMIN_TOKEN,
    adminReadOnlyToken: e.BV_ADMIN_READONLY_TOKEN,
    sourcesFile: e.BV_SOURCES,
    sandboxSeed: e.BV_SANDBOX_SEED,
    requestBudgetMs: e.BV_REQUEST_BUDGET_MS,
    bodyLimitBytes: e.BV_BODY_LIMIT_BYTES,
    http: Object.freeze({
      headersTimeoutMs: e.BV_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.BV_REQUEST_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.BV_BODY_MIN_BYTES_PER_SECOND,
      keepAliveTimeoutMs: e.BV_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.BV_MAX_CONNECTIONS,
    }),
    adminAuthFailuresPerMinute: e.BV_ADMIN_AUTH_FAILURES_PER_MINUTE,
    holdTtlMs: e.BV_HOLD_TTL_MS,
    holdSweepIntervalMs: e.BV_HOLD_SWEEP_INTERVAL_MS,
    authCacheTtlMs: e.BV_AUTH_CACHE_TTL_MS,
    keyPrefix: e.BV_KEY_PREFIX,
    retentionDays: e.BV_RETENTION_DAYS,
    webhookAllowPrivate: e.BV_WEBHOOK_ALLOW_PRIVATE,
    runWorkers: e.BV_RUN_WORKERS,
    firstStartAccount: e.BV_FIRST_START_ACCOUNT,
    shutdownTimeoutMs: e.BV_SHUTDOWN_TIMEOUT_MS,
    bulk: Object.freeze({
      maxRows: e.BV_BULK_MAX_ROWS,
      maxBytes: e.BV_BULK_MAX_BYTES,
      maxRecordBytes: e.BV_BULK_MAX_RECORD_BYTES,
      maxOpenJobsPerAccount: e.BV_MAX_OPEN_JOBS_PER_ACCOUNT,
      maxResultBytesPerAccount: e.BV_MAX_RESULT_BYTES_PER_ACCOUNT,
      chunkRows: e.BV_BULK_CHUNK_ROWS,
      rowAttempts: e.BV_BULK_ROW_ATTEMPTS,
      rowBackoffMs: e.BV_BULK_ROW_BACKOFF_MS,
      holdTtlMs: e.BV_BULK_HOLD_TTL_MS,
      workerConcurrency: e.BV_WORKER_CONCURRENCY,
      rowConcurrency: e.BV_BULK_ROW_CONCURRENCY,
      workerLockMs: e.BV_WORKER_LOCK_MS,
      chunkAttempts: e.BV_BULK_CHUNK_ATTEMPTS,
      chunkBackoffMs: e.BV_BULK_CHUNK_BACKOFF_MS,
      maxStalledCount: e.BV_WORKER_MAX_STALLED,
      watchdogMs: e.BV_BULK_WATCHDOG_MS,
      watchdogIdleMs: e.BV_BULK_WATCHDOG_IDLE_MS,
      webhookAttempts: e.BV_WEBHOOK_ATTEMPTS,
      webhookBackoffMs: e.BV_WEBHOOK_BACKOFF_MS,
      webhookConcurrency: e.BV_WEBHOOK_CONCURRENCY,
      webhookAccountConcurrency: e.BV_WEBHOOK_ACCOUNT_CONCURRENCY,
    }),
    logLevel: e.LOG_LEVEL,
    redisFsync: e.BV_REDIS_FSYNC,
    resultsS3: resultsS3Of(e),
    env: Object.freeze(defined as Record<string, string>),
  });
}
