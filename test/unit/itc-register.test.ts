/**
 * A purchase register as the bulk ITC check (itc.check) reads it: its dates as registers write
 * them, its amounts, the Tally and GST portal (GSTR-2B B2B) headers by their aliases, the tax
 * summed from its parts, and an .xlsx download with GSTR-2B's two-row header.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readUpload } from '../../src/bulk/intake/upload-intake.js';
import type { IntakeItem } from '../../src/bulk/intake/row-request.js';
import { parseRegisterAmount } from '../../src/domain/itc/register-amounts.js';
import type { BulkOperationName } from '../../src/domain/operations.js';
import { parseRegisterDate } from '../../src/domain/itc/register-dates.js';
import { parseReturnPeriod } from '../../src/domain/itc/register-row.js';
import { sheetXml, stylesXml, workbookEntries, xlsx, zip } from '../helpers/xlsx-files.js';

const GSTIN = '27AAPFU0939F1ZV';
const GSTIN_2 = '29AAGCB7383J1Z4';
const LIMITS = { maxBytes: 10_000_000, maxRecordBytes: 4_096, maxRows: 10_000 };

async function items(file: string | Buffer, filename = 'register.csv', operation: BulkOperationName = 'itc.check') {
  const all: IntakeItem[] = [];
  for await (const item of readUpload(Readable.from([file]), filename, operation, LIMITS)) all.push(item);
  return all;
}

async function rows(file: string | Buffer, filename = 'register.csv') {
  return (await items(file, filename)).flatMap((item) => (item.kind === 'row' ? [item.result] : []));
}

describe('register dates', () => {
  it.each([
    ['15-08-2024', '2024-08-15'],
    ['15/08/2024', '2024-08-15'],
    ['5.8.2024', '2024-08-05'],
    ['04/03/2024', '2024-03-04'], // day first, always
    ['2024-08-15', '2024-08-15'],
    ['2024-8-5', '2024-08-05'],
    ['1-Apr-2024', '2024-04-01'],
    ['1-Apr-24', '2024-04-01'],
    ['29-02-2024', '2024-02-29'],
    ['45383', '2024-04-01'], // an Excel date shown as General
    ['31-03-2024', '2024-03-31'],
  ])('%s → %s', (text, iso) => {
    expect(parseRegisterDate(text)).toEqual({ ok: true, date: iso });
  });

  it.each([
    ['29-02-2023', 'not a real date'],
    ['31-04-2024', 'not a real date'],
    ['08/15/2024', 'not a real date'], // month first is not read
    ['next Tuesday', 'is not a date: expected a date as DD-MM-YYYY'],
    ['123', 'is not a date'],
    ['', 'is empty'],
  ])('%s is refused, saying why', (text, message) => {
    const parsed = parseRegisterDate(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain(message);
  });
});

describe('register amounts and periods', () => {
  it('reads rupees as registers write them, in paise', () => {
    expect(parseRegisterAmount('1,18,000.50')).toEqual({ ok: true, paise: 11_800_050 });
    expect(parseRegisterAmount('₹ 12.5')).toEqual({ ok: true, paise: 1_250 });
    expect(parseRegisterAmount('Rs. 7')).toEqual({ ok: true, paise: 700 });
    expect(parseRegisterAmount('0')).toEqual({ ok: true, paise: 0 });
    expect(parseRegisterAmount('-5')).toMatchObject({ ok: false, message: expect.stringContaining('credit note') });
    expect(parseRegisterAmount('1.234')).toMatchObject({ ok: false, message: expect.stringContaining('at most two decimals') });
    expect(parseRegisterAmount('abc')).toMatchObject({ ok: false });
  });

  it('reads availed_in as a return period', () => {
    expect(parseReturnPeriod('2024-04')).toBe('2024-04');
    expect(parseReturnPeriod('04-2024')).toBe('2024-04');
    expect(parseReturnPeriod('042024')).toBe('2024-04');
    expect(parseReturnPeriod('Apr-2024')).toBe('2024-04');
    expect(parseReturnPeriod('April')).toBeUndefined();
  });
});

describe('register headers', () => {
  it("reads GSTR-2B's B2B names, summing the four taxes, and keys each row by its supplier", async () => {
    const csv = [
      'GSTIN of supplier,Trade/Legal name,Invoice number,Invoice type,Invoice Date,Invoice Value(₹),Place of supply,Supply Attract Reverse Charge,Taxable Value (₹),Integrated Tax(₹),Central Tax(₹),State/UT Tax(₹),Cess(₹)',
      `${GSTIN},Acme Traders,INV/1,Regular,15-08-2024,11800,Maharashtra,N,10000,0,900,900,0`,
      `${GSTIN},Acme Traders,INV/2,Regular,02-05-2024,1180,Maharashtra,N,1000,180,,,1.50`,
      `${GSTIN_2},Beta Ltd,B-9,Regular,01/07/2024,1180,Karnataka,N,1000,180,,,`,
    ].join('\n');
    const results = await rows(csv);
    expect(results).toEqual([
      { ok: true, key: GSTIN, request: { gstin: GSTIN, number: 'INV/1', date: '2024-08-15', tax_paise: 180_000 } },
      { ok: true, key: GSTIN, request: { gstin: GSTIN, number: 'INV/2', date: '2024-05-02', tax_paise: 18_150 } },
      { ok: true, key: GSTIN_2, request: { gstin: GSTIN_2, number: 'B-9', date: '2024-07-01', tax_paise: 18_000 } },
    ]);
  });

  it("reads a Tally purchase register's names, a single tax column and availed_in; the voucher's own Date is not the invoice's", async () => {
    const csv = [
      'Date,Particulars,Voucher No.,GSTIN/UIN,Supplier Invoice No.,Supplier Invoice Date,Input CGST,Input SGST,ITC Availed In',
      `20-08-2024,Acme Traders,P-101,${GSTIN},A-77,1-Aug-24,450,450,2024-09`,
    ].join('\n');
    expect(await rows(csv)).toEqual([{ ok: true, key: GSTIN, request: { gstin: GSTIN, number: 'A-77', date: '2024-08-01', tax_paise: 90_000, availed_in: '2024-09' } }]);
    const single = ['gstin,invoice_number,invoice_date,tax', `${GSTIN},X1,2024-08-01,"1,000.00"`].join('\n');
    expect(await rows(single)).toEqual([{ ok: true, key: GSTIN, request: { gstin: GSTIN, number: 'X1', date: '2024-08-01', tax_paise: 100_000 } }]);
  });

  it('names the column and the rule of each bad cell', async () => {
    const csv = [
      'gstin,invoice_number,invoice_date,igst,availed_in',
      `${GSTIN},,31-02-2024,-10,2024-13`,
      `27AAPFU0939F1ZX,N1,2016-01-01,10,`,
      `${GSTIN},N2,01-01-2099,10,`,
      `${GSTIN},N3,01-05-2024,10,2024-04`,
    ].join('\n');
    const [first, second, third, fourth] = await rows(csv);
    const fields = (result: unknown) => (result as { problems: { field: string; message: string }[] }).problems.map((p) => `${p.field}: ${p.message}`);
    expect(fields(first)).toEqual([
      expect.stringMatching(/^invoice_number: is empty/),
      expect.stringMatching(/^invoice_date: "31-02-2024" is not a real date/),
      expect.stringMatching(/^igst: "-10" is negative/),
      expect.stringMatching(/^availed_in: "2024-13" is not a return period/),
    ]);
    expect(fields(second).join('; ')).toMatch(/^gstin: .*; invoice_date: "2016-01-01"|^gstin: /);
    expect(fields(third)).toEqual([expect.stringMatching(/^invoice_date: must not be in the future/)]);
    expect(fields(fourth)).toEqual([expect.stringMatching(/^availed_in: must not be before the invoice's month/)]);
  });
});

describe('a register whose header is not where or what it should be', () => {
  it('refuses a header without the columns itc.check needs, naming each missing column and the names accepted for it', async () => {
    await expect(items(`gstin,foo\n${GSTIN},1\n`)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^itc\.check needs these columns, not found in the header row: invoice_number \(or "Invoice number".*; invoice_date \(or "Invoice Date".*; tax \(or .*\) or igst .* or cess .*; found "gstin", "foo"/),
    });
    // Only the tax is missing: that alone is named.
    await expect(items(`GSTIN of supplier,Invoice number,Invoice Date\n${GSTIN},A1,01-08-2024\n`)).rejects.toMatchObject({ message: expect.stringMatching(/needs these columns, not found in the header row: tax \(or /) });
  });

  it("reads a Tally CSV from its header row below the title lines, with a warning each; a one-column title stays a header's job", async () => {
    const csv = [
      'Meena Agro Industries,,,,',
      'Purchase Register,,,,',
      '1-Apr-24 to 31-Mar-25,,,,',
      'GSTIN/UIN,Supplier Invoice No.,Supplier Invoice Date,Input CGST,Input SGST',
      `${GSTIN},A-77,1-Aug-24,450,450`,
      ',,,"1,450.00","1,450.00"',
    ].join('\n');
    const all = await items(csv);
    expect(all.filter((item) => item.kind === 'warning').map((item) => (item.kind === 'warning' ? [item.warning.code, item.warning.message] : []))).toEqual([
      ['CSV_ROWS_ABOVE_HEADER', 'line 1 ("Meena Agro Industries") was read as a title above the header, not as a row'],
      ['CSV_ROWS_ABOVE_HEADER', 'line 2 ("Purchase Register") was read as a title above the header, not as a row'],
      ['CSV_ROWS_ABOVE_HEADER', 'line 3 ("1-Apr-24 to 31-Mar-25") was read as a title above the header, not as a row'],
      ['TOTAL_ROW_SKIPPED', 'the last row (row 2: "1,450.00", "1,450.00") has amounts but no GSTIN and no invoice number: read as the register\'s total, not as an invoice'],
    ]);
    // The "Grand Total" line, last, is no row; the invoice is row 1.
    expect(all.flatMap((item) => (item.kind === 'row' ? [item] : []))).toMatchObject([{ row: 1, result: { ok: true, request: { gstin: GSTIN, number: 'A-77', tax_paise: 90_000 } } }]);
  });

  it('keeps a total-like row that is not the last as an invalid row saying what it looks like, not that a column is missing', async () => {
    const csv = ['gstin,invoice_number,invoice_date,tax', ',,,900', `${GSTIN},A1,01-08-2024,10`].join('\n');
    expect(await rows(csv)).toMatchObject([
      { ok: false, problems: [{ field: 'gstin', message: expect.stringMatching(/^is empty, and so is invoice_number: this looks like a total row/) }] },
      { ok: true },
    ]);
  });

  it('says a GSTIN cell is empty, not that its column is missing', async () => {
    const [result] = await rows(`gstin,invoice_number,invoice_date,tax\n,A1,01-08-2024,10\n`);
    expect(result).toMatchObject({ ok: false, problems: [{ field: 'gstin', message: "is empty: every invoice row needs its supplier's GSTIN" }] });
  });
});

describe('an .xlsx register', () => {
  it("reads GSTR-2B's B2B sheet as the portal writes it: title rows, a two-row header under merged group names, dates as Excel dates", async () => {
    const sheet = sheetXml(
      [
        ['Goods and Services Tax - GSTR-2B'],
        ['Taxable inward supplies received from registered persons'],
        ['GSTIN of supplier', 'Trade/Legal name', 'Invoice details', null, null, null, 'Place of supply', 'Supply Attract Reverse Charge', 'Taxable Value (₹)', 'Tax Amount'],
        [null, null, 'Invoice number', 'Invoice type', 'Invoice Date', 'Invoice Value(₹)', null, null, null, 'Integrated Tax(₹)', 'Central Tax(₹)', 'State/UT Tax(₹)', 'Cess(₹)'],
        [GSTIN, 'Acme Traders', 'INV/1', 'Regular', { s: 1, v: '45383' }, 11800, 'Maharashtra', 'N', 10000, 0, 900, 900, 0],
        [GSTIN_2, 'Beta Ltd', 'B-9', 'Regular', { s: 1, v: '45474' }, 1180, 'Karnataka', 'N', 1000, 180, 0, 0, 0],
      ],
      '<mergeCells count="6"><mergeCell ref="A3:A4"/><mergeCell ref="B3:B4"/><mergeCell ref="C3:F3"/><mergeCell ref="G3:G4"/><mergeCell ref="H3:H4"/><mergeCell ref="J3:M3"/></mergeCells>',
    );
    const file = zip(workbookEntries([{ name: 'B2B', xml: sheet }], { styles: stylesXml({}, [0, 14]) }));
    expect(await rows(file, 'GSTR2B.xlsx')).toEqual([
      { ok: true, key: GSTIN, request: { gstin: GSTIN, number: 'INV/1', date: '2024-04-01', tax_paise: 180_000 } },
      { ok: true, key: GSTIN_2, request: { gstin: GSTIN_2, number: 'B-9', date: '2024-07-01', tax_paise: 18_000 } },
    ]);
  });

  it('skips several one-text rows above a header row as titles, but still reads a one-column list under its header', async () => {
    const titled = await items(xlsx([['Vendor list'], ['Q3 2024'], ['GSTIN', 'Name'], [GSTIN, 'Acme']]), 'v.xlsx', 'gst.verify');
    expect(titled.flatMap((item) => (item.kind === 'row' ? [item.columns] : []))).toEqual([{ GSTIN, Name: 'Acme' }]);
    expect(titled.flatMap((item) => (item.kind === 'warning' ? [item.warning.code] : []))).toEqual(['XLSX_ROWS_ABOVE_HEADER', 'XLSX_ROWS_ABOVE_HEADER']);
    const list = await items(xlsx([['GSTIN'], [GSTIN], [GSTIN_2]]), 'v.xlsx', 'gst.verify');
    expect(list.flatMap((item) => (item.kind === 'row' ? [item.result] : []))).toEqual([
      { ok: true, key: expect.any(String), request: { gstin: GSTIN } },
      { ok: true, key: expect.any(String), request: { gstin: GSTIN_2 } },
    ]);
  });
});
