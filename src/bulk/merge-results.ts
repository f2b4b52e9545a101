/**
 * Puts a bulk job's results back in upload order for its result files: the input file
 * (input.jsonl) lists every row with intake's verdict, and each `first` row takes the next
 * line of its chunk's results file; invalid rows and duplicates take their places between.
 */
import type { AbandonedChunk } from '../store/bulk-jobs/bulk-jobs.js';
import { isMissingFile, type ResultStore } from '../store/results/result-store.js';
import { INPUT_FILE, inputRowBatches, type InputLine, type RowLine } from './input-file.js';
import { chunkFileName, parseChunkLine, type ChunkResultLine } from './process-chunk.js';
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

/** The input file's header alone (its first line): an itc.check job's finalize needs no more of pass 1. */
export async function readInputHeader(results: ResultStore, jobId: string): Promise<string[]> {
  for await (const text of results.readLines(jobId, INPUT_FILE)) {
    const line = JSON.parse(text) as InputLine;
    return 'header' in line ? line.header : [];
  }
  return [];
}

export function invalidResult(line: Extract<RowLine, { mark: 'invalid' }>): RowResult {
  const message = line.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
  return { row: line.row, input: line.columns, sent: line.sent, status: 'invalid', data: null, error: { code: 'VALIDATION_FAILED', message }, chargedPaise: 0 };
}

/**
 * A row's result as the file writer takes it, from its chunk's line: rendered by the chunk,
 * or (older files) its data. Built whole, not spread: a spread per row cost more than
 * parsing the row's lines (a quarter of finalize's time).
 */
function resultOf(line: ChunkResultLine, { row, columns: input, sent }: RowLine, chargedPaise: number): RowResult {
  return line.rendered !== undefined
    ? { row, input, sent, status: line.status, data: null, error: null, chargedPaise, rendered: line.rendered }
    : { row, input, sent, status: line.status, data: line.data ?? null, error: line.error ?? null, chargedPaise, rendered: undefined };
}

/** Rows per batch handed to the file writer: bounds memory when rows are large (Business360). */
const BATCH_ROWS = 500;

/**
 * A row of a chunk that has no results file: its chunk was given up on (failed or cancelled,
 * with why), or never ran because its job was cancelled.
 */
export function unkeptLine(row: number, abandoned: AbandonedChunk | undefined): ChunkResultLine {
  if (abandoned === undefined) return { row, status: 'cancelled', charged_paise: 0 };
  const error = abandoned.status === 'failed' ? { code: 'INTERNAL_ERROR', message: `This row could not be verified and was not billed: ${abandoned.reason}` } : null;
  return { row, status: abandoned.status, charged_paise: 0, data: null, error };
}

/**
 * Pass 2: every input row's result, in upload order, in batches of up to BATCH_ROWS.
 * `abandoned`: the chunks given up on (job-watchdog.ts), whose rows without a file say why.
 */
export async function* mergedResults(
  results: ResultStore,
  jobId: string,
  repeated: ReadonlySet<number>,
  abandoned: ReadonlyMap<number, AbandonedChunk> = new Map(),
): AsyncGenerator<RowResult[]> {
  const kept = new Map<number, ChunkResultLine>();
  let chunk = -1;
  let chunkLines: ChunkLines | undefined;
  // The next chunk's file, its first read already under way: chunks follow each other in the
  // input, and waiting for each file's open and first read in turn left finalize idle.
  let nextLines: ChunkLines | undefined;
  let batch: RowResult[] = [];
  try {
    for await (const lines of inputRowBatches(results, jobId)) {
      for (const line of lines) {
        if (line.mark === 'invalid') {
          batch.push(invalidResult(line));
        } else if (line.mark === 'duplicate') {
          const first = kept.get(line.of);
          const duplicate: RowResult = first
            ? resultOf(first, line, 0)
            : { row: line.row, input: line.columns, sent: line.sent, status: 'failed', data: null, error: { code: 'INTERNAL_ERROR', message: `no result for row ${line.of}` }, chargedPaise: 0 };
          duplicate.duplicateOf = line.of;
          batch.push(duplicate);
        } else {
          if (line.chunk !== chunk) {
            chunk = line.chunk;
            await chunkLines?.close();
            if (nextLines?.chunk === chunk) {
              chunkLines = nextLines;
            } else {
              await nextLines?.close();
              chunkLines = ChunkLines.open(results, jobId, chunk);
            }
            nextLines = ChunkLines.open(results, jobId, chunk + 1);
          }
          // Awaited only when a read's lines run out: an await per row costs more than the row.
          const resultText = chunkLines?.buffered() === true ? chunkLines.take() : await chunkLines?.next();
          const result: ChunkResultLine = resultText === undefined ? unkeptLine(line.row, abandoned.get(chunk)) : parseChunkLine(resultText);
          if (result.row !== line.row) throw new Error(`chunk ${chunk} is out of step with the input at row ${line.row} (found ${result.row})`);
          if (repeated.has(line.row)) kept.set(line.row, result);
          batch.push(resultOf(result, line, result.charged_paise));
        }
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
    }
  } finally {
    await chunkLines?.close();
    await nextLines?.close();
  }
  if (batch.length > 0) yield batch;
}

type Read = { ok: true; value: string[] | undefined } | { ok: false; error: unknown };

/**
 * One chunk's results file, line by line, read a batch at a time. A chunk that never ran (a
 * cancelled job) has no file: its rows are cancelled.
 */
class ChunkLines {
  private lines: string[] = [];
  private index = 0;
  /** A read started before it was needed; settled, so an unused one is never an unhandled rejection. */
  private ahead: Promise<Read> | undefined;

  private constructor(
    readonly chunk: number,
    private readonly batches: AsyncGenerator<string[]>,
  ) {}

  /** Opens the chunk's file and starts its first read at once. */
  static open(results: ResultStore, jobId: string, chunk: number): ChunkLines {
    const chunkLines = new ChunkLines(chunk, results.readLineBatches(jobId, chunkFileName(chunk)));
    chunkLines.ahead = chunkLines.read();
    return chunkLines;
  }

  private read(): Promise<Read> {
    return this.batches.next().then(
      (result): Read => ({ ok: true, value: result.done === true ? undefined : result.value }),
      (error: unknown): Read => (isMissingFile(error) ? { ok: true, value: undefined } : { ok: false, error }),
    );
  }

  buffered(): boolean {
    return this.index < this.lines.length;
  }

  /** The next line already read; call only when buffered(). */
  take(): string {
    return this.lines[this.index++] as string;
  }

  async next(): Promise<string | undefined> {
    while (this.index >= this.lines.length) {
      const read = await (this.ahead ?? this.read());
      this.ahead = undefined;
      if (!read.ok) throw read.error;
      if (read.value === undefined) return undefined;
      this.lines = read.value;
      this.index = 0;
    }
    return this.lines[this.index++];
  }

  async close(): Promise<void> {
    await this.ahead;
    await this.batches.return(undefined);
  }
}
