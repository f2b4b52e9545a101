/**
 * Queue names and job payloads. Payloads carry identifiers and requests, never secrets (an
 * API key or a webhook secret is looked up by the processor).
 */
import type { Environment, BulkOperationName } from '../domain/operations.js';

export const QUEUES = {
  bulkVerify: 'bulk-verify',
  bulkFinalize: 'bulk-finalize',
  webhooks: 'webhooks',
  portfolios: 'portfolios',
} as const;

export interface ChunkRow {
  row: number;
  /** The validated request, as the sync operation takes it. */
  request: Record<string, unknown>;
}

export interface ChunkPayload {
  jobId: string;
  accountId: string;
  environment: Environment;
  operation: BulkOperationName;
  /** The account's sandbox clock offset when the job was created (0 for live keys). */
  clockOffsetMs?: number;
  chunk: number;
  rows: ChunkRow[];
}

export interface FinalizePayload {
  jobId: string;
}

/** A bulk job's completion (`bulk.job.completed`), or a portfolio run's changes (`portfolio.changes`). */
export interface WebhookPayload {
  jobId: string;
  event?: 'bulk.job.completed' | 'portfolio.changes';
  /** Whose share of the delivery pool it takes (absent on jobs queued by older versions). */
  accountId?: string;
}

/** A portfolio's scheduled (or requested) run, or the change report of a run that just finished. */
export type PortfolioJob = { kind: 'run'; portfolioId: string } | { kind: 'changes'; portfolioId: string; runId: string };

/** BullMQ job ids: a re-sent chunk or finalize of a job is one queue job, not two. */
export const chunkJobId = (jobId: string, chunk: number): string => `${jobId}-${chunk}`;
export const finalizeJobId = (jobId: string): string => `${jobId}-finalize`;
