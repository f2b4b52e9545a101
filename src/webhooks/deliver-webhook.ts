/**
 * Delivers a webhook event (docs/bulk.md "Webhooks": a finished job; docs/portfolios.md "Webhook": a run's
 * changes): POST of `{id, type, created_at, data}`
 * signed with `BV-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the
 * account's secret. A non-2xx answer or no answer throws, so BullMQ retries it with backoff
 * (about 24 hours in all); every attempt is recorded for the account to see. Unless the
 * webhook store allows private destinations, only public addresses are connected to
 * (webhook-destination.ts); a refused destination is recorded once and not retried.
 */
import { createHmac } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { request, type Agent } from 'undici';
import type { Environment } from '../domain/operations.js';
import type { WebhookStore } from '../store/bulk-jobs/webhooks.js';
import type { WebhookPayload } from '../queue/names.js';
import { AccountBusy, type AccountShare } from './account-share.js';
import { checkHostLiteral, DestinationRefused, publicOnlyAgent } from './webhook-destination.js';
import { wireTime } from '../domain/dates.js';

/** One event to deliver: where, signed for whom, and what; attempts are recorded under `deliveryKey`. */
export interface WebhookEvent {
  accountId: string;
  /** Whose secret signs it: the environment of the job or portfolio. */
  environment: Environment;
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
  /** The DNS lookup connections use (tests resolve names to chosen addresses); node's by default. */
  lookup?: LookupFunction;
  /** Each account's share of this process's deliveries at once; none, no share. */
  share?: AccountShare;
}

/** Whether a failed request failed because its destination was refused (undici may wrap the connect error). */
function refused(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e instanceof DestinationRefused) return true;
  return false;
}

export function signature(secret: string, timestampS: number, body: string): string {
  return `t=${timestampS},v1=${createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex')}`;
}

export async function deliverWebhook(payload: WebhookPayload, attempt: number, deps: WebhookDeps): Promise<void> {
  const share = deps.share;
  // The account's share is checked before anything is read when the payload names the
  // account; jobs queued by older versions do not, and are checked once resolved.
  let taken: string | undefined;
  const take = (accountId: string) => {
    if (share === undefined) return;
    if (!share.tryTake(accountId)) throw new AccountBusy(accountId, share.waitMs(accountId));
    taken = accountId;
  };
  try {
    if (payload.accountId !== undefined) take(payload.accountId);
    const event = await deps.resolve(payload);
    if (event === undefined) return;
    if (taken === undefined) take(event.accountId);
    await deliver(event, attempt, deps);
  } finally {
    if (taken !== undefined) share?.release(taken);
  }
}

async function deliver(event: WebhookEvent, attempt: number, deps: WebhookDeps): Promise<void> {
  const body = JSON.stringify({ id: event.id, type: event.type, created_at: wireTime(event.createdAt), data: event.data });
  const secret = await deps.webhooks.secret(event.accountId, event.environment);
  const startedAt = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  let destinationRefused = false;
  let dispatcher: Agent | undefined;
  try {
    if (!deps.webhooks.destinations.allowPrivate) {
      checkHostLiteral(event.url);
      dispatcher = publicOnlyAgent(deps.lookup);
    }
    const response = await request(event.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bv-signature': signature(secret, Math.floor(Date.now() / 1000), body), 'user-agent': 'bv-webhooks/1' },
      body,
      headersTimeout: deps.timeoutMs,
      bodyTimeout: deps.timeoutMs,
      signal: AbortSignal.timeout(deps.timeoutMs),
      ...(dispatcher === undefined ? {} : { dispatcher }),
    });
    status = response.statusCode;
    await response.body.dump().catch(() => undefined);
  } catch (caught) {
    destinationRefused = refused(caught);
    error = (caught as Error).message;
  } finally {
    await dispatcher?.destroy().catch(() => undefined);
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
  const failure = `webhook ${event.type} to its URL failed: ${error ?? `HTTP ${status}`}`;
  // The same destination would be refused on every retry.
  if (destinationRefused) throw new UnrecoverableError(failure);
  if (!ok) throw new Error(failure);
}
