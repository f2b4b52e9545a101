/**
 * Finishes a bulk job once every chunk is counted: merges the chunks' results into
 * results.csv and results.jsonl in upload order (invalid rows and duplicates in their
 * places), releases what the job's hold did not charge, and marks the job finished.
 * Safe to run twice: the files are rewritten whole and the release and status change once.
 */
import type { Logger } from 'pino';
import type { BulkJobStore } from '../../store/bulk-jobs.js';
import type { ResultStore } from '../../store/result-store.js';
import type { WalletStore } from '../../store/wallet.js';
import { INPUT_FILE, type InputLine, type RowLine } from './input-file.js';
import { chunkFileName, type ChunkResultLine } from './process-chunk.js';
import { writeResultFiles, type RowResult } from './result-files.js';

export interface FinalizeDeps {
  jobs: BulkJobStore;
  wallet: WalletStore;
  results: ResultStore;
  log: Logger;
  /** Called once when the job has just finished (the webhook is queued from here). */
  onFinished: (jobId: string) => Promise<void>;
}

function invalidResult(line: Extract<RowLine, { mark: 'invalid' }>): RowResult {
  const message = line.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
  return { row: line.row, input: line.columns, status: 'invalid', data: null, error: { code: 'VALIDATION_FAILED', message }, chargedPaise: 0 };
}

export async function finalizeJob(jobId: string, deps: FinalizeDeps): Promise<void> {
  const job = await deps.jobs.get(jobId);
  if (job === undefined) return;
  if (job.status === 'completed' || job.status === 'failed') return;

  // Pass 1: which rows later rows repeat (their results are kept for the duplicates).
  let header: string[] = [];
  const repeated = new Set<number>();
  for await (const text of deps.results.readLines(jobId, INPUT_FILE)) {
    const line = JSON.parse(text) as InputLine;
    if ('header' in line) header = line.header;
    else if (line.mark === 'duplicate') repeated.add(line.of);
  }

  // Pass 2: input rows in order, each `first` row taking the next line of its chunk's file.
  const results = deps.results;
  async function* merged(): AsyncGenerator<RowResult> {
    const kept = new Map<number, ChunkResultLine>();
    let chunk = -1;
    let chunkLines: AsyncGenerator<string> | undefined;
    for await (const text of results.readLines(jobId, INPUT_FILE)) {
      const line = JSON.parse(text) as InputLine;
      if ('header' in line) continue;
      if (line.mark === 'invalid') {
        yield invalidResult(line);
        continue;
      }
      if (line.mark === 'duplicate') {
        const first = kept.get(line.of);
        yield first
          ? { row: line.row, input: line.columns, status: first.status, data: first.data, error: first.error, chargedPaise: 0 }
          : { row: line.row, input: line.columns, status: 'failed', data: null, error: { code: 'INTERNAL_ERROR', message: `no result for row ${line.of}` }, chargedPaise: 0 };
        continue;
      }
      if (line.chunk !== chunk) {
        chunk = line.chunk;
        chunkLines = (await results.exists(jobId, chunkFileName(chunk))) ? results.readLines(jobId, chunkFileName(chunk)) : undefined;
      }
      const next = chunkLines ? await chunkLines.next() : undefined;
      const result: ChunkResultLine = next && !next.done
        ? (JSON.parse(next.value) as ChunkResultLine)
        : { row: line.row, status: 'cancelled', data: null, error: null, charged_paise: 0 };
      if (result.row !== line.row) throw new Error(`chunk ${chunk} is out of step with the input at row ${line.row} (found ${result.row})`);
      if (repeated.has(line.row)) kept.set(line.row, result);
      yield { row: line.row, input: line.columns, status: result.status, data: result.data, error: result.error, chargedPaise: result.charged_paise };
    }
  }
  await writeResultFiles({ dir: results.dir(jobId), operation: job.operation, inputHeader: header, rows: merged() });

  const latest = (await deps.jobs.get(jobId)) ?? job;
  await deps.wallet.release(job.accountId, jobId);
  const releasedPaise = Math.max(0, latest.reservedPaise - latest.chargedPaise);
  const finished = await deps.jobs.finish(jobId, latest.status === 'cancelled' ? 'cancelled' : 'completed', releasedPaise);
  if (finished) {
    deps.log.info({ rows: latest.rows, chargedPaise: latest.chargedPaise, releasedPaise }, 'bulk job finished');
    await deps.onFinished(jobId);
  }
}
