/**
 * Processes one chunk of a bulk job's rows. BullMQ delivers a chunk at least once (a worker
 * killed mid-chunk, a lost lock), so every step is safe to repeat:
 * - a row's result, once decided, is kept in Redis and reused by a re-run (no second verdict);
 * - the chunk's results file is written whole and put on disk (fsync) before any row is billed,
 *   so a charge always has its delivered result (a disk that is full fails the chunk unbilled);
 * - a successful row is charged from the job's hold under its row number (charged once);
 * - then the chunk is counted once.
 * Retryable failures (the source down or slow) are retried per row with exponential backoff
 * and jitter; rows still failing end `failed` with the last error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LimitFunction } from 'p-limit';
import type { Logger } from 'pino';
import type { BulkJobStore } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';
import type { PartCharge, WalletStore } from '../store/wallet/wallet.js';
import type { ChunkPayload, ChunkRow } from '../queue/names.js';
import { ledgerLabel } from '../domain/ledger-lines.js';
import { renderResult, type RenderedResult } from './result-files.js';
import type { RowOutcome, VerifyRow } from './verify-row.js';

/**
 * A line of a chunk's results file. Written with `rendered` (the row's result as the job's
 * result files write it); files written before it carry `data` and `error` instead, and the
 * finalize step renders those itself.
 */
export interface ChunkResultLine {
  row: number;
  status: 'ok' | 'not_found' | 'failed' | 'cancelled';
  charged_paise: number;
  /** A charged row's identifier (ledgerLabel), named in its ledger entry; absent in files written before it. */
  identifier?: string;
  rendered?: RenderedResult;
  data?: unknown;
  error?: { code: string; message: string } | null;
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
  /**
   * The process's row slots, shared first-come by every chunk it runs. A chunk capped on its
   * own would end in a tail of fewer and fewer rows, and chunks started together end
   * together: the process's demand would drop to nothing at every chunk boundary, leaving a
   * rate-limited source's slots idle. Shared, the next chunks' rows fill the slots while one
   * chunk finishes and is written.
   */
  rowSlots: LimitFunction;
}

const CANCEL_CHECK_MS = 500;

/** A row's decided result as kept in Redis until its chunk's file is written. */
interface KeptResult {
  status: ChunkResultLine['status'];
  data: unknown;
  error: { code: string; message: string } | null;
  cost: number;
}

export const chunkFileName = (chunk: number): string => `chunks/${String(chunk).padStart(7, '0')}.jsonl`;

/**
 * A chunk results file line: the line's JSON, then, when the result is rendered, a tab and
 * its results.jsonl members as they will be written, so the finalize step copies them without
 * parsing (and unescaping) them again. JSON text never holds a raw tab (JSON.stringify escapes
 * one inside a string), so the line's first tab is the split. Lines without one are the
 * plain JSON lines of older files.
 */
export function formatChunkLine(line: ChunkResultLine): string {
  if (line.rendered === undefined) return JSON.stringify(line);
  const { json, ...csv } = line.rendered;
  return `${JSON.stringify({ ...line, rendered: csv })}\t${json}`;
}

export function parseChunkLine(text: string): ChunkResultLine {
  const tab = text.indexOf('\t');
  if (tab === -1) return JSON.parse(text) as ChunkResultLine;
  // Completed in place (the parsed objects are this call's own): spreads here cost as much as the parse.
  const line = JSON.parse(text.slice(0, tab)) as ChunkResultLine & { rendered: RenderedResult };
  line.rendered.json = text.slice(tab + 1);
  return line;
}

/** What a row ends with, before its charge: a verification's outcome, or cancelled. */
type RowVerdict = Pick<RowOutcome, 'data' | 'error' | 'costPaise'> & { status: ChunkResultLine['status'] };

const CANCELLED: RowVerdict = { status: 'cancelled', data: null, error: null, costPaise: 0 };

async function attemptRow(deps: ChunkDeps, payload: ChunkPayload, row: ChunkRow): Promise<RowOutcome> {
  try {
    return await deps.verifyRow(payload.operation, row.request, payload.environment, payload.clockOffsetMs);
  } catch (error) {
    deps.log.error({ err: error, row: row.row }, 'verifying a bulk row threw');
    return { status: 'failed', data: null, error: { code: 'INTERNAL_ERROR', message: 'The row could not be verified' }, costPaise: 0, retryable: true };
  }
}

