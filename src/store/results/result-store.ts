/**
 * Where bulk jobs' and portfolio runs' files live (DESIGN.md §2): the port every reader and
 * writer of a job's files goes through, so that a local folder (local-result-store.ts, the
 * default) and an S3-compatible bucket (s3-result-store.ts, the path to several machines)
 * behave the same. open-result-store.ts picks one from the configuration.
 *
 * What every implementation promises:
 * - a file is whole or absent: readers never see half of one, and a write that fails leaves
 *   the name as it was;
 * - a write resolves only once the store has the file durably (fsynced and renamed; an upload
 *   acknowledged), so work that depends on it (a chunk's charges, a job's finish) may follow;
 * - reads and downloads are streamed, never held whole;
 * - a missing file is an error for which isMissingFile() is true.
 */
import type { Readable } from 'node:stream';

/** A job's (or portfolio run's) files: one folder or key prefix per job id. */
export const JOB_ID = /^job_[0-9a-z]{10,40}$/;

/** A file's name inside its job: ours (input.jsonl, chunks/0000001.jsonl, results.csv), never a caller's. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)?$/;

/** A path or key is never built from an unchecked id or name. */
export function checkJobFile(jobId: string, name?: string): void {
  if (!JOB_ID.test(jobId)) throw new Error(`not a job id: ${jobId}`);
  if (name !== undefined && (!FILE_NAME.test(name) || name.includes('..'))) throw new Error(`not a job file name: ${name}`);
}

/** Whether `entry` is a temporary that writing `name` in the same folder leaves until its rename (local store only). */
export function isTemporaryOf(entry: string, name: string): boolean {
  return entry.startsWith(`${name}.`) && entry.endsWith('.tmp');
}

/** The error a read of a file that is not there fails with, whichever the store. */
export function missingFile(jobId: string, name: string): Error {
  return Object.assign(new Error(`${jobId} has no file ${name}`), { code: 'ENOENT' });
}

export function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** One file being written: nothing of it is seen under its name until commit() resolves. */
export interface ResultFileWriter {
  /** Adds text (or bytes: results.xlsx); resolves when the store can take more (backpressure), rejects once writing failed. */
  write(text: string | Uint8Array): Promise<void>;
  /** The file whole under its name, durably; cleans up after itself when it fails. */
  commit(): Promise<void>;
  /** Drops what was written: the name keeps what it had. Safe after a failed commit. */
  abort(): Promise<void>;
}

/** A job's own entries (not followed into subfolders) and when any of its files was last written. */
export interface JobListing {
  lastWrittenMs: number;
  entries: { name: string; isFile: boolean }[];
}

/** A file to stream to a client, and its length (a Content-Length). */
export interface ResultDownload {
  body: Readable;
  bytes: number;
}

export interface ResultStore {
  /** Where the files are, for logs: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  /** The jobs that have files here. */
  jobIds(): Promise<string[]>;
  /** undefined once the job has no files. */
  listing(jobId: string): Promise<JobListing | undefined>;
  /** Bytes the job's files take, subfolders included (0 when it has none): what a quota counts. */
  storedBytes(jobId: string): Promise<number>;
  exists(jobId: string, name: string): Promise<boolean>;
  /** Writes lines (each without its newline) as one file, at the store's pace. */
  writeLines(jobId: string, name: string, lines: AsyncIterable<string> | Iterable<string>): Promise<void>;
  /** Writes a small file whole, exactly as given. */
  writeText(jobId: string, name: string, text: string): Promise<void>;
  /** A file written piece by piece (results.csv, results.jsonl and results.xlsx, side by side). */
  openWriter(jobId: string, name: string): Promise<ResultFileWriter>;
  readText(jobId: string, name: string): Promise<string>;
  /** A file's lines (LF-separated, empty lines skipped) without holding it whole. */
  readLines(jobId: string, name: string): AsyncGenerator<string>;
  /** The same lines a read's worth at a time: one await per read, not per line. */
  readLineBatches(jobId: string, name: string): AsyncGenerator<string[]>;
  /**
   * The lines from byte `byteOffset` on, each with where it starts and where the next begins,
   * reading only from there (a page of a results listing starts where the last one ended,
   * without reading what came before). An offset at or past the end gives no lines; one
   * inside a line gives that line's rest first (a caller checks its offsets: PlacedLine).
   */
  readLinesFrom(jobId: string, name: string, byteOffset: number): AsyncGenerator<PlacedLine>;
  /** A file for a download, streamed from the store. */
  openRead(jobId: string, name: string): Promise<ResultDownload>;
  /** Every file of the job; nothing when it has none. */
  remove(jobId: string): Promise<void>;
  /** Frees what the store holds open (an S3 client's connections). */
  close(): Promise<void>;
}

