/**
 * Processes one chunk of a bulk job's rows. BullMQ delivers a chunk at least once (a worker
 * killed mid-chunk, a lost lock), so every step is safe to repeat:
 * - a row's result, once decided, is kept in Redis and reused by a re-run (no second verdict);
 * - a successful row is charged from the job's hold under its row number (charged once);
 * - the chunk's results file is written whole, then the chunk is counted once.
 * Retryable failures (the source down or slow) are retried per row with exponential backoff
 * and jitter; rows still failing end `failed` with the last error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { mapLimit } from '../../sources/http/map-limit.js';
import type { BulkJobStore } from '../../store/bulk-jobs.js';
import type { ResultStore } from '../../store/result-store.js';
import type { WalletStore } from '../../store/wallet.js';
import type { ChunkPayload, ChunkRow } from '../names.js';
import type { RowOutcome, VerifyRow } from './verify-row.js';

export interface ChunkResultLine {
  row: number;
  status: 'ok' | 'not_found' | 'failed' | 'cancelled';
  data: unknown;
  error: { code: string; message: string } | null;
  charged_paise: number;
}

export interface ChunkDeps {
  jobs: BulkJobStore;
  wallet: WalletStore;
  results: ResultStore;
  verifyRow: VerifyRow;
  log: Logger;
  /** Attempts per row for retryable failures (1 = no retry). */
  rowAttempts: number;
  /** First backoff; each next one doubles, with full jitter. */
  rowBackoffMs: number;
  /** Rows of one chunk verified at once. */
  rowConcurrency: number;
}

const CANCEL_CHECK_MS = 500;

export const chunkFileName = (chunk: number): string => `chunks/${String(chunk).padStart(7, '0')}.jsonl`;

async function verifyWithRetries(deps: ChunkDeps, payload: ChunkPayload, row: ChunkRow): Promise<RowOutcome> {
  let outcome: RowOutcome | undefined;
  for (let attempt = 1; attempt <= deps.rowAttempts; attempt++) {
    try {
      outcome = await deps.verifyRow(payload.operation, row.request, payload.environment);
    } catch (error) {
      deps.log.error({ err: error, row: row.row }, 'verifying a bulk row threw');
      outcome = { status: 'failed', data: null, error: { code: 'INTERNAL_ERROR', message: 'The row could not be verified' }, costPaise: 0, retryable: true };
    }
    if (!outcome.retryable || attempt === deps.rowAttempts) break;
    const capMs = deps.rowBackoffMs * 2 ** (attempt - 1);
    await sleep(Math.random() * capMs);
  }
  return outcome as RowOutcome;
}


/** Returns true when this chunk was the job's last: the finalize step is due. */
export async function processChunk(payload: ChunkPayload, deps: ChunkDeps): Promise<boolean> {
  const { jobId, chunk } = payload;
  const file = chunkFileName(chunk);
  if (!(await deps.results.exists(jobId, file))) {
    const decided = await deps.jobs.chunkResults(jobId, chunk);
    // A cancellation is seen within half a second, without a Redis read per row.
    let cancelled = false;
    let cancelCheckedAtMs = 0;
    const isCancelled = async (): Promise<boolean> => {
      if (Date.now() - cancelCheckedAtMs >= CANCEL_CHECK_MS) {
        cancelCheckedAtMs = Date.now();
        cancelled = (await deps.jobs.status(jobId)) === 'cancelled';
      }
      return cancelled;
    };
    // Every row ends with a line (failures included), so mapLimit never stops early here.
    const mapped = await mapLimit(payload.rows, deps.rowConcurrency, async (row): Promise<{ ok: true; value: ChunkResultLine }> => {
      let json = decided.get(row.row);
      if (json === undefined) {
        const outcome: Omit<ChunkResultLine, 'row' | 'charged_paise'> & { costPaise: number } = (await isCancelled())
          ? { status: 'cancelled', data: null, error: null, costPaise: 0 }
          : await verifyWithRetries(deps, payload, row);
        json = await deps.jobs.keepRowResult(jobId, chunk, row.row, JSON.stringify({ status: outcome.status, data: outcome.data, error: outcome.error, cost: outcome.costPaise }));
      }
      const kept = JSON.parse(json) as { status: ChunkResultLine['status']; data: unknown; error: ChunkResultLine['error']; cost: number };
      let chargedPaise = 0;
      if (kept.status === 'ok' && kept.cost > 0) {
        const charge = await deps.wallet.chargePart(payload.accountId, jobId, `row:${row.row}`, kept.cost, `${jobId} row ${row.row}`);
        if (charge.status === 'ok' || charge.status === 'duplicate') chargedPaise = charge.paise;
        else deps.log.error({ jobId, row: row.row, charge: charge.status }, 'a bulk row could not be charged from its job hold');
      }
      return { ok: true, value: { row: row.row, status: kept.status, data: kept.data, error: kept.error, charged_paise: chargedPaise } };
    });
    const lines = mapped.ok ? mapped.values : [];
    await deps.results.writeLines(jobId, file, lines.map((line) => JSON.stringify(line)));
  }
  const counts = { done: 0, ok: 0, not_found: 0, failed: 0, cancelled: 0, chargedPaise: 0 };
  for await (const text of deps.results.readLines(jobId, file)) {
    const line = JSON.parse(text) as ChunkResultLine;
    counts.done++;
    counts[line.status]++;
    counts.chargedPaise += line.charged_paise;
  }
  const { chunksDone, chunksTotal } = await deps.jobs.countChunk(jobId, chunk, counts);
  await deps.jobs.dropChunkResults(jobId, chunk);
  return chunksDone >= chunksTotal;
}
