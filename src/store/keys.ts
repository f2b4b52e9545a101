import type { Environment } from '../domain/operations.js';

/**
 * Every Redis key the service uses is built here, under one versioned prefix. Keys of one
 * account share the hash tag `{acct:<id>}` so they live in one Redis Cluster slot and can be
 * changed together by one script; so do one upstream source's keys, under `{src:<name>}`.
 */
export interface RedisKeys {
  readonly prefix: string;
  /** Set of all account ids. */
  accounts(): string;
  /** Hash: name, rate limit, created_at. */
  account(accountId: string): string;
  /** Set of the account's key ids. */
  accountApiKeys(accountId: string): string;
  /*
   * An account has two wallets (docs/money.md): live money, spent by live keys, under the keys
   * every account had before sandbox wallets existed (so that money never moved), and sandbox
   * money, spent by sandbox keys, under `:sandbox:`. `environment` defaults to live.
   */
  /** Hash: balance_paise (holds included), held_paise, topups_paise, commits_paise; a sandbox wallet's opened_at. */
  wallet(accountId: string, environment?: Environment): string;
  /** Hash: hold id → "amount_paise|expires_at_ms|reference" for every open hold. */
  holds(accountId: string, environment?: Environment): string;
  /** Stream of wallet changes (top-up, hold, commit, release). */
  ledger(accountId: string, environment?: Environment): string;
  /** Hash: charge key (a bulk job's row) → paise charged from one hold; makes each charge once. */
  holdCharges(accountId: string, holdId: string, environment?: Environment): string;
  /**
   * Hash: hold id → paise charged, for the holds committed in one short window (`window` counts
   * windows since the epoch); kept a little longer than a window, so a resent commit learns
   * what its first sending charged.
   */
  resolvedHolds(accountId: string, window: number, environment?: Environment): string;
  /** Hash: reference → paise credited under it (a reference credits once, and only its amount). */
  creditReferences(accountId: string, environment?: Environment): string;
  /** Set of the references an older version credited, without their amounts. */
  legacyCreditReferences(accountId: string, environment?: Environment): string;
  /**
   * Sorted set of "accountId|holdId" by expiry (ms): what the sweeper walks. The sandbox
   * wallets' holds have a set of their own, which a sweeper of an older version never reads
   * (it would look for their holds in the live wallet, find none and drop the entries).
   */
  holdExpiries(environment?: Environment): string;
  /** Counter of one account's sandbox top-ups on one IST day (expires after it). */
  sandboxTopups(accountId: string, day: string): string;
  /** Sliding-window counters of one API key (rate limit). */
  rateLimit(accountId: string, keyId: string): string;
  /** Sliding-window counters of the calls from one client address that presented no valid key. */
  unauthenticatedRateLimit(address: string): string;
  /** Counter of one client address's admin token attempts in the current window (expires with it). */
  adminAuthAttempts(address: string): string;
  /** String written (with a short expiry) by /readyz to learn whether Redis accepts writes. */
  readinessProbe(): string;
  /** Hash: one Idempotency-Key's state and stored answer. */
  idempotency(accountId: string, keyHash: string): string;
  /** Hash: account_id, environment, hash (SHA-256 of the key), created_at, revoked_at. */
  apiKey(keyId: string): string;
  /** Pub/sub channel: key ids whose cached authentication every process must drop. */
  authInvalidations(): string;
  /** Pub/sub channel: each process's "dropped" answer to an invalidation (its nonce). */
  authInvalidationAcks(): string;
  /** Set once, when the first-start sandbox account has been created. */
  bootstrap(): string;
  /** Sorted set of one upstream source's call leases (member: lease id, score: expiry ms). */
  sourceLeases(source: string): string;
  /** Sorted set of one source's calls in the last second (member: lease id, score: start ms). */
  sourceCalls(source: string): string;
  /** Counter of one source's recent consecutive failures (expires with the failure window). */
  sourceFailures(source: string): string;
  /** Present while the source is marked down for every process (expires after the cool-off). */
  sourceDown(source: string): string;
  /** Present after a cool-off: the next failure marks the source down again at once. */
  sourceProbation(source: string): string;
  /** Hash: calls and errors of one source in one minute (epoch minute), for the health views. */
  sourceStats(source: string, minute: number): string;
  /** One cached upstream answer of a source (JSON), by a hash of the check and input. */
  sourceCache(source: string, check: string, inputHash: string): string;
  /** Hash: a bulk job's state, counts and money (see store/bulk-jobs/bulk-jobs.ts). */
  bulkJob(jobId: string): string;
  /** Set of a bulk job's chunk numbers whose results are counted (each counts once). */
  bulkJobChunksDone(jobId: string): string;
  /** Hash: row → result JSON of one chunk while it runs (a re-run reuses what was decided). */
  bulkChunkResults(jobId: string, chunk: number): string;
  /** Hash: chunk number → why it was given up (its rows end failed, unbilled); see job-watchdog.ts. */
  bulkJobAbandoned(jobId: string): string;
  /** Sorted set of the bulk job ids not finished yet, by creation time (ms): what the watchdog walks. */
  bulkOpenJobs(): string;
  /** Present while one process runs the bulk watchdog's round (a lease that expires). */
  bulkWatchdogLease(): string;
  /** Set once every job an older version left unfinished is on the watchdog's list. */
  bulkOpenJobsIndexed(): string;
  /** A SCAN pattern matching every bulk job's hash (bulkJob). */
  bulkJobPattern(): string;
  /** Sorted set of finished bulk job ids by when retention removes them (ms). */
  bulkRetention(): string;
  /** Sorted set of an account's bulk job ids of one environment by creation time (ms). */
  accountBulkJobs(accountId: string, environment: Environment): string;
  /** The one set of both environments' jobs that came before accountBulkJobs; read once to move its ids. */
  legacyAccountBulkJobs(accountId: string): string;
  /**
   * Sorted set of the account's unfinished bulk job ids (both environments) by admission time
   * (ms): what its open-jobs quota counts (see store/bulk-jobs/job-quotas.ts).
   */
  accountOpenBulkJobs(accountId: string): string;
  /** Hash: job id → bytes of that job's stored files, for the account's stored-bytes quota. */
  accountJobBytes(accountId: string): string;
  /** Counter: the sum of accountJobBytes' values, kept with it by one script. */
  accountStoredBytes(accountId: string): string;
  /** BullMQ's prefix: its queues' keys live under it. */
  queuePrefix(): string;
  /** Hash: a portfolio's definition (see store/portfolios/portfolios.ts). */
  portfolio(portfolioId: string): string;
  /** Hash: identifier → the row (JSON: input columns and validated request) of a portfolio. */
  portfolioRows(portfolioId: string): string;
  /** Sorted set (every score 0, so ordered by identifier) of a portfolio's row identifiers: the rows listing's pages. */
  portfolioRowIds(portfolioId: string): string;
  /** String: the token of the upload counting and writing the portfolio's rows just now (a lock). */
  portfolioRowsLock(portfolioId: string): string;
  /** Sorted set of a portfolio's run ids (bulk job ids) by start time (ms). */
  portfolioRuns(portfolioId: string): string;
  /** String: the portfolio's run in progress (its job id, or a start token while it is being created). */
  portfolioActiveRun(portfolioId: string): string;
  /** List: the latest scheduled runs that could not start (JSON each, newest first). */
  portfolioSkippedRuns(portfolioId: string): string;
  /** Hash: one run's change summary, once its change report is written. */
  portfolioRun(portfolioId: string, runId: string): string;
  /** Sorted set of an account's portfolio ids of one environment by creation time (ms). */
  accountPortfolios(accountId: string, environment: Environment): string;
  /** The one set of both environments' portfolios that came before accountPortfolios; read once to move its ids. */
  legacyAccountPortfolios(accountId: string): string;
  /** Set of every live portfolio id: what the schedulers reconcile against. */
  allPortfolios(): string;
  /** String: the webhook signing secret of one environment of the account (it must be readable to sign with). */
  webhookSecret(accountId: string, environment: Environment): string;
  /** String: the one secret of both environments an older version kept (the live one inherits it). */
  legacyWebhookSecret(accountId: string): string;
  /** List: a job's webhook delivery attempts, newest first (JSON each). */
  webhookDeliveries(accountId: string, jobId: string): string;
  /**
   * Hash: service-wide totals for /metrics (rows_<status>, committed_paise), kept in Redis so
   * that worker processes, which have no HTTP port, count too. Its own slot: never in a script.
   */
  metrics(): string;
}

