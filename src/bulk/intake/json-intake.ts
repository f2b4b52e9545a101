import type { BulkOperationName } from '../../domain/operations.js';
import { INCLUDE_NOT_EMPTY } from '../../requests/business360-request.js';
import { IntakeError } from './intake-error.js';
import { columnMap, identifierColumnsFor, knownCells, parseOperation, requestFromRow, type IntakeItem } from './row-request.js';

/** docs/bulk.md "Intake": a JSON request carries at most this many rows; more goes by CSV. */
export const MAX_JSON_ROWS = 10_000;

const isRowObject = (row: unknown): row is Record<string, unknown> => row !== null && typeof row === 'object' && !Array.isArray(row);

/**
 * A cell as a CSV upload would have had it, so JSON rows go through the same matching and
 * validation: `include: ["gst", "pan"]` becomes `gst;pan`, `periods: 6` becomes `6`, null
 * is a blank cell.
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Deeper than any row needs; a cell nested past it would overflow the stack when written out. */
const MAX_CELL_DEPTH = 32;

function nestedDeeperThan(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth === 0) return true;
  return Object.values(value).some((inner) => nestedDeeperThan(inner, depth - 1));
}

/**
 * JSON rows as the same items `readCsv` yields: the header is the union of the rows' keys
 * in first-seen order, and a row lacking a key has a blank cell there. Whole-request
 * problems throw IntakeError with field `rows`.
 */
export function readJsonRows(
  operation: BulkOperationName,
  rows: unknown[],
  maxRows: number = MAX_JSON_ROWS,
  /** What the row limit is, for the message past it (a JSON bulk request's by default). */
  rowLimitIs = `a JSON request takes at most ${maxRows} (upload a CSV file for more)`,
): IntakeItem[] {
  parseOperation(operation);
  if (!Array.isArray(rows)) throw new IntakeError('VALIDATION_FAILED', 'rows must be an array of objects, one per request', 'rows');
  if (rows.length === 0) throw new IntakeError('VALIDATION_FAILED', 'rows must list at least one row', 'rows');
  if (rows.length > maxRows) {
    throw new IntakeError('PAYLOAD_TOO_LARGE', `rows lists ${rows.length} rows; ${rowLimitIs}`, 'rows');
  }
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!isRowObject(row)) return;
    for (const [key, value] of Object.entries(row)) {
      seen.add(key);
      if (nestedDeeperThan(value, MAX_CELL_DEPTH)) {
        throw new IntakeError('VALIDATION_FAILED', `rows[${index}].${key} is nested more than ${MAX_CELL_DEPTH} levels deep`, 'rows');
      }
    }
  });
  const header = [...seen];
  let map;
  try {
    map = columnMap(header, operation);
  } catch (error) {
    throw error instanceof IntakeError ? new IntakeError(error.code, error.message.replace('the header names', 'the rows name'), 'rows') : error;
  }
  const needed = identifierColumnsFor(operation);
  if (!needed.some((column) => map[column] !== undefined)) {
    const needs = needed.length === 1 ? `a ${needed[0]} key` : `one of the keys ${needed.join(', ')}`;
    const found = header.length === 0 ? 'no keys' : `keys ${header.slice(0, 20).map((key) => JSON.stringify(key)).join(', ')}`;
    throw new IntakeError('VALIDATION_FAILED', `${operation} needs rows with ${needs}; found ${found}`, 'rows');
  }
  const items: IntakeItem[] = [{ kind: 'header', header }];
  const includeKey = operation === 'business360' && map.include !== undefined ? header[map.include] : undefined;
  rows.forEach((row, index) => {
    const record = isRowObject(row) ? header.map((key) => cellText(Object.hasOwn(row, key) ? row[key] : undefined)) : header.map(() => '');
    const columns = Object.fromEntries(header.map((key, i) => [key, record[i] ?? '']));
    // `include: []` (or "", or [""]) would read as a blank cell, which means "omitted": the full
    // bundle, billed as such. Sent as JSON it says "no module", which the sync API refuses too.
    const includeValue = includeKey !== undefined && isRowObject(row) && Object.hasOwn(row, includeKey) ? row[includeKey] : null;
    const emptyInclude = includeValue !== null && includeValue !== undefined && cellText(includeValue).split(';').every((module) => module.trim() === '');
    const result = !isRowObject(row)
      ? { ok: false as const, problems: [{ field: 'row', message: `must be a JSON object of column names to values (got ${row === null ? 'null' : Array.isArray(row) ? 'an array' : typeof row})` }] }
      : emptyInclude
        ? { ok: false as const, problems: [{ field: 'include', message: INCLUDE_NOT_EMPTY }] }
        : requestFromRow(operation, knownCells(map, record));
    const typed = isRowObject(row) && Object.values(row).some((value) => typeof value !== 'string');
    items.push(typed ? { kind: 'row', row: index + 1, columns, result, sent: row } : { kind: 'row', row: index + 1, columns, result });
  });
  return items;
}
