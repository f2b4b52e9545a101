/**
 * domain/csv-record.ts writes and reads one CSV record by hand, for speed: it must agree with
 * csv-stringify (the result files' options) and csv-parse on every cell, plain or not.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvRecord, csvRecordCells } from '../../src/domain/csv-record.js';

const OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/, eof: false } as const;
const PIECES = ['', 'a', ' ', ',', '"', '""', '\r', '\n', '\r\n', "'", '=1+2', 'Acme Pvt. Ltd., Mumbai', 'GSTR-1 for 2025-07 was not filed by 11 Aug 2025, so', 'ü₹', '\t'];

/** Deterministic pseudo-random cells made of the awkward pieces. */
function* records(count: number): Generator<string[]> {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let r = 0; r < count; r++) {
    yield Array.from({ length: 1 + next(6) }, () => Array.from({ length: next(4) }, () => PIECES[next(PIECES.length)]).join(''));
  }
}

describe('csvRecord / csvRecordCells', () => {
  it('writes each record as csv-stringify does and reads it back as csv-parse does', () => {
    for (const cells of records(3_000)) {
      const record = csvRecord(cells);
      expect(record).toBe(stringify([cells], OPTIONS));
      expect(csvRecordCells(record)).toEqual(cells.length === 1 && cells[0] === '' ? [''] : (parse(record, { relax_column_count: true }) as string[][])[0]);
    }
  });

  it('keeps empty cells at either end and refuses a quoted cell never closed', () => {
    expect(csvRecordCells(csvRecord(['', 'a,b', '']))).toEqual(['', 'a,b', '']);
    expect(csvRecordCells('"a"",b",')).toEqual(['a",b', '']);
    expect(() => csvRecordCells('"open')).toThrow(/not closed/);
  });
});
