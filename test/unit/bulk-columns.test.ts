import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { aliasedColumn, aliasKey, ALIASED_COLUMNS, COLUMN_ALIASES } from '../../src/domain/bulk-columns/aliases.js';
import { keptWarnings, MAX_JOB_WARNINGS } from '../../src/domain/job-warnings.js';
import { readCsv, type CsvOptions } from '../../src/bulk/intake/csv-intake.js';
import { sniffDelimiter } from '../../src/bulk/intake/delimiter.js';
import { parseColumnMapping, resolveColumns } from '../../src/bulk/intake/header-columns.js';
import { IntakeError } from '../../src/bulk/intake/intake-error.js';
import type { IntakeItem } from '../../src/bulk/intake/row-request.js';
import { decodedText } from '../../src/bulk/intake/text-decoding.js';
import type { JobWarning } from '../../src/domain/job-warnings.js';
import type { OperationName } from '../../src/domain/operations.js';

const GSTIN = '27AAPFU0939F1ZV';
const GSTIN_2 = '29AAGCB7383J1Z4';
const PAN = 'AAPFU0939F';
const LIMITS = { maxBytes: 10_000_000, maxRecordBytes: 4_096, maxRows: 10_000 };

async function items(input: string | Buffer | Buffer[], operation: OperationName = 'gst.verify', options: CsvOptions = {}) {
  const all: IntakeItem[] = [];
  for await (const item of readCsv(Readable.from(Array.isArray(input) ? input : [input]), operation, LIMITS, options)) all.push(item);
  const header = all.find((i) => i.kind === 'header');
  return {
    header: header?.kind === 'header' ? header : undefined,
    rows: all.flatMap((i) => (i.kind === 'row' ? [i] : [])),
    warnings: all.flatMap((i) => (i.kind === 'warning' ? [i.warning] : [])),
  };
}

function thrown(run: () => unknown): IntakeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IntakeError);
    return error as IntakeError;
  }
  throw new Error('expected an IntakeError');
}

describe('the column alias table', () => {
  it('reads the headers ERPs and spreadsheets use, whatever their case, spaces and punctuation', () => {
    const cases: [string, string][] = [
      ['GSTIN/UIN', 'gstin'],
      ['GSTIN No.', 'gstin'],
      ['gstin_no', 'gstin'],
      ['GST Number', 'gstin'],
      ['GST Identification Number', 'gstin'],
      ['GST Identification Number (GSTIN)', 'gstin'],
      ['Party GSTIN', 'gstin'],
      ['Party GSTIN/UIN', 'gstin'],
      ['  supplier   gstin ', 'gstin'],
      ['PAN No.', 'pan'],
      ['PAN/IT No.', 'pan'],
      ['P.A.N. No.', 'pan'],
      ['Income Tax PAN', 'pan'],
      ['Corporate Identification Number', 'cin'],
      ['CIN', 'cin'],
      ['LLPIN', 'llpin'],
      ['DIN', 'din'],
      ['Director Identification Number', 'din'],
      ['Vendor Name', 'name'],
      ['\uFEFFGSTIN', 'gstin'],
    ];
    for (const [header, column] of cases) expect([header, aliasedColumn(header)]).toEqual([header, column]);
    expect(aliasKey('GSTIN/UIN')).toBe('gstinuin');
  });

  it('leaves names that are not identifiers alone', () => {
    for (const header of ['Vendor Code', 'GST Rate', 'Address', 'Tax ID', 'Notes', 'State']) expect(aliasedColumn(header)).toBeUndefined();
  });

  it('never lets one name stand for two columns, and includes each column under its own name', () => {
    const seen = new Map<string, string>();
    for (const column of ALIASED_COLUMNS) {
      expect(COLUMN_ALIASES[column].map(aliasKey)).toContain(aliasKey(column));
      for (const alias of COLUMN_ALIASES[column]) {
        const key = aliasKey(alias);
        expect(seen.get(key) ?? column, `${alias} is listed under ${seen.get(key)} and ${column}`).toBe(column);
        seen.set(key, column);
      }
    }
  });
});

describe('parseColumnMapping (?columns=)', () => {
  it('reads column:header pairs separated by commas, and repeated parameters', () => {
    expect([...parseColumnMapping('gstin:Vendor Tax ID', 'gst.verify')!]).toEqual([['gstin', 'Vendor Tax ID']]);
    expect([...parseColumnMapping(['GSTIN: Tax Ref , pan:IT No', 'cin:Reg'], 'business360')!]).toEqual([
      ['gstin', 'Tax Ref'],
      ['pan', 'IT No'],
      ['cin', 'Reg'],
    ]);
    expect(parseColumnMapping(undefined, 'gst.verify')).toBeUndefined();
  });

  it.each([
    ['Vendor Tax ID', /"Vendor Tax ID" has no ":"/],
    ['gstn:Tax', /"gstn" is not a column this service reads/],
    ['pan:PAN Ref', /gst\.verify does not read a pan column/],
    ['gstin:', /gstin is given no header name/],
    ['gstin:A,gstin:B', /gstin is mapped twice/],
  ])('refuses %j with a 400 on the columns field naming the rule', (text, message) => {
    const error = thrown(() => parseColumnMapping(text, 'gst.verify'));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'columns' });
    expect(error.message).toMatch(message);
    expect(error.message).toContain('?columns=gstin:Vendor Tax ID');
  });
});

