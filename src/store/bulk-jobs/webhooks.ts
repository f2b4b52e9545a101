/**
 * Webhook signing secrets (one per account and environment, rotatable), the record of delivery attempts, and
 * where deliveries may go (the one setting both the intake and the delivery worker read).
 * The secret is kept readable because signing needs it; it is never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Environment } from '../../domain/operations.js';
import type { RedisKeys } from '../keys.js';
import { wireTime } from '../../domain/dates.js';

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  /** HTTP status, or null when no answer came (refused, timed out). */
  status: number | null;
  ok: boolean;
  error: string | null;
  duration_ms: number;
}

const KEEP_ATTEMPTS = 100;

const newSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;
const KEEP_MS = 30 * 86_400_000;

export interface WebhookDestinations {
  /** Loopback, private and link-local destinations allowed (BV_WEBHOOK_ALLOW_PRIVATE, development only). */
  allowPrivate: boolean;
}

export class WebhookStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    readonly destinations: Readonly<WebhookDestinations> = { allowPrivate: false },
  ) {}

  /**
   * The secret of one environment of the account, created on first use (SET NX: two processes
   * agree on one). Each environment has its own, so a sandbox key can neither read nor rotate
   * the secret live events are signed with. Live inherits the one secret older versions kept
   * for both, so live receivers go on verifying after an upgrade; sandbox gets a new one.
   */
  async secret(accountId: string, environment: Environment): Promise<string> {
    const key = this.keys.webhookSecret(accountId, environment);
    const existing = await this.redis.get(key);
    if (existing !== null) return existing;
    const inherited = environment === 'live' ? await this.redis.get(this.keys.legacyWebhookSecret(accountId)) : null;
    await this.redis.set(key, inherited ?? newSecret(), 'NX');
    return (await this.redis.get(key)) as string;
  }

  async rotate(accountId: string, environment: Environment): Promise<string> {
    const secret = newSecret();
    await this.redis.set(this.keys.webhookSecret(accountId, environment), secret);
    // Processes of the older version, during a rolling upgrade, sign with the one secret it
    // kept: a live rotation goes there too (when there is one), or they would go on signing
    // live events with the secret just retired.
    if (environment === 'live') await this.redis.set(this.keys.legacyWebhookSecret(accountId), secret, 'XX');
    return secret;
  }

  async recordAttempt(accountId: string, jobId: string, attempt: DeliveryAttempt): Promise<void> {
    const key = this.keys.webhookDeliveries(accountId, jobId);
    await this.redis.multi().lpush(key, JSON.stringify(attempt)).ltrim(key, 0, KEEP_ATTEMPTS - 1).pexpire(key, KEEP_MS).exec();
  }

  /** Drops the recorded attempts of a job's deliveries (retention). */
  async forget(accountId: string, deliveryKeys: readonly string[]): Promise<void> {
    if (deliveryKeys.length > 0) await this.redis.del(...deliveryKeys.map((key) => this.keys.webhookDeliveries(accountId, key)));
  }

  /** Newest first, their times as the API shows them (+05:30; recorded in UTC). */
  async attempts(accountId: string, jobId: string): Promise<DeliveryAttempt[]> {
    const items = await this.redis.lrange(this.keys.webhookDeliveries(accountId, jobId), 0, KEEP_ATTEMPTS - 1);
    return items.map((item) => {
      const attempt = JSON.parse(item) as DeliveryAttempt;
      return { ...attempt, at: wireTime(attempt.at) };
    });
  }
}
