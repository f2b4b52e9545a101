/**
 * Delivers a finished job's webhook (API.md "Bulk jobs"): POST of `{id, type, created_at, data}`
 * signed with `BV-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the
 * account's secret. A non-2xx answer or no answer throws, so BullMQ retries it with backoff
 * (about 24 hours in all); every attempt is recorded for the account to see.
 */
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { request } from 'undici';
import type { BulkJobStore } from '../../store/bulk-jobs.js';
import type { WebhookStore } from '../../store/webhooks.js';

export interface WebhookDeps {
  jobs: BulkJobStore;
  webhooks: WebhookStore;
  /** The job's status body, as GET /v1/bulk/jobs/{id} answers it. */
  statusBody: (jobId: string) => Promise<unknown>;
  log: Logger;
  timeoutMs: number;
}

export function signature(secret: string, timestampS: number, body: string): string {
  return `t=${timestampS},v1=${createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex')}`;
}

export async function deliverWebhook(jobId: string, attempt: number, deps: WebhookDeps): Promise<void> {
  const job = await deps.jobs.get(jobId);
  if (job === undefined || job.webhookUrl === null) return;
  const body = JSON.stringify({ id: `evt_${jobId}`, type: 'bulk.job.completed', created_at: job.finishedAt ?? new Date().toISOString(), data: await deps.statusBody(jobId) });
  const secret = await deps.webhooks.secret(job.accountId);
  const startedAt = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await request(job.webhookUrl, {
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
  await deps.webhooks.recordAttempt(job.accountId, jobId, {
    attempt,
    at: new Date().toISOString(),
    status,
    ok,
    error: ok ? null : (error ?? `HTTP ${status}`),
    duration_ms: Math.round(performance.now() - startedAt),
  });
  if (!ok) throw new Error(`webhook to the job's URL failed: ${error ?? `HTTP ${status}`}`);
}