describe('resolveColumns', () => {
  it('finds an identifier column by alias, and prefers the API name when both are there', () => {
    expect(resolveColumns(['Vendor', 'GSTIN/UIN'], 'gst.verify').map).toEqual({ gstin: 1 });
    expect(resolveColumns(['Party GSTIN', 'gstin'], 'gst.verify').map).toEqual({ gstin: 1 });
  });

  it('lets an explicit mapping win over names, and refuses a mapping to a missing column naming it', () => {
    const mapping = parseColumnMapping('gstin:Vendor Tax ID', 'gst.verify');
    expect(resolveColumns(['gstin', 'vendor tax id'], 'gst.verify', mapping).map).toEqual({ gstin: 1 });
    const error = thrown(() => resolveColumns(['gstin', 'Name'], 'gst.verify', mapping));
    expect(error).toMatchObject({ field: 'columns' });
    expect(error.message).toMatch(/^columns: the file has no column named "Vendor Tax ID" \(for gstin\); its columns are "gstin", "Name"/);
  });

  it('refuses two alias columns for the identifier, saying how to choose; two for an optional column are a warning', () => {
    expect(thrown(() => resolveColumns(['GSTIN No.', 'Party GSTIN'], 'gst.verify')).message).toBe(
      'the header has two gstin columns, "GSTIN No." (column 1) and "Party GSTIN" (column 2): say which to verify with ?columns=gstin:<header name>',
    );
    const resolved = resolveColumns(['pan', 'Vendor Name', 'Company Name'], 'pan.verify');
    expect(resolved.map).toEqual({ pan: 0 });
    expect(resolved.warnings.map((w) => w.code)).toEqual(['COLUMN_AMBIGUOUS']);
  });

  it('asks for a sample when no header names an identifier, then guesses the one column of valid identifiers', () => {
    expect(resolveColumns(['Ref', 'Tax'], 'gst.verify').needsSample).toBe(true);
    const sample = [['V1', GSTIN], ['V2', GSTIN_2], ['V3', ''], ['V4', GSTIN]];
    const resolved = resolveColumns(['Ref', 'Tax'], 'gst.verify', undefined, sample);
    expect(resolved.map).toEqual({ gstin: 1 });
    expect(resolved.warnings).toEqual([
      { code: 'COLUMN_GUESSED', message: 'no header names a gstin column; column 2 ("Tax") holds GSTINs (3 of the first 4 rows are valid), so it was read as gstin: say so with ?columns=gstin:Tax to be sure' },
    ]);
  });

  it('does not guess from a column of mostly other values, nor between two columns of identifiers', () => {
    const few = [['V1', GSTIN], ['V2', 'x'], ['V3', 'y'], ['V4', 'z']];
    expect(() => resolveColumns(['Ref', 'Tax'], 'gst.verify', undefined, few)).toThrow(/gst\.verify needs a column named gstin/);
    const two = [[GSTIN, GSTIN_2], [GSTIN_2, GSTIN]];
    expect(() => resolveColumns(['A', 'B'], 'gst.verify', undefined, two)).toThrow(/columns "A" \(column 1\), "B" \(column 2\) all hold identifiers, so none was guessed/);
  });
});

describe('sniffDelimiter', () => {
  const fits = (cells: string[]) => cells.some((cell) => ['gstin', 'pan'].includes(cell.trim().toLowerCase()));
  it.each([
    ['gstin,name\nA,B\n', ','],
    ['gstin;name\nA;B\n', ';'],
    ['gstin\tname\nA\tB\n', '\t'],
    ['gstin|name\nA|B\n', '|'],
    ['gstin\nA\n', ','],
    ['"a;b",gstin\n"x;y",A\n', ','],
    ['sep=|\ngstin|name\n', '|'],
  ])('reads %j as separated by %j', (text, delimiter) => {
    expect(sniffDelimiter(text, fits)).toBe(delimiter);
  });

  it('takes the separator the rows agree with when the header fits neither', () => {
    expect(sniffDelimiter('Ref;Name, Town;X\nA;B;C\nD;E;F\n', () => false)).toBe(';');
  });
});

async function decode(chunks: Buffer[]): Promise<{ text: string; warnings: JobWarning[] }> {
  const warnings: JobWarning[] = [];
  const out: Buffer[] = [];
  for await (const chunk of decodedText(Readable.from(chunks), 10_000_000, (w) => warnings.push(w))) out.push(chunk);
  return { text: Buffer.concat(out).toString('utf8'), warnings };
}

