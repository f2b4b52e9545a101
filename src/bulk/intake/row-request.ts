import type { z } from 'zod';
import type { FieldProblem } from '../../errors.js';
import type { JobWarning } from '../../domain/job-warnings.js';
import { OPERATIONS, type CheckName, type BulkOperationName } from '../../domain/operations.js';
import { REGISTER_COLUMNS, type RegisterColumn } from '../../domain/itc/register-row.js';
import type { OperationInputs } from '../../sources/verifier.js';
import { Business360Request } from '../../requests/business360-request.js';
import { OPERATION_REQUESTS } from '../../requests/operation-requests.js';
import { toFieldProblems } from '../../requests/zod-problems.js';
import { IntakeError, intakeFailure } from './intake-error.js';
import { registerRowRequest, type RegisterRowRequest } from './register-row-request.js';

/** The columns a bulk upload matches by name (docs/bulk.md "Column names"); every other column is carried through. */
export const KNOWN_COLUMNS = ['gstin', 'pan', 'cin', 'llpin', 'din', 'name', 'periods', 'include'] as const;
/** A purchase register's columns are known to itc.check only: elsewhere a "Tax" column is any column, carried through. */
export type KnownColumn = (typeof KNOWN_COLUMNS)[number] | RegisterColumn;

/** The known columns a header is read for by `operation`. */
export function knownColumnsFor(operation: BulkOperationName): readonly KnownColumn[] {
  return operation === 'itc.check' ? [...KNOWN_COLUMNS, ...REGISTER_COLUMNS] : KNOWN_COLUMNS;
}

/** Header index of each known column the header has. */
export type ColumnMap = Partial<Record<KnownColumn, number>>;

export type BulkRequest = OperationInputs[CheckName] | z.output<typeof Business360Request> | RegisterRowRequest;

/** `ignored`: identifier columns the row also had filled, passed over for the first (DECISIONS.md: gstin, cin, pan). */
export type RowResult = { ok: true; request: BulkRequest; key: string; ignored?: KnownColumn[] } | { ok: false; problems: FieldProblem[] };

export type IntakeItem =
  /** `map`: where the known columns are when they were found by alias, mapping or guess (absent: by their own names). */
  | { kind: 'header'; header: string[]; map?: ColumnMap }
  /** Something the reader read differently from the plain case; the job shows it (may come after rows). */
  | { kind: 'warning'; warning: JobWarning }
  | {
      kind: 'row';
      row: number;
      /** Each header column's cell as text, as a CSV has it: what is validated and written to results.csv. */
      columns: Record<string, string>;
      result: RowResult;
      /** A JSON row as sent, when a value is not a string: results.jsonl gives its input back unchanged. */
      sent?: Record<string, unknown>;
    };

/**
 * The known columns each operation's body takes; `identifiers` are the ones of which a
 * row needs at least one. A known column the operation does not take (a `pan` column in
 * a gst.verify file) is carried through and never sent, since the strict request schemas
 * would otherwise reject every row for an extra property.
 */
const OPERATION_COLUMNS: Readonly<Record<BulkOperationName, { identifiers: KnownColumn[]; others: KnownColumn[] }>> = {
  business360: { identifiers: ['gstin', 'cin', 'pan'], others: ['include'] },
  'gst.verify': { identifiers: ['gstin'], others: [] },
  'gst.returns': { identifiers: ['gstin'], others: ['periods'] },
  'gst.by_pan': { identifiers: ['pan'], others: [] },
  'pan.verify': { identifiers: ['pan'], others: ['name'] },
  'mca.company': { identifiers: ['cin', 'llpin'], others: [] },
  'mca.search': { identifiers: ['name'], others: [] },
  'mca.cin_to_pan': { identifiers: ['cin', 'pan'], others: [] },
  'mca.directors': { identifiers: ['cin', 'llpin'], others: [] },
  'mca.din': { identifiers: ['din'], others: [] },
  // A purchase register: one invoice a row (docs/itc-check.md "Bulk").
  'itc.check': { identifiers: ['gstin'], others: [...REGISTER_COLUMNS] },
};

/** Every operation the bulk pipeline can run: the ten, and itc.check (a purchase register). */
const BULK_OPERATION_NAMES: readonly BulkOperationName[] = [...(Object.keys(OPERATIONS) as BulkOperationName[]), 'itc.check'];
/** The operations a bulk upload may name: all of them (itc.check's path is tested end to end: test/integration/bulk-itc-check.test.ts). */
export const ACCEPTED_BULK_OPERATIONS: readonly BulkOperationName[] = BULK_OPERATION_NAMES;

/** The operation a bulk request names, or a 400 that lists the accepted values. */
export function parseOperation(value: unknown, accepted: readonly BulkOperationName[] = BULK_OPERATION_NAMES): BulkOperationName {
  if (typeof value === 'string' && (accepted as readonly string[]).includes(value)) return value as BulkOperationName;
  const got = value === undefined || value === '' ? 'none was sent' : `got ${JSON.stringify(value)}`;
  throw new IntakeError('VALIDATION_FAILED', `operation must be one of ${accepted.join(', ')} (${got})`, 'operation');
}

