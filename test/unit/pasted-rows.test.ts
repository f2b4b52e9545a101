import { describe, expect, it } from 'vitest';
import { hasHeaderLine, readPastedRows, recordLines } from '../../src/bulk/intake/pasted-rows.js';
import type { IntakeItem } from '../../src/bulk/intake/row-request.js';

const LIMITS = { maxBytes: 1024 * 1024, maxRecordBytes: 64 * 1024, maxRows: 100 };

async function read(text: string, operation: 'gst.verify' | 'business360' = 'gst.verify'): Promise<Extract<IntakeItem, { kind: 'row' }>[]> {
  const rows: Extract<IntakeItem, { kind: 'row' }>[] = [];
  for await (const item of readPastedRows(text, operation, LIMITS)) if (item.kind === 'row') rows.push(item);
  return rows;
}

const GOOD = '27AAPFU0939F1ZV';
const BAD = '27AAPFU0939F1ZX';

describe('readPastedRows: pasted text as an upload, each row numbered by its line', () => {
  it('reads lines without a header as identifier, name and code, the kind told by length for Business360', async () => {
    const rows = await read(`${GOOD}\tSharma Traders\tV1\r\n\r\nU25999MH2012PTC231906, Gujarat Castings\nAAFCG6627L\n`, 'business360');
    // The JSON intake gives every row every key (blank where a row has none): the filled ones count.
    const filled = (columns: Record<string, string>) => Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== ''));
    expect(rows.map((r) => [r.row, filled(r.columns), r.result.ok])).toEqual([
      [1, { gstin: GOOD, vendor_name: 'Sharma Traders', vendor_code: 'V1' }, true],
      [3, { cin: 'U25999MH2012PTC231906', vendor_name: 'Gujarat Castings' }, true],
      [4, { pan: 'AAFCG6627L' }, true],
    ]);
  });

  it('names an invalid line by its number in the text, blank lines counted', async () => {
    const rows = await read(`\n${GOOD}\n\n${BAD}\tTypo Traders\n`);
    expect(rows.map((r) => [r.row, r.result.ok])).toEqual([[2, true], [4, false]]);
  });

  it('reads text with a header line (cells copied with their header, tab-separated, an ERP header) through the CSV intake', async () => {
    const rows = await read(`GSTIN/UIN\tVendor Name\tVendor Code\n${GOOD}\tSharma Traders\tV1\n\n${BAD}\tTypo\tV2\n`);
    expect(rows.map((r) => [r.row, r.result.ok])).toEqual([[2, true], [4, false]]);
    expect(rows[0]?.columns).toMatchObject({ 'Vendor Name': 'Sharma Traders', 'Vendor Code': 'V1' });
  });

  it('refuses text with no rows, naming the field', async () => {
    await expect(read('\n \n')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'text' });
  });
});

describe('recordLines and hasHeaderLine', () => {
  it('counts a quoted cell with a line break as one record, on the line it starts', () => {
    expect(recordLines('gstin,name\n"a","two\nlines"\nb,c\n')).toEqual([1, 2, 4]);
  });
  it('tells a header line from a line of data', () => {
    expect(hasHeaderLine('gstin,vendor_name\n')).toBe(true);
    expect(hasHeaderLine('\nGSTIN No.\tParty Name')).toBe(true);
    expect(hasHeaderLine(`${GOOD},Sharma`)).toBe(false);
  });
});