export function createRedisKeys(prefix: string): RedisKeys {
  const account = (id: string) => `${prefix}:{acct:${id}}`;
  // The live wallet's keys are the ones an account always had; the sandbox wallet's share the slot.
  const walletOf = (id: string, environment: Environment) => (environment === 'live' ? account(id) : `${account(id)}:sandbox`);
  // One source's limit, circuit and stats keys share a slot, so one script can read them all.
  const source = (name: string) => `${prefix}:{src:${name}}`;
  return {
    prefix,
    accounts: () => `${prefix}:accounts`,
    account: (id) => `${account(id)}:account`,
    accountApiKeys: (id) => `${account(id)}:keys`,
    wallet: (id, env = 'live') => `${walletOf(id, env)}:wallet`,
    holds: (id, env = 'live') => `${walletOf(id, env)}:holds`,
    ledger: (id, env = 'live') => `${walletOf(id, env)}:ledger`,
    holdCharges: (id, holdId, env = 'live') => `${walletOf(id, env)}:hold-charges:${holdId}`,
    resolvedHolds: (id, window, env = 'live') => `${walletOf(id, env)}:resolved-holds:${window}`,
    creditReferences: (id, env = 'live') => `${walletOf(id, env)}:credit-ref-amounts`,
    legacyCreditReferences: (id, env = 'live') => `${walletOf(id, env)}:credit-refs`,
    holdExpiries: (env = 'live') => (env === 'live' ? `${prefix}:hold-expiries` : `${prefix}:sandbox-hold-expiries`),
    sandboxTopups: (id, day) => `${account(id)}:sandbox-topups:${day}`,
    rateLimit: (id, keyId) => `${account(id)}:rl:${keyId}`,
    unauthenticatedRateLimit: (address) => `${prefix}:{anon:${address}}:rl`,
    adminAuthAttempts: (address) => `${prefix}:{anon:${address}}:admin-attempts`,
    readinessProbe: () => `${prefix}:readyz-probe`,
    idempotency: (id, keyHash) => `${account(id)}:idem:${keyHash}`,
    apiKey: (keyId) => `${prefix}:apikey:${keyId}`,
    authInvalidations: () => `${prefix}:auth-invalidations`,
    authInvalidationAcks: () => `${prefix}:auth-invalidation-acks`,
    bootstrap: () => `${prefix}:bootstrap`,
    sourceLeases: (name) => `${source(name)}:leases`,
    sourceCalls: (name) => `${source(name)}:calls`,
    sourceFailures: (name) => `${source(name)}:failures`,
    sourceDown: (name) => `${source(name)}:down`,
    sourceProbation: (name) => `${source(name)}:probation`,
    sourceStats: (name, minute) => `${source(name)}:stats:${minute}`,
    sourceCache: (name, check, inputHash) => `${source(name)}:cache:${check}:${inputHash}`,
    bulkJob: (jobId) => `${prefix}:{job:${jobId}}:meta`,
    bulkJobChunksDone: (jobId) => `${prefix}:{job:${jobId}}:chunks-done`,
    bulkChunkResults: (jobId, chunk) => `${prefix}:{job:${jobId}}:chunk:${chunk}`,
    accountBulkJobs: (id, environment) => `${account(id)}:bulk-jobs:${environment}`,
    legacyAccountBulkJobs: (id) => `${account(id)}:bulk-jobs`,
    accountOpenBulkJobs: (id) => `${account(id)}:bulk-open`,
    accountJobBytes: (id) => `${account(id)}:job-bytes`,
    accountStoredBytes: (id) => `${account(id)}:stored-bytes`,
    bulkJobAbandoned: (jobId) => `${prefix}:{job:${jobId}}:abandoned`,
    bulkOpenJobs: () => `${prefix}:bulk-open`,
    bulkWatchdogLease: () => `${prefix}:bulk-watchdog-lease`,
    bulkOpenJobsIndexed: () => `${prefix}:bulk-open-indexed`,
    bulkJobPattern: () => `${prefix}:{job:*}:meta`,
    bulkRetention: () => `${prefix}:bulk-retention`,
    queuePrefix: () => `${prefix}:bull`,
    portfolio: (id) => `${prefix}:{pf:${id}}:meta`,
    portfolioRows: (id) => `${prefix}:{pf:${id}}:rows`,
    portfolioRowIds: (id) => `${prefix}:{pf:${id}}:row-ids`,
    portfolioRowsLock: (id) => `${prefix}:{pf:${id}}:rows-lock`,
    portfolioRuns: (id) => `${prefix}:{pf:${id}}:runs`,
    portfolioRun: (id, runId) => `${prefix}:{pf:${id}}:run:${runId}`,
    portfolioActiveRun: (id) => `${prefix}:{pf:${id}}:active-run`,
    portfolioSkippedRuns: (id) => `${prefix}:{pf:${id}}:skipped-runs`,
    accountPortfolios: (id, environment) => `${account(id)}:portfolios:${environment}`,
    legacyAccountPortfolios: (id) => `${account(id)}:portfolios`,
    allPortfolios: () => `${prefix}:portfolios`,
    webhookSecret: (id, environment) => `${account(id)}:webhook-secret:${environment}`,
    legacyWebhookSecret: (id) => `${account(id)}:webhook-secret`,
    webhookDeliveries: (id, jobId) => `${account(id)}:webhook-deliveries:${jobId}`,
    metrics: () => `${prefix}:metrics`,
  };
}
