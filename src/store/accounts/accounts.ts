import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { apiKeyStart, generateApiKey, hashesEqual, hashApiKey, parseApiKey, type Environment } from './api-key-format.js';
import { AuthCache } from './auth-cache.js';
import type { RedisKeys } from '../keys.js';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

export interface Account {
  accountId: string;
  name: string;
  rateLimitPerMinute: number;
  /** How far its sandbox keys' clock is ahead of the real one (admin: POST .../sandbox-clock). */
  sandboxClockOffsetMs: number;
  createdAt: string;
}

export interface AuthenticatedKey {
  accountId: string;
  keyId: string;
  environment: Environment;
  rateLimitPerMinute: number;
  /** How far the account's sandbox clock is ahead of the real one (sandbox keys only; 0 for live). */
  sandboxClockOffsetMs: number;
}

export interface IssuedKey {
  keyId: string;
  apiKey: string;
}

/** Key ids on the admin API carry a `key_` prefix so they are never mistaken for a secret. */
export const publicKeyId = (keyId: string) => `key_${keyId}`;

/** The stored key id a public one (`key_<id>`) names, when it has that shape. */
export function keyIdOfPublic(publicId: string): string | undefined {
  return /^key_[a-z0-9]{12}$/.test(publicId) ? publicId.slice(4) : undefined;
}

/**
 * How long a revocation waits for every process to confirm it dropped the key from its cache.
 * Only a process that is stuck (or one of an older version, which does not answer) makes it
 * wait this long.
 */
const INVALIDATION_ACK_TIMEOUT_MS = 2_000;

