/**
 * Every Redis key the service uses is built here, under one versioned prefix. Keys of one
 * account share the hash tag `{acct:<id>}` so they live in one Redis Cluster slot and can be
 * changed together by one script.
 */
export interface RedisKeys {
  readonly prefix: string;
  /** Set of all account ids. */
  accounts(): string;
  /** Hash: name, rate limit, created_at. */
  account(accountId: string): string;
  /** Set of the account's key ids. */
  accountApiKeys(accountId: string): string;
  /** Hash: balance_paise (holds included), held_paise, topups_paise, commits_paise. */
  wallet(accountId: string): string;
  /** Hash: hold id → "amount_paise|expires_at_ms|reference" for every open hold. */
  holds(accountId: string): string;
  /** Stream of wallet changes (top-up, hold, commit, release). */
  ledger(accountId: string): string;
  /** Set of the references already credited (a reference credits once). */
  creditReferences(accountId: string): string;
  /** Sorted set of "accountId|holdId" by expiry (ms): what the sweeper walks. */
  holdExpiries(): string;
  /** Sliding-window counters of one API key (rate limit). */
  rateLimit(accountId: string, keyId: string): string;
  /** Hash: one Idempotency-Key's state and stored answer. */
  idempotency(accountId: string, keyHash: string): string;
  /** Hash: account_id, environment, hash (SHA-256 of the key), created_at, revoked_at. */
  apiKey(keyId: string): string;
  /** Pub/sub channel: key ids whose cached authentication every process must drop. */
  authInvalidations(): string;
  /** Set once, when the first-start sandbox account has been created. */
  bootstrap(): string;
}

export function createRedisKeys(prefix: string): RedisKeys {
  const account = (id: string) => `${prefix}:{acct:${id}}`;
  return {
    prefix,
    accounts: () => `${prefix}:accounts`,
    account: (id) => `${account(id)}:account`,
    accountApiKeys: (id) => `${account(id)}:keys`,
    wallet: (id) => `${account(id)}:wallet`,
    holds: (id) => `${account(id)}:holds`,
    ledger: (id) => `${account(id)}:ledger`,
    creditReferences: (id) => `${account(id)}:credit-refs`,
    holdExpiries: () => `${prefix}:hold-expiries`,
    rateLimit: (id, keyId) => `${account(id)}:rl:${keyId}`,
    idempotency: (id, keyHash) => `${account(id)}:idem:${keyHash}`,
    apiKey: (keyId) => `${prefix}:apikey:${keyId}`,
    authInvalidations: () => `${prefix}:auth-invalidations`,
    bootstrap: () => `${prefix}:bootstrap`,
  };
}
