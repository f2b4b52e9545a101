/**
 * Queue names and job payloads. Payloads carry identifiers and requests, never secrets (an
 * API key or a webhook secret is looked up by the processor).
 */
import type { Environment, OperationName } from '../domain/operations.js';

export const QUEUES = {
  bulkVerify: 'bulk-verify',
  bulkFinalize: 'bulk-finalize',
  webhooks: 'webhooks',
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
  operation: OperationName;
  chunk: number;
  rows: ChunkRow[];
}

export interface FinalizePayload {
  jobId: string;
}

export interface WebhookPayload {
  jobId: string;
}
