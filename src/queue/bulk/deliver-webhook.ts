/**
 * Delivers a webhook event (API.md "Bulk jobs": a finished job; "Portfolios": a run's
 * changes): POST of `{id, type, created_at, data}`
 * signed with `BV-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the
 * account's secret. A non-2xx answer or no answer throws, so BullMQ retries it with backoff
 * (about 24 hours in all); every attempt is recorded for the account to see.
 */
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { request } from 'undici';
import type { WebhookStore } from '../../store/webhooks.js';
import type { WebhookPayload } from '../names.js';

/** One event to deliver: where, signed for whom, and what; attempts are recorded under `deliveryKey`. */
export interface WebhookEvent {
  accountId: string;
  url: string;
  id: string;
  type: 'bulk.job.completed' | 'portfolio.changes';
  createdAt: string;
  data: unknown;
  deliveryKey: string;
}

export interface WebhookDeps {
  webhooks: WebhookStore;
  /** The event a queued delivery stands for; undefined when there is nothing (left) to send. */
  resolve: (payload: WebhookPayload) => Promise<WebhookEvent | undefined>;
  log: Logger;
  timeoutMs: number;
}

export function signature(secret: string, timestampS: number, body: string): string {
  return `t=${timestampS},v1=${createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex')}`;
}

export async function deliverWebhook(payload: WebhookPayload, attempt: number, deps: WebhookDeps): Promise<void> {
  const event = await deps.resolve(payload);
  if (event === undefined) return;
  const body = JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt, data: event.data });
  const secret = await deps.webhooks.secret(event.accountId);
  const startedAt = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await request(event.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bv-signature': signature(secret, Math.floor(Date.now() / 1000), body), 'user-agent': 'bv-webhooks/1' },
      body,
      headersTimeout: deps.timeoutMs,
      bodyTimeout: deps.timeoutMs,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    status = response.statusCode;
    await response.body.dump().catch(() => undefined);
  } catch (caught) {
    error = (caught as Error).message;
  }
  const ok = status !== null && status >= 200 && status < 300;
  await deps.webhooks.recordAttempt(event.accountId, event.deliveryKey, {
    attempt,
    at: new Date().toISOString(),
    status,
    ok,
    error: ok ? null : (error ?? `HTTP ${status}`),
    duration_ms: Math.round(performance.now() - startedAt),
  });
  if (!ok) throw new Error(`webhook ${event.type} to its URL failed: ${error ?? `HTTP ${status}`}`);
}