/** A line of a file and its place: `offset` its first byte, `next` the first byte after its newline. */
export interface PlacedLine {
  text: string;
  offset: number;
  next: number;
}

/**
 * Bytes read in pieces from `start` as placed lines (empty lines skipped, their bytes counted).
 * Split on the byte 0x0A, which UTF-8 never uses inside a character, and decoded per line, so a
 * character split between two reads is whole in its line.
 */
export async function* placedLines(pieces: AsyncIterable<Buffer>, start: number): AsyncGenerator<PlacedLine> {
  let pending: Buffer[] = [];
  let lineStart = start;
  let position = start;
  for await (const piece of pieces) {
    let from = 0;
    for (let newline = piece.indexOf(10); newline !== -1; newline = piece.indexOf(10, from)) {
      const tail = piece.subarray(from, newline);
      const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
      pending = [];
      const next = position + newline + 1;
      if (bytes.length > 0) yield { text: bytes.toString('utf8'), offset: lineStart, next };
      lineStart = next;
      from = newline + 1;
    }
    if (from < piece.length) pending.push(piece.subarray(from));
    position += piece.length;
  }
  const last = Buffer.concat(pending);
  if (last.length > 0) yield { text: last.toString('utf8'), offset: lineStart, next: position };
}

/** A file for a download, or undefined when it is not there (yet, or any more). */
export async function openDownload(results: Pick<ResultStore, 'openRead'>, jobId: string, name: string): Promise<ResultDownload | undefined> {
  try {
    return await results.openRead(jobId, name);
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}

/** Lines joined into writes of up to this many characters: a write per line cost a third more time. */
const WRITE_BATCH_CHARS = 65_536;

/**
 * writeLines through a writer, for every store: when `lines` throws (a bad byte deep in an
 * upload) or the store fails, nothing is left under the name and no write is left pending.
 */
export async function writeLinesTo(writer: ResultFileWriter, lines: AsyncIterable<string> | Iterable<string>): Promise<void> {
  try {
    let batch = '';
    for await (const line of lines) {
      batch += `${line}\n`;
      if (batch.length >= WRITE_BATCH_CHARS) {
        await writer.write(batch);
        batch = '';
      }
    }
    if (batch !== '') await writer.write(batch);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Text read in pieces (a utf8 stream: a character split across two reads arrives whole) as
 * its lines, a piece's worth at a time. One await per read rather than per line: the
 * finalize step of a million-row job walks its input file twice.
 */
export async function* lineBatches(pieces: AsyncIterable<string>): AsyncGenerator<string[]> {
  // The start of a line still unfinished, in pieces: a long line is joined once, not per read.
  let pending: string[] = [];
  for await (const text of pieces) {
    const end = text.lastIndexOf('\n');
    if (end === -1) {
      pending.push(text);
      continue;
    }
    const lines = (pending.join('') + text.slice(0, end)).split('\n').filter((line) => line !== '');
    pending = end + 1 < text.length ? [text.slice(end + 1)] : [];
    if (lines.length > 0) yield lines;
  }
  const last = pending.join('');
  if (last !== '') yield [last];
}