export class AccountStore {
  /** Only while a subscription carries invalidations from every process. */
  private cache: AuthCache<AuthenticatedKey> | undefined;
  private subscriber: Redis | undefined;
  /** Invalidations this process sent and is counting answers to, by nonce. */
  private readonly awaitingAcks = new Map<string, () => void>();

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  /**
   * Turns on the authentication cache, with a subscription that evicts revoked or changed
   * keys in this process when any process changes them. An invalidation message is the key
   * ids, comma-separated, then optionally `|<nonce>`: with a nonce, the process answers on the
   * acks channel once the keys are gone from its cache, so the sender can wait for everyone.
   */
  async enableAuthCache(ttlMs: number): Promise<void> {
    const cache = new AuthCache<AuthenticatedKey>(ttlMs);
    const subscriber = this.redis.duplicate({ enableAutoPipelining: false });
    const acks = this.keys.authInvalidationAcks();
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === acks) return this.awaitingAcks.get(message)?.();
      const [keyIds = '', nonce] = message.split('|');
      cache.evict(keyIds.split(','));
      if (nonce !== undefined) this.redis.publish(acks, nonce).catch(() => undefined);
    });
    // Invalidations sent while the subscription is down are lost: start again from empty
    // on any interruption, and use the cache only while the subscription is up.
    for (const event of ['ready', 'error', 'close', 'end', 'reconnecting']) subscriber.on(event, () => cache.clear());
    await subscriber.subscribe(this.keys.authInvalidations(), acks);
    this.subscriber = subscriber;
    this.cache = cache;
  }

  async close(): Promise<void> {
    this.cache = undefined;
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /**
   * Evicts keys from every process's cache, and returns once every process subscribed has
   * confirmed it (PUBLISH says how many received the message; each answers after evicting),
   * or after INVALIDATION_ACK_TIMEOUT_MS: so a revocation answered 204 is in force in every
   * process, not only in the one that made it. Processes not subscribed cache nothing.
   */
  private async invalidate(keyIds: string[]): Promise<void> {
    if (keyIds.length === 0) return;
    this.cache?.evict(keyIds);
    const channel = this.keys.authInvalidations();
    // Answers come back through our own subscription; without it there is nothing to count on.
    if (this.subscriber?.status !== 'ready') {
      await this.redis.publish(channel, keyIds.join(','));
      return;
    }
    const nonce = randomBytes(8).toString('hex');
    let answered = 0;
    let expected = Number.POSITIVE_INFINITY;
    let allAnswered!: () => void;
    const done = new Promise<void>((resolve) => (allAnswered = resolve));
    this.awaitingAcks.set(nonce, () => {
      answered += 1;
      if (answered >= expected) allAnswered();
    });
    const timer = setTimeout(allAnswered, INVALIDATION_ACK_TIMEOUT_MS);
    try {
      expected = await this.redis.publish(channel, `${keyIds.join(',')}|${nonce}`);
      if (answered >= expected) allAnswered();
      await done;
    } finally {
      clearTimeout(timer);
      this.awaitingAcks.delete(nonce);
    }
  }

  async create(input: { name: string; rateLimitPerMinute?: number }): Promise<Account> {
    const account: Account = {
      accountId: `acct_${randomBytes(8).toString('hex')}`,
      name: input.name,
      rateLimitPerMinute: input.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      sandboxClockOffsetMs: 0,
      createdAt: new Date().toISOString(),
    };
    await this.redis
      .multi()
      .hset(this.keys.account(account.accountId), {
        name: account.name,
        rate_limit_per_minute: account.rateLimitPerMinute,
        created_at: account.createdAt,
      })
      .sadd(this.keys.accounts(), account.accountId)
      .exec();
    return account;
  }

  async get(accountId: string): Promise<Account | undefined> {
    const fields = await this.redis.hgetall(this.keys.account(accountId));
    if (fields.name === undefined) return undefined;
    return {
      accountId,
      name: fields.name,
      rateLimitPerMinute: Number(fields.rate_limit_per_minute),
      sandboxClockOffsetMs: Number(fields.sandbox_clock_offset_ms ?? 0),
      createdAt: fields.created_at ?? '',
    };
  }

  /** Issues a key for an existing account (the caller checks that it exists). */
  async listIds(): Promise<string[]> {
    return (await this.redis.smembers(this.keys.accounts())).sort();
  }

  async issueKey(account: Account, environment: Environment): Promise<IssuedKey> {
    const { keyId, apiKey, hash } = generateApiKey(environment);
    const accountId = account.accountId;
    await this.redis
      .multi()
      .hset(this.keys.apiKey(keyId), {
        account_id: accountId,
        environment,
        hash,
        // Copied onto the key so authentication reads everything a call needs in one round trip.
        rate_limit_per_minute: account.rateLimitPerMinute,
        sandbox_clock_offset_ms: account.sandboxClockOffsetMs,
        created_at: new Date().toISOString(),
      })
      .sadd(this.keys.accountApiKeys(accountId), keyId)
      .exec();
    return { keyId: publicKeyId(keyId), apiKey };
  }

  /**
   * Sets a field on the account and on every key it has issued (authentication reads keys
   * only, in one round trip), then evicts those keys from every process's cache.
   */
  private async setOnAccountAndKeys(accountId: string, field: string, value: number): Promise<void> {
    const keyIds = await this.redis.smembers(this.keys.accountApiKeys(accountId));
    const multi = this.redis.multi().hset(this.keys.account(accountId), field, value);
    for (const keyId of keyIds) multi.hset(this.keys.apiKey(keyId), field, value);
    await multi.exec();
    await this.invalidate(keyIds);
  }

  /** Changes an account's rate limit, on the account and on every key it has issued. */
  async setRateLimit(accountId: string, rateLimitPerMinute: number): Promise<void> {
    await this.setOnAccountAndKeys(accountId, 'rate_limit_per_minute', rateLimitPerMinute);
  }

  /**
   * Moves the account's sandbox clock (what "today" is for its sandbox keys' answers), on the
   * account and its keys, as the rate limit is: so a drifting scenario can be seen to change
   * without waiting a week. Live keys always answer at the real time.
   */
  async setSandboxClockOffset(accountId: string, offsetMs: number): Promise<void> {
    await this.setOnAccountAndKeys(accountId, 'sandbox_clock_offset_ms', offsetMs);
  }

  /**
   * The account's keys, newest first: public id, environment, the key's visible start (so an
   * operator can tell which id a leaked key has) and when it was created or revoked.
   */
  async listKeys(accountId: string): Promise<{ keyId: string; environment: Environment; prefix: string; createdAt: string | null; revokedAt: string | null }[]> {
    const keyIds = await this.redis.smembers(this.keys.accountApiKeys(accountId));
    const records = await Promise.all(keyIds.map((keyId) => this.redis.hmget(this.keys.apiKey(keyId), 'environment', 'created_at', 'revoked_at')));
    return keyIds
      .map((keyId, index) => {
        const [environment, createdAt, revokedAt] = records[index] as (string | null)[];
        const env: Environment = environment === 'live' ? 'live' : 'sandbox';
        return { keyId: publicKeyId(keyId), environment: env, prefix: apiKeyStart(env, keyId), createdAt: createdAt ?? null, revokedAt: revokedAt ?? null };
      })
      .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  }

  /**
   * Revokes at once: the record is marked, and every process's cache has dropped the key
   * before this returns (see invalidate).
   */
  async revokeKey(publicId: string): Promise<boolean> {
    const keyId = keyIdOfPublic(publicId);
    if (keyId === undefined) return false;
    const key = this.keys.apiKey(keyId);
    const revoked = await this.redis.eval(
      // Only an existing, not yet revoked key counts as revoked now.
      `if redis.call('HEXISTS', KEYS[1], 'hash') == 0 then return 0 end
       if redis.call('HEXISTS', KEYS[1], 'revoked_at') == 1 then return 0 end
       redis.call('HSET', KEYS[1], 'revoked_at', ARGV[1])
       return 1`,
      1,
      key,
      new Date().toISOString(),
    );
    if (revoked === 1) await this.invalidate([keyId]);
    return revoked === 1;
  }

  async authenticate(apiKey: string): Promise<AuthenticatedKey | undefined> {
    const parsed = parseApiKey(apiKey);
    if (parsed === undefined) return undefined;
    const presented = hashApiKey(apiKey);
    const cache = this.subscriber?.status === 'ready' ? this.cache : undefined;
    const cached = cache?.get(parsed.keyId);
    if (cached !== undefined && hashesEqual(cached.hash, presented)) return cached.auth;
    const generation = cache?.generation ?? 0;
    const [hash, accountId, environment, revokedAt, rateLimit, clockOffset] = await this.redis.hmget(
      this.keys.apiKey(parsed.keyId),
      'hash',
      'account_id',
      'environment',
      'revoked_at',
      'rate_limit_per_minute',
      'sandbox_clock_offset_ms',
    );
    if (!hash || !accountId || revokedAt) return undefined;
    if (!hashesEqual(hash, presented)) return undefined;
    if (environment !== parsed.environment) return undefined;
    const auth: AuthenticatedKey = {
      accountId,
      keyId: parsed.keyId,
      environment: parsed.environment,
      rateLimitPerMinute: Number(rateLimit ?? DEFAULT_RATE_LIMIT_PER_MINUTE),
      sandboxClockOffsetMs: parsed.environment === 'sandbox' ? Number(clockOffset ?? 0) : 0,
    };
    cache?.set(parsed.keyId, hash, auth, generation);
    return auth;
  }
}
