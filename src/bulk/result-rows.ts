/**
 * GET /v1/bulk/jobs/{id}/results (an addition: docs/bulk.md "Breakdown, result rows, problems"): a finished job's result
 * rows, in input order, as results.jsonl has them, filtered and paged without downloading.
 *
 * Read from results.jsonl with bounded memory and work: the cursor names the byte where the
 * next page starts (and that line's row number), so a page reads from there and never from the
 * file's start; and a page reads at most SCAN_LINES lines, so a filter that matches little
 * answers a short (even empty) page with a cursor rather than a walk of a million rows.
 */
import { z } from 'zod';
import type { ItcVerdict } from '../domain/itc/types.js';
import type { BulkOperationName } from '../domain/operations.js';
import { isProblem, KEY_FIELDS, keyFieldValue, ROW_OUTCOMES, type RowOutcome } from '../domain/result-breakdown.js';
import { validationError } from '../errors.js';
import { RESULTS_JSONL_FILE } from './result-files.js';
import type { ResultStore } from '../store/results/result-store.js';

/** Lines read for one page at most, matching or not. */
export const SCAN_LINES = 10_000;
const MAX_LIMIT = 100;
const LIMIT_RULE = `must be an integer from 1 to ${MAX_LIMIT}`;
const CURSOR_RULE = 'must be a next_cursor from a previous page of this job\'s results';

export const ResultRowsQuery = z.strictObject({
  limit: z.coerce.number({ error: LIMIT_RULE }).int(LIMIT_RULE).min(1, LIMIT_RULE).max(MAX_LIMIT, LIMIT_RULE).default(50),
  cursor: z.string({ error: `${CURSOR_RULE}, sent once` }).max(200, CURSOR_RULE).optional(),
  outcome: z.enum(ROW_OUTCOMES, { error: `must be one of ${ROW_OUTCOMES.join(', ')}` }).optional(),
  field: z.string({ error: 'must be a string, sent once' }).optional(),
  value: z.string({ error: 'must be a string, sent once' }).max(100, 'must be at most 100 characters').optional(),
  problems: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  q: z.string({ error: 'must be a string, sent once' }).trim().min(1, 'must not be blank').max(100, 'must be at most 100 characters').optional(),
});
export type ResultRowsQuery = z.output<typeof ResultRowsQuery>;

/** A row of results.jsonl as it is read (docs/bulk.md "Results"). */
interface ResultRow {
  row: number;
  input: Record<string, unknown>;
  status: string;
  data: unknown;
  duplicate_of?: number;
}

interface Cursor {
  row: number;
  offset: number;
}

const CURSOR_TEXT = /^(job_[0-9a-z]{10,40})\.(\d{1,12})\.(\d{1,15})$/;

export function encodeCursor(jobId: string, cursor: Cursor): string {
  return Buffer.from(`${jobId}.${cursor.row}.${cursor.offset}`).toString('base64url');
}

const badCursor = (message: string = CURSOR_RULE): never => {
  throw validationError([{ field: 'cursor', message }]);
};

/** A cursor's place, refused (400) when it is not one this job's pages gave out. */
export function decodeCursor(jobId: string, text: string): Cursor {
  const match = CURSOR_TEXT.exec(/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('latin1') : '');
  if (match === null) return badCursor();
  if (match[1] !== jobId) return badCursor(`is a cursor of another job's results (${match[1]}): page ${jobId} with its own next_cursor`);
  return { row: Number(match[2]), offset: Number(match[3]) };
}

const ITC_VERDICTS: Readonly<Record<ItcVerdict, true>> = { eligible: true, at_risk: true, reverse: true, blocked: true, unknown: true };
/**
 * Key fields whose values are a closed list: a value outside it is a typo (400), not an empty
 * page. The others (a registry's status) take whatever the source says, so any value is a filter.
 */
const CLOSED_VALUES: Partial<Record<BulkOperationName, readonly string[]>> = { 'itc.check': Object.keys(ITC_VERDICTS) };

/** The filter a query asks for, checked against the job's operation (400 naming the field and rule). */
export interface RowFilter {
  outcome?: RowOutcome | undefined;
  value?: string | undefined;
  problems: boolean;
  q?: string | undefined;
}

