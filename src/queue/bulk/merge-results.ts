/**
 * Puts a bulk job's results back in upload order for its result files: the input file
 * (input.jsonl) lists every row with intake's verdict, and each `first` row takes the next
 * line of its chunk's results file; invalid rows and duplicates take their places between.
 */
import type { ResultStore } from '../../store/result-store.js';
import { INPUT_FILE, type InputLine, type RowLine } from './input-file.js';
import { chunkFileName, type ChunkResultLine } from './process-chunk.js';
import type { RowResult } from './result-files.js';

/** How a duplicate's line reads in the input file (JSON.stringify writes no spaces). */
const DUPLICATE_MARK = '"mark":"duplicate"';

export interface InputSummary {
  header: string[];
  /** Rows that later rows repeat: their results are kept for the duplicates. */
  repeated: Set<number>;
}

/** Pass 1 over the input file: its header and which rows are repeated. */
export async function readInputSummary(results: ResultStore, jobId: string): Promise<InputSummary> {
  let header: string[] | undefined;
  const repeated = new Set<number>();
  for await (const lines of results.readLineBatches(jobId, INPUT_FILE)) {
    for (const text of lines) {
      // Only the header and duplicates matter here; a line that cannot be either is not parsed.
      if (header !== undefined && !text.includes(DUPLICATE_MARK)) continue;
      const line = JSON.parse(text) as InputLine;
      if ('header' in line) header = line.header;
      else if (line.mark === 'duplicate') repeated.add(line.of);
    }
  }
  return { header: header ?? [], repeated };
}

function invalidResult(line: Extract<RowLine, { mark: 'invalid' }>): RowResult {
  const message = line.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
  return { row: line.row, input: line.columns, status: 'invalid', data: null, error: { code: 'VALIDATION_FAILED', message }, chargedPaise: 0 };
}

/** Pass 2: every input row's result, in upload order, a read of the input file at a time. */
export async function* mergedResults(results: ResultStore, jobId: string, repeated: ReadonlySet<number>): AsyncGenerator<RowResult[]> {
  const kept = new Map<number, ChunkResultLine>();
  let chunk = -1;
  // A chunk's results file is small (one chunk's rows): read whole when its first row comes.
  let chunkLines: string[] = [];
  let next = 0;
  for await (const lines of results.readLineBatches(jobId, INPUT_FILE)) {
    const batch: RowResult[] = [];
    for (const text of lines) {
      const line = JSON.parse(text) as InputLine;
      if ('header' in line) continue;
      if (line.mark === 'invalid') {
        batch.push(invalidResult(line));
        continue;
      }
      if (line.mark === 'duplicate') {
        const first = kept.get(line.of);
        batch.push(
          first
            ? { row: line.row, input: line.columns, status: first.status, data: first.data, error: first.error, chargedPaise: 0 }
            : { row: line.row, input: line.columns, status: 'failed', data: null, error: { code: 'INTERNAL_ERROR', message: `no result for row ${line.of}` }, chargedPaise: 0 },
        );
        continue;
      }
      if (line.chunk !== chunk) {
        chunk = line.chunk;
        chunkLines = await readChunkLines(results, jobId, chunk);
        next = 0;
      }
      const resultText = chunkLines[next++];
      const result: ChunkResultLine = resultText === undefined
        ? { row: line.row, status: 'cancelled', data: null, error: null, charged_paise: 0 }
        : (JSON.parse(resultText) as ChunkResultLine);
      if (result.row !== line.row) throw new Error(`chunk ${chunk} is out of step with the input at row ${line.row} (found ${result.row})`);
      if (repeated.has(line.row)) kept.set(line.row, result);
      batch.push({ row: line.row, input: line.columns, status: result.status, data: result.data, error: result.error, chargedPaise: result.charged_paise });
    }
    if (batch.length > 0) yield batch;
  }
}

/** A chunk's result lines; none when the chunk never ran (a cancelled job): its rows are cancelled. */
async function readChunkLines(results: ResultStore, jobId: string, chunk: number): Promise<string[]> {
  const name = chunkFileName(chunk);
  if (!(await results.exists(jobId, name))) return [];
  return (await results.readText(jobId, name)).split('\n').filter((line) => line !== '');
}
