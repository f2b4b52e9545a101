/**
 * Webhook signing secrets (one per account, rotatable), the record of delivery attempts, and
 * where deliveries may go (the one setting both the intake and the delivery worker read).
 * The secret is kept readable because signing needs it; it is never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';

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

  /** The account's secret, created on first use (SET NX: two processes agree on one). */
  async secret(accountId: string): Promise<string> {
    const key = this.keys.webhookSecret(accountId);
    await this.redis.set(key, `whsec_${randomBytes(24).toString('base64url')}`, 'NX');
    return (await this.redis.get(key)) as string;
  }

  async rotate(accountId: string): Promise<string> {
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    await this.redis.set(this.keys.webhookSecret(accountId), secret);
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

  async attempts(accountId: string, jobId: string): Promise<DeliveryAttempt[]> {
    const items = await this.redis.lrange(this.keys.webhookDeliveries(accountId, jobId), 0, KEEP_ATTEMPTS - 1);
    return items.map((item) => JSON.parse(item) as DeliveryAttempt);
  }
}
