/**
 * Which of an upload's columns hold what the operation reads (docs/bulk.md "Column
 * names"), in order of how sure we are: the caller's `?columns=` mapping, then the API's own
 * column names, then the ERP aliases (domain/bulk-columns/aliases.ts), and last, when no header
 * names an identifier column, the one column whose first rows' values are mostly identifiers of
 * the operation (said so in the job's warnings). Shared by every tabular intake (CSV, and any
 * other reader that yields a header and rows).
 */
import { aliasedColumn, aliasKey, ALIASED_COLUMNS, COLUMN_ALIASES, type AliasedColumn } from '../../domain/bulk-columns/aliases.js';
import type { JobWarning } from '../../domain/job-warnings.js';
import type { BulkOperationName } from '../../domain/operations.js';
import { IntakeError } from './intake-error.js';
import { columnsTakenBy, knownColumnsFor, normaliseHeaderName, type ColumnMap, type KnownColumn } from './row-request.js';
import { IDENTIFIER_CHECKS } from './stray-quote.js';

/** `?columns=gstin:Vendor Tax ID,pan:PAN Ref`: the header name each column is in. */
export type ColumnMapping = ReadonlyMap<KnownColumn, string>;

/** A guess needs this share of a column's filled cells, among the rows looked at, to be valid identifiers. */
const GUESS_VALID_SHARE = 0.8;
/** ...and that share of the rows looked at to have one there. */
const GUESS_FILLED_SHARE = 0.5;

const quoted = (name: string) => JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);

/**
 * The `columns` query parameter (once, or repeated; pairs separated by commas) read for an
 * operation; a 400 naming the pair and the rule when one is wrong.
 */
export function parseColumnMapping(value: unknown, operation: BulkOperationName): ColumnMapping | undefined {
  if (value === undefined || value === '') return undefined;
  const texts = Array.isArray(value) ? value : [value];
  const { identifiers, others } = columnsTakenBy(operation);
  const takes: readonly KnownColumn[] = [...identifiers, ...others];
  const known = knownColumnsFor(operation);
  const mapping = new Map<KnownColumn, string>();
  const fail = (message: string): never => {
    throw new IntakeError('VALIDATION_FAILED', `columns: ${message}; expected column:Header pairs separated by commas, for example ?columns=gstin:Vendor Tax ID`, 'columns');
  };
  for (const text of texts) {
    if (typeof text !== 'string') fail('must be text');
    for (const pair of (text as string).split(',')) {
      if (pair.trim() === '') continue;
      const colon = pair.indexOf(':');
      if (colon === -1) fail(`${quoted(pair.trim())} has no ":" between the column and the header name`);
      const column = pair.slice(0, colon).trim().toLowerCase();
      const header = pair.slice(colon + 1).trim();
      if (!(known as readonly string[]).includes(column)) fail(`${quoted(column)} is not a column this service reads (one of ${known.join(', ')})`);
      if (!(takes as readonly string[]).includes(column)) fail(`${operation} does not read a ${column} column (it reads ${takes.join(', ')})`);
      if (header === '') fail(`${column} is given no header name`);
      if (mapping.has(column as KnownColumn)) fail(`${column} is mapped twice`);
      for (const [other, name] of mapping) if (aliasKey(name) === aliasKey(header)) fail(`${quoted(header)} is given to both ${other} and ${column}`);
      mapping.set(column as KnownColumn, header);
    }
  }
  return mapping.size === 0 ? undefined : mapping;
}

export interface ResolvedColumns {
  map: ColumnMap;
  warnings: JobWarning[];
  /** The header row was a row of data (a bare list of identifiers): it is row 1. */
  headerIsData: boolean;
  /** No header names an identifier column, and no sample was given to guess one from: read the first rows, then ask again. */
  needsSample?: true;
}

function describe(header: readonly string[]): string {
  const names = header.slice(0, 20).map(quoted);
  return names.join(', ') + (header.length > 20 ? `, … (${header.length} columns)` : '');
}

function indexesNamed(header: readonly string[], wanted: string, taken: ReadonlySet<number>): number[] {
  const exact = header.flatMap((name, index) => (!taken.has(index) && name.trim().toLowerCase() === wanted.trim().toLowerCase() ? [index] : []));
  if (exact.length > 0) return exact;
  return header.flatMap((name, index) => (!taken.has(index) && aliasKey(name) === aliasKey(wanted) ? [index] : []));
}

