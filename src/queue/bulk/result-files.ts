/**
 * Writes a bulk job's results.csv and results.jsonl (interface document, "Bulk jobs").
 *
 * Both files are streamed: rows are pulled from the iterable only as fast as the disk takes
 * them (pipeline backpressure for the CSV, awaited 'drain' for the JSONL), so a
 * million-row job never sits in memory. Each file is written under a temporary name in the
 * same directory, fsynced, then renamed over the final name: rename is atomic on one file
 * system, so a download never sees half a file, and a crash leaves only a stray temp file.
 *
 * Format choices:
 * - CSV: UTF-8 with a byte-order mark and CRLF line endings (RFC 4180). Excel only reads a
 *   CSV as UTF-8 when it starts with a BOM, and names in Indian scripts or with "₹" would
 *   otherwise turn into mojibake; our own upload parser accepts the BOM too.
 * - JSONL: UTF-8, no BOM, LF (the JSON Lines convention); values exact, never escaped.
 * - Input columns keep their names and order. A fixed or result column whose name equals an
 *   input column (case-insensitively, as uploads are matched) takes an `_result` suffix:
 *   an input `pan` column next to gst.verify's `pan` gives `pan` (input) and `pan_result`.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { paiseToInr, type OperationName } from '../../domain/operations.js';
import { escapeCell } from '../../domain/formula-escape.js';
import { flatten, resultColumns } from './result-columns.js';

export const RESULTS_CSV_FILE = 'results.csv';
export const RESULTS_JSONL_FILE = 'results.jsonl';

export type RowStatus = 'ok' | 'not_found' | 'failed' | 'invalid' | 'cancelled';

export interface RowResult {
  /** The row number as numbered at upload; written as given. */
  row: number;
  input: Record<string, string>;
  status: RowStatus;
  data: unknown | null;
  error: { code: string; message: string } | null;
  chargedPaise: number;
}

export interface WriteResultFilesOptions {
  dir: string;
  operation: OperationName;
  inputHeader: string[];
  /** In input order; read once. */
  rows: AsyncIterable<RowResult>;
}

const FIXED_BEFORE_INPUT = ['row'];
const FIXED_AFTER_INPUT = ['status', 'error_code', 'error_message', 'charged_inr'];
const COLLISION_SUFFIX = '_result';
// Bigger than the 16 KiB default: fewer write syscalls and drain round trips, still bounded.
const FILE_BUFFER_BYTES = 256 * 1024;

/**
 * The results.csv header before formula escaping: `row`, the input columns, the fixed
 * columns, then the operation's key fields, with colliding generated names suffixed.
 */
export function csvHeader(operation: OperationName, inputHeader: readonly string[]): string[] {
  const taken = new Set(inputHeader.map((name) => name.toLowerCase()));
  const generated = (name: string): string => {
    let unique = name;
    // Repeat so that an input with both `pan` and `pan_result` still gets a distinct column.
    while (taken.has(unique.toLowerCase())) unique += COLLISION_SUFFIX;
    taken.add(unique.toLowerCase());
    return unique;
  };
  const before = FIXED_BEFORE_INPUT.map(generated);
  const after = [...FIXED_AFTER_INPUT, ...resultColumns(operation)].map(generated);
  return [...before, ...inputHeader, ...after];
}

/** Paise as the INR text of results.csv: always two decimals, from integers (no float). */
export function chargedInrText(amountPaise: number): string {
  const paise = Math.round(amountPaise);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export async function writeResultFiles(
  options: WriteResultFilesOptions,
): Promise<{ csvPath: string; jsonlPath: string; rows: number }> {
  const { dir, operation, inputHeader } = options;
  const csvPath = path.join(dir, RESULTS_CSV_FILE);
  const jsonlPath = path.join(dir, RESULTS_JSONL_FILE);
  const suffix = `${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  // Dot-prefixed so a directory listing of finished results does not show them.
  const csvTemp = path.join(dir, `.${RESULTS_CSV_FILE}.${suffix}`);
  const jsonlTemp = path.join(dir, `.${RESULTS_JSONL_FILE}.${suffix}`);

  const resultNames = resultColumns(operation);
  const jsonl = createWriteStream(jsonlTemp, { flags: 'wx', encoding: 'utf8', highWaterMark: FILE_BUFFER_BYTES });
  // Errors surface through writeLine() and finished(); this only keeps one from being unhandled.
  jsonl.on('error', () => {});
  let rowCount = 0;

  async function* csvRecords(): AsyncGenerator<string[]> {
    yield csvHeader(operation, inputHeader).map(escapeCell);
    for await (const result of options.rows) {
      const input = Object.fromEntries(inputHeader.map((name) => [name, result.input[name] ?? '']));
      const line = `${JSON.stringify({
        row: result.row,
        input,
        status: result.status,
        data: result.data ?? null,
        error: result.error ?? null,
        charged_inr: paiseToInr(result.chargedPaise),
      })}\n`;
      await writeLine(jsonl, line);
      const flat = flatten(operation, result.data);
      yield [
        String(result.row),
        ...inputHeader.map((name) => input[name] as string),
        result.status,
        result.error?.code ?? '',
        result.error?.message ?? '',
        chargedInrText(result.chargedPaise),
        ...resultNames.map((name) => flat[name] as string),
      ].map(escapeCell);
      rowCount += 1;
    }
  }

  try {
    await pipeline(
      Readable.from(csvRecords()),
      // quoted_match: csv-stringify only quotes the full record delimiter (CRLF) by itself;
      // a lone CR or LF inside a cell must be quoted too or readers split the row.
      stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ }),
      createWriteStream(csvTemp, { flags: 'wx', highWaterMark: FILE_BUFFER_BYTES }),
    );
    jsonl.end();
    await finished(jsonl);
    await Promise.all([fsyncFile(csvTemp), fsyncFile(jsonlTemp)]);
    await rename(csvTemp, csvPath);
    await rename(jsonlTemp, jsonlPath);
  } catch (error) {
    jsonl.destroy();
    await Promise.all([rm(csvTemp, { force: true }), rm(jsonlTemp, { force: true })]);
    throw error;
  }
  return { csvPath, jsonlPath, rows: rowCount };
}

/** A write that waits out backpressure and fails (never hangs) once the stream has failed. */
async function writeLine(stream: Writable, line: string): Promise<void> {
  if (stream.errored) throw stream.errored;
  // once() rejects on 'error', so a failing disk ends the loop instead of stalling it.
  if (!stream.write(line)) await once(stream, 'drain');
}

/** Data on disk before the rename, so a crash cannot leave a renamed but empty file. */
async function fsyncFile(filePath: string): Promise<void> {
  const handle = await open(filePath, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
