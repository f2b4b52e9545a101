/**
 * What a queued webhook delivery sends, looked up when it is sent (so a retry carries the
 * latest state and no payload in Redis holds a URL's secret parts for long): a finished bulk
 * job's status, or a portfolio run's change summary with the first changes.
 */
import { jobStatusBody } from '../bulk/job-status-body.js';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { PortfolioStore } from '../store/portfolios/portfolios.js';
import type { ResultStore } from '../store/results/result-store.js';
import type { WebhookEvent } from './deliver-webhook.js';
import type { WebhookPayload } from '../queue/names.js';
import { CHANGES_HEAD_JSON } from '../portfolios/change-report.js';

export async function resolveWebhookEvent(
  payload: WebhookPayload,
  deps: { jobs: BulkJobStore; portfolios: PortfolioStore; results: ResultStore },
): Promise<WebhookEvent | undefined> {
  const job = await deps.jobs.get(payload.jobId);
  if (job === undefined) return undefined;
  if ((payload.event ?? 'bulk.job.completed') === 'bulk.job.completed') {
    if (job.webhookUrl === null) return undefined;
    return {
      accountId: job.accountId,
      environment: job.environment,
      url: job.webhookUrl,
      id: `evt_${job.jobId}`,
      type: 'bulk.job.completed',
      createdAt: job.finishedAt ?? new Date().toISOString(),
      data: jobStatusBody(job),
      deliveryKey: job.jobId,
    };
  }
  if (job.portfolioId === null) return undefined;
  const portfolio = await deps.portfolios.get(job.portfolioId);
  const summary = await deps.portfolios.runSummary(job.portfolioId, job.jobId);
  if (portfolio === undefined || portfolio.webhookUrl === null || summary === null) return undefined;
  if (portfolio.deletedAt !== null) return undefined;
  const head = JSON.parse(await deps.results.readText(job.jobId, CHANGES_HEAD_JSON)) as { total: number; first: unknown[] };
  const base = `/v1/portfolios/${portfolio.portfolioId}/runs/${job.jobId}`;
  return {
    accountId: job.accountId,
    environment: portfolio.environment,
    url: portfolio.webhookUrl,
    id: `evt_${job.jobId}_changes`,
    type: 'portfolio.changes',
    createdAt: summary.detected_at,
    data: {
      portfolio_id: portfolio.portfolioId,
      portfolio_name: portfolio.name,
      run_id: job.jobId,
      previous_run_id: summary.previous_run_id,
      summary: { rows: summary.rows, changed: summary.changed, new_high_severity: summary.new_high_severity },
      changes: head.first,
      changes_truncated: head.total > head.first.length,
      files: { json: `${base}/changes.json`, csv: `${base}/changes.csv` },
    },
    deliveryKey: `${job.jobId}-changes`,
  };
}