/** parseOperation of an upload's operation, failing as the API's 400 (the field and the rule). */
export function parseOperationOr400(value: unknown): BulkOperationName {
  try {
    return parseOperation(value, ACCEPTED_BULK_OPERATIONS);
  } catch (error) {
    intakeFailure(error);
  }
}

/** The known columns `operation` reads: the identifiers (a row needs one) and the others it takes. */
export function columnsTakenBy(operation: BulkOperationName): { identifiers: readonly KnownColumn[]; others: readonly KnownColumn[] } {
  return OPERATION_COLUMNS[operation];
}

/** The known columns of which a header needs at least one for rows of `operation` to be verifiable. */
export function identifierColumnsFor(operation: BulkOperationName): readonly KnownColumn[] {
  return OPERATION_COLUMNS[operation].identifiers;
}

/** `"GSTIN "`, `"\uFEFFgstin"` and `"gstin"` all name the gstin column. */
export function normaliseHeaderName(name: string): string {
  return name.replace(/^\uFEFF/, '').trim().toLowerCase();
}

/** Whether a header name names one of the known columns (in any case, with spaces around it). */
export function isKnownColumn(name: string): boolean {
  return (KNOWN_COLUMNS as readonly string[]).includes(normaliseHeaderName(name));
}

/**
 * Which header index holds each known column. A known column named twice is refused:
 * guessing which of two gstin columns is meant would verify (and bill) the wrong one.
 */
export function columnMap(header: readonly string[], operation?: BulkOperationName): ColumnMap {
  const map: ColumnMap = {};
  const known: readonly string[] = operation === undefined ? KNOWN_COLUMNS : knownColumnsFor(operation);
  header.forEach((name, index) => {
    const column = normaliseHeaderName(name) as KnownColumn;
    if (!known.includes(column)) return;
    const earlier = map[column];
    if (earlier !== undefined) {
      throw new IntakeError(
        'VALIDATION_FAILED',
        `the header names the ${column} column twice (columns ${earlier + 1} and ${index + 1}): expected each of ${known.join(', ')} at most once`,
      );
    }
    map[column] = index;
  });
  return map;
}

/** The known columns' cells of one row, keyed by canonical column name. */
export function knownCells(map: ColumnMap, cells: readonly string[]): Partial<Record<KnownColumn, string>> {
  const known: Partial<Record<KnownColumn, string>> = {};
  for (const column of [...KNOWN_COLUMNS, ...REGISTER_COLUMNS]) {
    const index = map[column];
    if (index !== undefined && cells[index] !== undefined) known[column] = cells[index];
  }
  return known;
}

/** Spreadsheet cells are text: `periods` becomes a number only when it is one, so a typo still reaches the schema's message. */
function cellValue(column: KnownColumn, cell: string): unknown {
  if (column === 'periods') return /^\d+$/.test(cell.trim()) ? Number(cell.trim()) : cell;
  if (column === 'include') {
    return cell
      .split(';')
      .map((module) => module.trim())
      .filter((module) => module !== '');
  }
  return cell;
}

/** Sorted-key JSON, so that equal requests have equal keys whatever order a schema emits fields in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * One row's request body for `operation`, validated by the same schema as the sync API,
 * so a bulk row is valid exactly when the same values would be accepted one at a time.
 * `columns` is keyed by canonical column name (see `knownCells`); blank cells are absent.
 */
export function requestFromRow(operation: BulkOperationName, columns: Readonly<Record<string, string | undefined>>): RowResult {
  if (operation === 'itc.check') return registerRowRequest(columns);
  const { identifiers, others } = OPERATION_COLUMNS[operation];
  const body: Record<string, unknown> = {};
  for (const column of [...identifiers, ...others]) {
    const cell = columns[column];
    if (cell !== undefined && cell.trim() !== '') body[column] = cellValue(column, cell);
  }
  // A row with several identifiers filled is verified by the first, in the operation's order
  // (DECISIONS.md): an ERP export has both a GSTIN and a PAN column, and the sync API's
  // "exactly one" would make every such row invalid. The job's warnings say how many.
  const filled = identifiers.filter((column) => column in body);
  for (const column of filled.slice(1)) delete body[column];
  if (filled.length === 0) {
    const wanted = identifiers.length === 1 ? `a ${identifiers[0]} column value` : `a value in one of the columns ${identifiers.join(', ')}`;
    return { ok: false, problems: [{ field: identifiers[0] ?? 'row', message: `${operation} needs ${wanted}` }] };
  }
  const schema: z.ZodType<BulkRequest, unknown> = operation === 'business360' ? Business360Request : OPERATION_REQUESTS[operation as CheckName];
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, problems: toFieldProblems(parsed.error.issues) };
  const key = canonicalJson(parsed.data);
  return filled.length > 1 ? { ok: true, request: parsed.data, key, ignored: filled.slice(1) } : { ok: true, request: parsed.data, key };
}