/**
 * A row's verdict, retrying what is retryable with exponential backoff and full jitter;
 * undefined when its chunk was abandoned (another row of it threw) before it was decided.
 * Each attempt takes one of the process's row slots and the backoff waits outside them: a job
 * whose source is down must not hold every slot through its pauses and starve other jobs.
 */
async function decideRow(deps: ChunkDeps, payload: ChunkPayload, row: ChunkRow, abandoned: () => boolean, isCancelled: () => Promise<boolean>): Promise<RowVerdict | undefined> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await deps.rowSlots(async (): Promise<RowOutcome | RowVerdict | undefined> => {
      if (abandoned()) return undefined;
      if (await isCancelled()) return CANCELLED;
      return attemptRow(deps, payload, row);
    });
    if (outcome === undefined || !('retryable' in outcome) || !outcome.retryable || attempt >= deps.rowAttempts) return outcome;
    // The pause watches for a cancel (the chunk's shared check, not a read per row): a row
    // waiting to retry is as good as queued, and a cancel should not wait out its backoff.
    const until = Date.now() + Math.random() * deps.rowBackoffMs * 2 ** (attempt - 1);
    for (let left = until - Date.now(); left > 0; left = until - Date.now()) {
      await sleep(Math.min(left, CANCEL_CHECK_MS));
      if (await isCancelled()) return CANCELLED;
    }
  }
}

/** Decides the chunk's rows not decided yet (a re-run reuses the kept ones), all settled before it returns. */
async function decideRows(deps: ChunkDeps, payload: ChunkPayload, decided: ReadonlyMap<number, string>): Promise<Map<number, string>> {
  const { jobId } = payload;
  // A cancellation is seen within half a second, without a Redis read per row. Rows that ask
  // while a read is under way wait for its answer rather than go ahead on the last one. A failed
  // read keeps the last answer: if Redis is really gone, the chunk's own writes fail and retry it.
  let cancelled = false;
  let cancelCheckedAtMs = 0;
  let check: Promise<boolean> | undefined;
  const isCancelled = (): Promise<boolean> => {
    if (check === undefined || Date.now() - cancelCheckedAtMs >= CANCEL_CHECK_MS) {
      cancelCheckedAtMs = Date.now();
      // A failed job too: its hold went back (its chunks could not all be queued), so a row
      // verified now would be an upstream call nobody is billed for.
      check = deps.jobs.status(jobId).then(
        (status) => (cancelled = status === 'cancelled' || status === 'failed'),
        () => cancelled,
      );
    }
    return check;
  };
  const fresh = new Map<number, string>();
  // Once a row throws the chunk fails, and its rows still queued for a slot stop there
  // instead of calling upstreams for a chunk nobody will write (BullMQ retries it whole).
  let failure: { error: unknown } | undefined;
  await Promise.all(
    payload.rows
      .filter((row) => !decided.has(row.row))
      .map(async (row) => {
        try {
          const verdict = await decideRow(deps, payload, row, () => failure !== undefined, isCancelled);
          if (verdict !== undefined) fresh.set(row.row, JSON.stringify({ status: verdict.status, data: verdict.data, error: verdict.error, cost: verdict.costPaise }));
        } catch (error) {
          failure ??= { error };
        }
      }),
  );
  if (failure !== undefined) throw failure.error;
  return fresh;
}

/**
 * Keeps the chunk's verdicts in Redis, then writes its results file, each row with what it is
 * to be charged, and has it on disk before anything is billed (settleChunk bills from the
 * file). A re-run finds the verdicts and neither decides nor bills a row again; a worker lost
 * before the file is kept costs the chunk's upstream calls again, never a customer's money.
 */