describe('decodedText', () => {
  it('switches to Windows-1252 at the first non-UTF-8 byte after 64 kB of ASCII, and says so once', async () => {
    const ascii = Buffer.from(`gstin,name\n${`${GSTIN},plain\n`.repeat(3_000)}`);
    const tail = Buffer.from(`${GSTIN},Caf\xe9 \x93quoted\x94 \x80\n`, 'latin1');
    const { text, warnings } = await decode([ascii, tail]);
    expect(text.endsWith(`${GSTIN},Café “quoted” €\n`)).toBe(true);
    expect(text.length).toBe(ascii.length + tail.length);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.code).toBe('ENCODING_WINDOWS_1252');
    expect(warnings[0]!.message).toContain("the file is not UTF-8; read as Windows-1252 (Excel's 'CSV' on Windows): check names with accents");
    expect(warnings[0]!.message).toContain(`at byte ${ascii.length + GSTIN.length + 4}`);
  });

  it('keeps a UTF-8 character split across chunks whole, with no warning', async () => {
    const bytes = Buffer.from(`${'x'.repeat(1_500)},Café €\n`, 'utf8');
    const { text, warnings } = await decode([...bytes].map((b) => Buffer.from([b])));
    expect(text).toBe(`${'x'.repeat(1_500)},Café €\n`);
    expect(warnings).toEqual([]);
  });

  it('reads a file ending in a Windows-1252 byte as Windows-1252', async () => {
    const { text, warnings } = await decode([Buffer.from('gstin,name\nA,Caf\xe9', 'latin1')]);
    expect(text).toBe('gstin,name\nA,Café');
    expect(warnings.map((w) => w.code)).toEqual(['ENCODING_WINDOWS_1252']);
  });

  it('refuses an invalid byte in a file that starts with a UTF-8 BOM', async () => {
    await expect(decode([Buffer.from('\xef\xbb\xbfgstin,name\nA,Caf\xe9\n', 'latin1')])).rejects.toThrow(/^the file is not valid UTF-8 at byte 19, after "A,Caf", after UTF-8 text before it/);
  });
});

describe('readCsv with ERP files', () => {
  it('reads a Tally-style header (GSTIN/UIN) and keeps the file\'s own names in the rows', async () => {
    const { header, rows, warnings } = await items(`Particulars,GSTIN/UIN,PAN/IT No.\nAcme,${GSTIN},${PAN}\n`);
    expect(header).toEqual({ kind: 'header', header: ['Particulars', 'GSTIN/UIN', 'PAN/IT No.'], map: { gstin: 1 } });
    expect(rows.map((r) => [r.columns['GSTIN/UIN'], r.result.ok])).toEqual([[GSTIN, true]]);
    expect(warnings).toEqual([]);
  });

  it('guesses the identifier column from the first rows, with a warning before the rows', async () => {
    const all: IntakeItem[] = [];
    for await (const item of readCsv(Readable.from([`Vendor,Tax Ref\nAcme,${GSTIN}\nBeta,${GSTIN_2}\n`]), 'gst.verify', LIMITS)) all.push(item);
    expect(all.map((i) => i.kind)).toEqual(['header', 'warning', 'row', 'row']);
    const rows = all.flatMap((i) => (i.kind === 'row' ? [i.row] : []));
    expect(rows).toEqual([1, 2]);
  });

  it('reads a bare list of GSTINs with no header, the first line as row 1', async () => {
    const { header, rows, warnings } = await items(`${GSTIN}\n${GSTIN_2}\n`);
    expect(header?.header).toEqual(['gstin']);
    expect(rows.map((r) => [r.row, r.columns.gstin, r.result.ok])).toEqual([
      [1, GSTIN, true],
      [2, GSTIN_2, true],
    ]);
    expect(warnings.map((w) => w.code)).toEqual(['COLUMN_GUESSED', 'HEADER_MISSING']);
  });

  it('guesses past the look-ahead of 50 rows too, numbering every row', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `V${i},${i % 2 === 0 ? GSTIN : GSTIN_2}`);
    const { rows, warnings } = await items(`Vendor,Tax Ref\n${lines.join('\n')}\n`);
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(rows.every((r) => r.result.ok)).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(['COLUMN_GUESSED']);
  });
});

describe('keptWarnings', () => {
  it('keeps each warning once, at most ten, each at most 500 characters', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ code: 'COLUMN_GUESSED' as const, message: `${i % 12}`.padEnd(i === 0 ? 900 : 1, 'x') }));
    const kept = keptWarnings(many);
    expect(kept).toHaveLength(MAX_JOB_WARNINGS);
    expect(kept[0]!.message).toHaveLength(500);
    expect(new Set(kept.map((w) => w.message)).size).toBe(MAX_JOB_WARNINGS);
  });
});