/**
 * Where each known column is in `header` for `operation`. `sample` (the first rows, at most a
 * few dozen) is looked at only when no header names an identifier column; without one, the
 * answer says it `needsSample`. A header with no identifier column and no column to guess is
 * refused as before.
 */
export function resolveColumns(header: readonly string[], operation: BulkOperationName, mapping?: ColumnMapping, sample?: readonly (readonly string[])[]): ResolvedColumns {
  const map: ColumnMap = {};
  const taken = new Set<number>();
  const warnings: JobWarning[] = [];
  const put = (column: KnownColumn, index: number) => {
    map[column] = index;
    taken.add(index);
  };
  for (const [column, wanted] of mapping ?? []) {
    const found = indexesNamed(header, wanted, taken);
    if (found.length === 0) throw new IntakeError('VALIDATION_FAILED', `columns: the file has no column named ${quoted(wanted)} (for ${column}); its columns are ${describe(header)}`, 'columns');
    if (found.length > 1) {
      throw new IntakeError('VALIDATION_FAILED', `columns: ${quoted(wanted)} (for ${column}) matches columns ${found.map((i) => i + 1).join(' and ')}: rename one of them`, 'columns');
    }
    put(column, found[0] as number);
  }
  // The API's own names: a second one is refused, since which to verify (and bill) is not ours to guess.
  const known = knownColumnsFor(operation);
  header.forEach((name, index) => {
    const column = normaliseHeaderName(name) as KnownColumn;
    if (!known.includes(column) || mapping?.has(column) || taken.has(index)) return;
    const earlier = map[column];
    if (earlier !== undefined) {
      throw new IntakeError('VALIDATION_FAILED', `the header names the ${column} column twice (columns ${earlier + 1} and ${index + 1}): expected each of ${known.join(', ')} at most once`);
    }
    put(column, index);
  });
  const { identifiers, others } = columnsTakenBy(operation);
  for (const column of [...identifiers, ...others]) {
    if (map[column] !== undefined || !(ALIASED_COLUMNS as readonly string[]).includes(column)) continue;
    const found = header.flatMap((name, index) => (!taken.has(index) && aliasedColumn(name) === (column as AliasedColumn) ? [index] : []));
    if (found.length === 1) put(column, found[0] as number);
    else if (found.length > 1) {
      const names = found.map((i) => `${quoted(header[i] ?? '')} (column ${i + 1})`).join(' and ');
      if (identifiers.includes(column)) {
        throw new IntakeError('VALIDATION_FAILED', `the header has two ${column} columns, ${names}: say which to verify with ?columns=${column}:<header name>`);
      }
      warnings.push({ code: 'COLUMN_AMBIGUOUS', message: `${names} could both be the ${column} column, so neither was used: say which with ?columns=${column}:<header name>` });
    }
  }
  if (identifiers.some((column) => map[column] !== undefined)) return { map, warnings, headerIsData: false };
  if (sample === undefined) return { map, warnings, headerIsData: false, needsSample: true };
  return guessed(header, operation, map, taken, warnings, sample);
}