export function rowFilter(operation: BulkOperationName, query: ResultRowsQuery): RowFilter {
  const keyField = KEY_FIELDS[operation];
  if (query.field !== undefined) {
    if (keyField === undefined) throw validationError([{ field: 'field', message: `${operation} results have no key field to filter by: filter by outcome` }]);
    if (query.field.toLowerCase() !== keyField.name) throw validationError([{ field: 'field', message: `must be ${keyField.name} (any case), the key field of ${operation} results` }]);
    if (query.value === undefined) throw validationError([{ field: 'value', message: `is required with field=${query.field}` }]);
    const values = CLOSED_VALUES[operation];
    if (values !== undefined && !values.includes(query.value.toLowerCase())) {
      throw validationError([{ field: 'value', message: `must be one of ${values.join(', ')} (the ${keyField.name}s of ${operation} results)` }]);
    }
  } else if (query.value !== undefined) {
    throw validationError([{ field: 'field', message: 'is required with value= (the key field the value is of)' }]);
  }
  return { outcome: query.outcome, value: query.value?.toLowerCase(), problems: query.problems === 'true', q: query.q === undefined ? undefined : folded(query.q) };
}

/** Latin accents as Unicode decomposes them (NFD): `é` is `e` and U+0301. */
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/**
 * Text as `q=` compares it, on both sides: lower case, and Latin letters without their accents,
 * so `cafe` finds "Café Traders" and `CAFÉ` finds "cafe". Only the Latin combining accents go:
 * the vowel signs of Indian scripts are combining marks too, and are letters, not accents.
 */
function folded(text: string): string {
  const lower = text.toLowerCase();
  return ASCII.test(lower) ? lower : lower.normalize('NFD').replace(LATIN_ACCENTS, '').normalize('NFC');
}

/** Where a row's supplier name may be, by operation's record: what `q=` searches besides the input cells (an itc.check invoice's is its supplier's registered name). */
const NAME_PATHS: readonly (readonly string[])[] = [
  ['legal_name'],
  ['trade_name'],
  ['name'],
  ['registered_name'],
  ['company_name'],
  ['summary', 'legal_name'],
  ['summary', 'trade_name'],
  ['supplier_name'],
];

function mentions(row: ResultRow, q: string): boolean {
  for (const value of Object.values(row.input ?? {})) if (folded(typeof value === 'string' ? value : JSON.stringify(value ?? '')).includes(q)) return true;
  if (row.data === null || typeof row.data !== 'object') return false;
  return NAME_PATHS.some((path) => {
    let value: unknown = row.data;
    for (const step of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined;
    return typeof value === 'string' && folded(value).includes(q);
  });
}

function matches(operation: BulkOperationName, row: ResultRow, filter: RowFilter): boolean {
  const outcome: RowOutcome = row.duplicate_of !== undefined ? 'duplicate' : (row.status as RowOutcome);
  if (filter.outcome !== undefined && outcome !== filter.outcome) return false;
  const key = filter.value !== undefined || filter.problems ? keyFieldValue(operation, row.data) : undefined;
  if (filter.value !== undefined && key?.toLowerCase() !== filter.value) return false;
  if (filter.problems && !isProblem(operation, outcome, row.status, key)) return false;
  return filter.q === undefined || mentions(row, filter.q);
}

/**
 * One page: up to `limit` matching rows from the cursor's place on, and the cursor of the line
 * after the last one read (null at the file's end). A cursor is checked where it points: the
 * byte before it must end a line and the line there must be its row, or it is a 400.
 */
export async function resultRowsPage(
  results: Pick<ResultStore, 'readLinesFrom'>,
  job: { jobId: string; operation: BulkOperationName },
  query: ResultRowsQuery,
  scanLines = SCAN_LINES,
): Promise<{ rows: ResultRow[]; nextCursor: string | null }> {
  const filter = rowFilter(job.operation, query);
  const from = query.cursor === undefined ? undefined : decodeCursor(job.jobId, query.cursor);
  // From the byte before the cursor's: a newline there is read as an empty line, so the first
  // line read starts exactly at the cursor only when the cursor is at a line's start.
  const start = from === undefined || from.offset === 0 ? 0 : from.offset - 1;
  const rows: ResultRow[] = [];
  let scanned = 0;
  let first = true;
  const lines = results.readLinesFrom(job.jobId, RESULTS_JSONL_FILE, start);
  try {
    for await (const line of lines) {
      let row: ResultRow | undefined;
      try {
        row = JSON.parse(line.text) as ResultRow;
      } catch {
        row = undefined;
      }
      if (first && from !== undefined && (line.offset !== from.offset || row?.row !== from.row)) return badCursor();
      first = false;
      if (row === undefined) throw new Error(`${job.jobId}'s ${RESULTS_JSONL_FILE} has a line that is not JSON at byte ${line.offset}`);
      if (rows.length === query.limit || scanned === scanLines) return { rows, nextCursor: encodeCursor(job.jobId, { row: row.row, offset: line.offset }) };
      scanned++;
      if (matches(job.operation, row, filter)) rows.push(row);
    }
  } finally {
    await lines.return(undefined);
  }
  // A cursor past the file's last line was never given out.
  if (first && from !== undefined) return badCursor();
  return { rows, nextCursor: null };
}
