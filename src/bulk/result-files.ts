/**
 * Writes a bulk job's results.csv, results.jsonl and results.xlsx (results-xlsx.ts) (interface document, "Bulk jobs").
 *
 * Both files are streamed: batches of rows are pulled from the iterable only as fast as the
 * result store takes them (each batch's writes wait while a file's buffer is full), so a
 * million-row job never sits in memory. Each is written through the store's writer, which
 * shows a file under its name only whole (a temporary fsynced and renamed; an upload
 * completed), so a download never sees half a file.
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
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { paiseToInr, type BulkOperationName } from '../domain/operations.js';
import { csvRecord } from '../domain/csv-record.js';
import { escapeCell, startsFormula } from '../domain/formula-escape.js';
import { isProblem, keyFieldValue } from '../domain/result-breakdown.js';
import type { ResultFileWriter, ResultStore } from '../store/results/result-store.js';
import { flatten, resultColumns } from './result-columns.js';
import { ResultsWorkbook } from './results-xlsx.js';

export const RESULTS_CSV_FILE = 'results.csv';
export const RESULTS_JSONL_FILE = 'results.jsonl';

export type RowStatus = 'ok' | 'not_found' | 'failed' | 'invalid' | 'cancelled';

export interface RowResult {
  /** The row number as numbered at upload; written as given. */
  row: number;
  /** Each input column's cell as text: results.csv's input cells. */
  input: Record<string, string>;
  /** A JSON row as sent, when a value was not a string: results.jsonl's input values. */
  sent?: Record<string, unknown> | undefined;
  status: RowStatus;
  data: unknown | null;
  error: { code: string; message: string } | null;
  chargedPaise: number;
  /** The row's result already rendered (by its chunk); `data` and `error` are then unused. */
  rendered?: RenderedResult;
  /** A duplicate's first row: results.jsonl says `duplicate_of` (an addition), the breakdown counts it apart. */
  duplicateOf?: number | undefined;
}

/**
 * A row's result as both files write it, apart from its row number, input and charge. A
 * chunk renders its rows when it writes its results file, so that work is spread over the
 * verify workers, and the finalize step, which runs alone after the last row, only puts the
 * job's rows in order. A duplicate reuses its first row's rendering with its own charge (0).
 */
export interface RenderedResult {
  /** results.csv's `status`, `error_code` and `error_message` cells, escaped and joined. */
  head: string;
  /** results.csv's result columns of the operation, escaped and joined. */
  fields: string;
  /** results.jsonl's `"status":…,"data":…,"error":…` members. */
  json: string;
  /** The record's key field as text (domain/result-breakdown.ts), for the job's breakdown; absent when it has none. */
  key?: string | undefined;
  /**
   * Which cells of `head` then `fields` (0-based, across both) escapeCell prefixed with `'`:
   * results.xlsx takes the `'` off them again and quote-prefixes them instead (xlsx-writer.ts).
   * Absent when none was, as for most rows (and in chunk files written before it existed,
   * whose cells results.xlsx then shows as the CSV does).
   */
  quoted?: number[] | undefined;
}

export interface WriteResultFilesOptions {
  results: Pick<ResultStore, 'openWriter'>;
  jobId: string;
  operation: BulkOperationName;
  inputHeader: string[];
  /** In input order, in batches (a read of the input file each); read once. */
  rows: AsyncIterable<readonly RowResult[]>;
}

const FIXED_BEFORE_INPUT = ['row'];
const FIXED_AFTER_INPUT = ['status', 'error_code', 'error_message', 'charged_inr'];
/**
 * After every other column (an addition to the interface document's columns): a duplicate's
 * first row, so a row verified and billed once with an earlier one does not read as an
 * unexplained ₹0 `ok`. Empty on every other row.
 */
const LAST_COLUMNS = ['duplicate_of'];
const COLLISION_SUFFIX = '_result';
const CSV_OPTIONS = {
  record_delimiter: 'windows',
  // csv-stringify only quotes the full record delimiter (CRLF) by itself; a lone CR or LF
  // inside a cell must be quoted too or readers split the row.
  quoted_match: /[\r\n]/,
} as const;

/**
 * The results.csv header before formula escaping: `row`, the input columns, the fixed
 * columns, the operation's key fields, then `duplicate_of`, with colliding generated names
 * suffixed.
 */
export function csvHeader(operation: BulkOperationName, inputHeader: readonly string[]): string[] {
  const taken = new Set(inputHeader.map((name) => name.toLowerCase()));
  const generated = (name: string): string => {
    let unique = name;
    // Repeat so that an input with both `pan` and `pan_result` still gets a distinct column.
    while (taken.has(unique.toLowerCase())) unique += COLLISION_SUFFIX;
    taken.add(unique.toLowerCase());
    return unique;
  };
  const before = FIXED_BEFORE_INPUT.map(generated);
  const after = [...FIXED_AFTER_INPUT, ...resultColumns(operation), ...LAST_COLUMNS].map(generated);
  return [...before, ...inputHeader, ...after];
}