async function keepChunk(deps: ChunkDeps, payload: ChunkPayload, file: string, decided: Map<number, string>, fresh: ReadonlyMap<number, string>): Promise<void> {
  const { jobId, chunk } = payload;
  for (const [row, json] of await deps.jobs.keepRowResults(jobId, chunk, fresh)) decided.set(row, json);
  const lines: ChunkResultLine[] = payload.rows.map(({ row, request }) => {
    const { status, data, error, cost } = JSON.parse(decided.get(row) as string) as KeptResult;
    const charged = status === 'ok' && cost > 0 ? cost : 0;
    const identifier = charged > 0 ? ledgerLabel(payload.operation, request).identifier : undefined;
    const base = { row, status, charged_paise: charged, ...(identifier === undefined ? {} : { identifier }) };
    // An itc.check row is a supplier, not a result row: finalize judges its invoices from the facts kept here.
    if (payload.operation === 'itc.check') return { ...base, data, error };
    return { ...base, rendered: renderResult(payload.operation, { status, data, error }) };
  });
  await deps.results.writeLines(jobId, file, lines.map(formatChunkLine));
}

/**
 * Bills a kept chunk file's rows from the job's hold and counts the chunk; true when it was
 * the job's last. Safe to repeat (a re-run, or the watchdog settling a chunk whose worker
 * died after its file was kept): a row is charged once under its row number, a chunk counted
 * once. A row the hold can no longer pay (the job already ended) is written back as not
 * charged, so the file always says what the ledger holds.
 */
export async function settleChunk(deps: Pick<ChunkDeps, 'jobs' | 'wallet' | 'results' | 'log'>, accountId: string, jobId: string, chunk: number): Promise<boolean> {
  const file = chunkFileName(chunk);
  const lines: ChunkResultLine[] = [];
  for await (const text of deps.results.readLines(jobId, file)) lines.push(parseChunkLine(text));
  const billable = lines.filter((line) => line.status === 'ok' && line.charged_paise > 0);
  // The job's hold is in its wallet; a job gone (removed) has no hold left, and the live
  // wallet answers 'resolved' for every row, as either would.
  const wallet = deps.wallet.of((await deps.jobs.walletOf(jobId)) ?? 'live');
  const charges = await wallet.chargeParts(
    accountId,
    jobId,
    billable.map(({ row, charged_paise, identifier }) => ({ key: `row:${row}`, amountPaise: charged_paise, reference: `${jobId} row ${row}`, identifier })),
  );
  let corrected = false;
  billable.forEach((line, index) => {
    const charge = charges[index] as PartCharge;
    const paise = charge.status === 'ok' || charge.status === 'duplicate' ? charge.paise : 0;
    if (charge.status !== 'ok' && charge.status !== 'duplicate') deps.log.error({ jobId, row: line.row, charge: charge.status }, 'a bulk row could not be charged from its job hold');
    if (paise !== line.charged_paise) {
      line.charged_paise = paise;
      corrected = true;
    }
  });
  if (corrected) await deps.results.writeLines(jobId, file, lines.map(formatChunkLine));
  const counts = { done: 0, ok: 0, not_found: 0, failed: 0, cancelled: 0, chargedPaise: 0 };
  for (const line of lines) {
    counts.done++;
    counts[line.status]++;
    counts.chargedPaise += line.charged_paise;
  }
  const { chunksDone, chunksTotal } = await deps.jobs.countChunk(jobId, chunk, counts);
  await deps.jobs.dropChunkResults(jobId, chunk);
  return chunksDone >= chunksTotal;
}

/** Returns true when this chunk was the job's last: the finalize step is due. */
export async function processChunk(payload: ChunkPayload, deps: ChunkDeps): Promise<boolean> {
  const { jobId, chunk } = payload;
  const file = chunkFileName(chunk);
  if (!(await deps.results.exists(jobId, file))) {
    const [decided] = await Promise.all([deps.jobs.chunkResults(jobId, chunk), deps.jobs.markRunning(jobId)]);
    const fresh = await decideRows(deps, payload, decided);
    // Another run of this chunk (BullMQ delivered it again while this one waited for slots)
    // may have kept its file first: that file stands and is billed; this run adds nothing.
    if (!(await deps.results.exists(jobId, file))) await keepChunk(deps, payload, file, decided, fresh);
  }
  return settleChunk(deps, payload.accountId, jobId, chunk);
}