/** The identifier columns chosen by their values, or the refusal that names what was needed. */
function guessed(header: readonly string[], operation: BulkOperationName, map: ColumnMap, taken: Set<number>, warnings: JobWarning[], sample: readonly (readonly string[])[]): ResolvedColumns {
  const { identifiers } = columnsTakenBy(operation);
  let headerIsData = false;
  const candidates: string[] = [];
  for (const column of identifiers) {
    const check = IDENTIFIER_CHECKS[column];
    if (check === undefined || sample.length === 0) continue;
    const fits = header.flatMap((_, index) => {
      if (taken.has(index)) return [];
      const cells = sample.map((row) => (row[index] ?? '').trim()).filter((cell) => cell !== '');
      const valid = cells.filter((cell) => check(cell).ok).length;
      return valid > 0 && valid >= GUESS_VALID_SHARE * cells.length && cells.length >= GUESS_FILLED_SHARE * sample.length ? [{ index, valid }] : [];
    });
    candidates.push(...fits.map(({ index }) => `${quoted(header[index] ?? '')} (column ${index + 1})`));
    if (fits.length !== 1) continue;
    const { index, valid } = fits[0] as { index: number; valid: number };
    map[column] = index;
    taken.add(index);
    const name = header[index] ?? '';
    if (check(name).ok) headerIsData = true;
    warnings.push({
      code: 'COLUMN_GUESSED',
      message: headerIsData
        ? `no header row names a ${column} column, and column ${index + 1} holds ${column.toUpperCase()}s (${valid} of the first ${sample.length} rows after the first line are valid): it was read as ${column}`
        : `no header names a ${column} column; column ${index + 1} (${quoted(name)}) holds ${column.toUpperCase()}s (${valid} of the first ${sample.length} rows are valid), so it was read as ${column}: say so with ?columns=${column}:${name} to be sure`,
    });
  }
  if (identifiers.some((column) => map[column] !== undefined)) {
    if (headerIsData) warnings.push({ code: 'HEADER_MISSING', message: 'the file has no header row: its first line was read as row 1' });
    return { map, warnings, headerIsData };
  }
  const needs = identifiers.length === 1 ? `a column named ${identifiers[0]}` : `a column named one of ${identifiers.join(', ')}`;
  const several = candidates.length > 1 ? `; columns ${candidates.join(', ')} all hold identifiers, so none was guessed` : '';
  throw new IntakeError(
    'VALIDATION_FAILED',
    `${operation} needs ${needs} (or one of its usual ERP names, such as ${erpNamesOf(identifiers)}) in the header row; found ${describe(header)}${several}: name the column with ?columns=${identifiers[0]}:<header name>`,
  );
}

/**
 * The columns an operation cannot do without besides its identifier, each a list of which any one
 * will do: a purchase register's invoice number, date and tax (one amount, or its parts).
 */
const REQUIRED_COLUMNS: Partial<Record<BulkOperationName, readonly (readonly KnownColumn[])[]>> = {
  'itc.check': [['gstin'], ['invoice_number'], ['invoice_date'], ['tax', 'igst', 'cgst', 'sgst', 'cess']],
};

/**
 * A 400 when the header lacks a column the operation needs (naming each, with the header names
 * accepted for it), before anything is held: otherwise every row would be invalid for a column
 * that is not there, and the rows' messages would blame their cells.
 */
export function requireColumns(header: readonly string[], operation: BulkOperationName, map: ColumnMap): void {
  const missing = (REQUIRED_COLUMNS[operation] ?? []).filter((any) => any.every((column) => map[column] === undefined));
  if (missing.length === 0) return;
  const named = missing.map((any) =>
    any
      .map((column) => {
        const aliases = (COLUMN_ALIASES[column as AliasedColumn] ?? []).filter((alias) => alias.toLowerCase() !== column).slice(0, 4);
        return aliases.length === 0 ? column : `${column} (or ${aliases.map(quoted).join(', ')})`;
      })
      .join(' or '),
  );
  throw new IntakeError(
    'VALIDATION_FAILED',
    `${operation} needs these columns, not found in the header row: ${named.join('; ')}; found ${describe(header)}: rename the columns or name them with ?columns=${missing[0]?.[0]}:<header name>`,
  );
}

/** Two ERP names of each identifier the operation reads, from the alias table: examples that are true for it. */
function erpNamesOf(identifiers: readonly string[]): string {
  const names = identifiers.flatMap((column) => (COLUMN_ALIASES[column as AliasedColumn] ?? []).filter((alias) => alias.toLowerCase() !== column).slice(0, 2));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The `columns` query parameter as the API documents it (OpenAPI, docs/bulk.md). */
export const COLUMNS_PARAM_DESCRIPTION =
  'Added (issue 28): which of the file\'s columns hold what the operation reads, when its header names them otherwise: column:Header pairs separated by commas (or the parameter repeated), e.g. columns=gstin:Vendor Tax ID,pan:IT Ref. column is one the operation reads (gstin, pan, cin, llpin, din, name, periods, include); Header is matched in any case, then with spaces and punctuation ignored; a header name containing a comma cannot be named here (rename it). It wins over the column names and their ERP aliases. A wrong pair, or a header the file lacks, is a 400 on the field columns naming it.';