/**
 * Cells as one CSV record without its delimiter, each escaped against formula injection, quoted
 * as csv-stringify quotes them with CSV_OPTIONS (domain/csv-record.ts: a call of csv-stringify
 * per record costs several times the record's own work in option handling).
 */
function csvCells(cells: readonly string[]): string {
  return csvRecord(cells.map(escapeCell));
}

/** What the files write of a row's result: see RenderedResult. */
export function renderResult(
  operation: BulkOperationName,
  result: { status: RowStatus; data: unknown; error: { code: string; message: string } | null },
): RenderedResult {
  const flat = flatten(operation, result.data);
  const head = [result.status, result.error?.code ?? '', result.error?.message ?? ''];
  const fields = resultColumns(operation).map((name) => flat[name] as string);
  const rendered: RenderedResult = {
    head: csvCells(head),
    fields: csvCells(fields),
    json: JSON.stringify({ status: result.status, data: result.data ?? null, error: result.error ?? null }).slice(1, -1),
    key: keyFieldValue(operation, result.data),
  };
  const quoted: number[] = [];
  for (const [index, cell] of [...head, ...fields].entries()) if (startsFormula(cell)) quoted.push(index);
  if (quoted.length > 0) rendered.quoted = quoted;
  return rendered;
}

/** Paise as the INR text of results.csv: always two decimals, from integers (no float). */
export function chargedInrText(amountPaise: number): string {
  const paise = Math.round(amountPaise);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export async function writeResultFiles(options: WriteResultFilesOptions): Promise<{ rows: number }> {
  const { results, jobId, operation, inputHeader } = options;
  const writers: (ResultFileWriter | ResultsWorkbook)[] = [];
  let rowCount = 0;
  try {
    // Both files are open before the first row is read.
    const csv = await results.openWriter(jobId, RESULTS_CSV_FILE);
    writers.push(csv);
    const jsonl = await results.openWriter(jobId, RESULTS_JSONL_FILE);
    writers.push(jsonl);
    const names = csvHeader(operation, inputHeader);
    const header = names.map(escapeCell);
    const xlsx = await ResultsWorkbook.open(results, jobId, names, inputHeader.length);
    writers.push(xlsx);
    // A batch at a time, one write per file: a row's result was rendered by its chunk (or is
    // rendered here: invalid, cancelled and older chunk files' rows), its row number and input
    // cells are joined to it here. Each line ends with its record delimiter.
    await csv.write(stringifyCsv([header], { ...CSV_OPTIONS, bom: true }));
    // The input's keys as JSON.stringify writes them, once: each row writes its input object
    // member by member rather than building the object to stringify it.
    const inputKeys = inputHeader.map((name, index) => `${index === 0 ? '{' : ','}${JSON.stringify(name)}:`);
    for await (const batch of options.rows) {
      let lines = '';
      let records = '';
      for (const result of batch) {
        const rendered = result.rendered ?? renderResult(operation, result);
        const cells = [String(result.row)];
        let input = inputKeys.length === 0 ? '{' : '';
        for (let index = 0; index < inputHeader.length; index++) {
          const name = inputHeader[index] as string;
          // Own cells only: a column named `constructor` must not read Object's.
          const value = Object.hasOwn(result.input, name) ? (result.input[name] as string) : '';
          cells.push(value);
          const sent = result.sent !== undefined && Object.hasOwn(result.sent, name) ? result.sent[name] : value;
          input += `${inputKeys[index] as string}${JSON.stringify(sent)}`;
        }
        // Key for key what JSON.stringify writes of {row, input, status, data, error, charged_inr}.
        const duplicateOf = result.duplicateOf === undefined ? '' : `,"duplicate_of":${result.duplicateOf}`;
        lines += `{"row":${JSON.stringify(result.row)},"input":${input}},${rendered.json},"charged_inr":${JSON.stringify(paiseToInr(result.chargedPaise))}${duplicateOf}}\n`;
        records += `${csvCells(cells)},${rendered.head},${escapeCell(chargedInrText(result.chargedPaise))},${rendered.fields},${result.duplicateOf ?? ''}\r\n`;
        const outcome = result.duplicateOf === undefined ? result.status : 'duplicate';
        xlsx.add(result.row, cells.slice(1), rendered, chargedInrText(result.chargedPaise), result.duplicateOf, isProblem(operation, outcome, result.status, rendered.key));
      }
      await Promise.all([jsonl.write(lines), csv.write(records), xlsx.drained()]);
      rowCount += batch.length;
    }
    // All kept before the job is called finished: a power loss or a lost process after it
    // must not leave a finished job without its files.
    await Promise.all([csv.commit(), jsonl.commit(), xlsx.commit()]);
  } catch (error) {
    await Promise.all(writers.map((writer) => writer.abort()));
    throw error;
  }
  return { rows: rowCount };
}
