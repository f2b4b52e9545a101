import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IntakeError, readCsv, type CsvLimits } from '../../src/bulk/intake/csv-intake.js';
import { RowDeduper } from '../../src/bulk/dedupe.js';
import { readJsonRows } from '../../src/bulk/intake/json-intake.js';
import {
  canonicalJson,
  columnMap,
  identifierColumnsFor,
  parseOperation,
  requestFromRow,
  type IntakeItem,
  type RowResult,
} from '../../src/bulk/intake/row-request.js';
import type { OperationName } from '../../src/domain/operations.js';
import { makeGstin } from '../../src/domain/identifiers/index.js';

const GSTIN = '27AAPFU0939F1ZV';
const GSTIN_2 = makeGstin('29', 'AAACR5055K', '1');
/** GSTIN with its check character changed: everything else about it is valid. */
const GSTIN_BAD_CHECK = '27AAPFU0939F1ZA';
const LIMITS: CsvLimits = { maxBytes: 10_000_000, maxRecordBytes: 4_096, maxRows: 1_000 };

type RowItem = Extract<IntakeItem, { kind: 'row' }>;

async function* chunked(...chunks: (string | Buffer)[]): AsyncGenerator<string | Buffer> {
  yield* chunks;
}

async function collect(input: AsyncIterable<Buffer | string> | Readable, operation: OperationName = 'gst.verify', limits = LIMITS) {
  const items: IntakeItem[] = [];
  for await (const item of readCsv(input, operation, limits)) items.push(item);
  return { header: items[0]?.kind === 'header' ? items[0].header : undefined, rows: items.filter((i): i is RowItem => i.kind === 'row') };
}

/** The IntakeError a CSV upload is refused with (fails the test if it is accepted). */
async function refusal(input: AsyncIterable<Buffer | string>, operation: OperationName = 'gst.verify', limits = LIMITS): Promise<IntakeError> {
  const error = await collect(input, operation, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IntakeError);
  return error as IntakeError;
}

function problems(result: RowResult | undefined) {
  if (result === undefined || result.ok) throw new Error(`expected an invalid row, got ${JSON.stringify(result)}`);
  return result.problems;
}

function request(result: RowResult | undefined) {
  if (result === undefined || !result.ok) throw new Error(`expected a valid row, got ${JSON.stringify(result)}`);
  return result.request;
}

describe('columnMap', () => {
  it('finds known columns whatever their case, surrounding spaces or a leading BOM, and ignores the others', () => {
    expect(columnMap(['\uFEFFGSTIN', ' Notes ', '  Periods ', 'customer id'])).toEqual({ gstin: 0, periods: 2 });
  });

  it('refuses a known column named twice, naming both positions', () => {
    expect(() => columnMap(['gstin', 'name', ' GSTIN'])).toThrow(/gstin column twice \(columns 1 and 3\)/);
  });
});

describe('identifierColumnsFor', () => {
  it.each([
    ['gst.verify', ['gstin']],
    ['gst.returns', ['gstin']],
    ['pan.verify', ['pan']],
    ['mca.company', ['cin', 'llpin']],
    ['mca.cin_to_pan', ['cin', 'pan']],
    ['mca.search', ['name']],
    ['mca.din', ['din']],
    ['business360', ['gstin', 'cin', 'pan']],
  ] as const)('%s needs one of %j', (operation, columns) => {
    expect(identifierColumnsFor(operation)).toEqual(columns);
  });
});

describe('parseOperation', () => {
  it('accepts each api value and refuses anything else with a 400 that lists all ten', () => {
    expect(parseOperation('mca.cin_to_pan')).toBe('mca.cin_to_pan');
    const error = (() => {
      try {
        parseOperation('gst.verfy');
      } catch (e) {
        return e as IntakeError;
      }
    })();
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'operation' });
    expect(error?.message).toContain('business360, gst.verify, gst.returns, gst.by_pan, pan.verify, mca.company, mca.search, mca.cin_to_pan, mca.directors, mca.din');
    expect(error?.message).toContain('"gst.verfy"');
  });
});

describe('requestFromRow', () => {
  it('sends only the columns the operation takes, normalised by the sync schema', () => {
    const result = requestFromRow('gst.verify', { gstin: ` ${GSTIN.toLowerCase()} `, pan: 'not a pan', name: 'Acme' });
    expect(result).toEqual({ ok: true, request: { gstin: GSTIN }, key: `{"gstin":"${GSTIN}"}` });
  });

  it('treats blank cells as absent', () => {
    expect(request(requestFromRow('pan.verify', { pan: 'AAACR5055K', name: '   ' }))).toEqual({ pan: 'AAACR5055K' });
  });

  it('reads periods as an integer when it is digits and applies the default when blank', () => {
    expect(request(requestFromRow('gst.returns', { gstin: GSTIN, periods: ' 6 ' }))).toEqual({ gstin: GSTIN, periods: 6 });
    expect(request(requestFromRow('gst.returns', { gstin: GSTIN, periods: '' }))).toMatchObject({ gstin: GSTIN, periods: expect.any(Number) });
  });

  it('reports periods that are not digits with the schema rule instead of guessing', () => {
    expect(problems(requestFromRow('gst.returns', { gstin: GSTIN, periods: 'six' }))).toEqual([{ field: 'periods', message: 'must be an integer' }]);
  });

  it('splits include on semicolons, dropping blanks, and reports an unknown module', () => {
    expect(request(requestFromRow('business360', { gstin: GSTIN, include: ' pan ;gst;; ' }))).toMatchObject({ include: ['gst', 'pan'] });
    const [problem] = problems(requestFromRow('business360', { gstin: GSTIN, include: 'gst;pna' }));
    expect(problem).toEqual({ field: 'include.1', message: expect.stringContaining('must be one of gst, gst_returns') });
  });

  it('names the identifier column a row lacks', () => {
    expect(problems(requestFromRow('gst.verify', { gstin: ' ', name: 'Acme' }))).toEqual([{ field: 'gstin', message: 'gst.verify needs a gstin column value' }]);
    expect(problems(requestFromRow('mca.company', {}))).toEqual([{ field: 'cin', message: 'mca.company needs a value in one of the columns cin, llpin' }]);
  });

  it('names the broken rule and the expected check character for a bad GSTIN checksum', () => {
    const [problem] = problems(requestFromRow('gst.verify', { gstin: GSTIN_BAD_CHECK }));
    expect(problem?.field).toBe('gstin');
    expect(problem?.message).toMatch(/^checksum: check character 'A' is wrong: expected 'V'/);
  });

  it('verifies a row with several identifiers by the first it has, in the order gstin, cin, pan (DECISIONS.md), saying which it passed over', () => {
    expect(requestFromRow('business360', { gstin: GSTIN, pan: 'AAACR5055K' })).toMatchObject({ ok: true, request: { gstin: GSTIN }, ignored: ['pan'] });
    expect(requestFromRow('business360', { pan: 'AAACR5055K', cin: 'L93030DL2010PLC198141' })).toMatchObject({ ok: true, request: { cin: 'L93030DL2010PLC198141' }, ignored: ['pan'] });
    expect(requestFromRow('mca.cin_to_pan', { cin: 'L93030DL2010PLC198141', pan: 'AAACR5055K' })).toMatchObject({ ok: true, request: { cin: 'L93030DL2010PLC198141' }, ignored: ['pan'] });
    // The first is taken even when it is the invalid one: which identifier a row is verified by does not depend on its values.
    expect(problems(requestFromRow('business360', { gstin: GSTIN_BAD_CHECK, pan: 'AAACR5055K' }))[0]).toMatchObject({ field: 'gstin' });
    const one = requestFromRow('business360', { pan: 'AAACR5055K' });
    expect(one.ok && one.ignored).toBe(undefined);
  });

  it('gives equal requests equal keys however their cells were written', () => {
    const a = requestFromRow('business360', { cin: 'l93030dl2010plc198141', include: 'pan;gst' });
    const b = requestFromRow('business360', { cin: ' L93030DL2010PLC198141', include: 'gst;pan;gst' });
    const c = requestFromRow('business360', { cin: 'L93030DL2010PLC198141', include: 'gst' });
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (!a.ok || !b.ok || !c.ok) return;
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(c.key);
    expect(a.key).toBe('{"cin":"L93030DL2010PLC198141","include":["gst","pan"]}');
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"y":2,"z":1}]},"b":1}');
  });
});

describe('readCsv', () => {
  it('matches the header by name whatever its case, spaces or BOM, with CRLF line ends and quoted cells', async () => {
    const csv = '\uFEFF Customer ,GSTIN \r\n"Acme, Pune",27aapfu0939f1zv\r\n"line one\r\nline two","' + GSTIN_2 + '"\r\n';
    const { header, rows } = await collect(chunked(csv));
    expect(header).toEqual([' Customer ', 'GSTIN ']);
    expect(rows.map((r) => [r.row, r.columns, request(r.result)])).toEqual([
      [1, { ' Customer ': 'Acme, Pune', 'GSTIN ': '27aapfu0939f1zv' }, { gstin: GSTIN }],
      [2, { ' Customer ': 'line one\r\nline two', 'GSTIN ': GSTIN_2 }, { gstin: GSTIN_2 }],
    ]);
  });

  it('reads a file fed one byte at a time, BOM and multi-byte characters split across chunks', async () => {
    // Past the first KB (which is sniffed whole) so that later chunks split characters too.
    const note = `${'x'.repeat(1_100)} ₹ 500 — ok`;
    const bytes = Buffer.from(`\uFEFFgstin,note\n${GSTIN},${note}\n`, 'utf8');
    const { rows } = await collect(chunked(...Array.from(bytes, (byte) => Buffer.from([byte]))));
    expect(rows.map((r) => r.columns)).toEqual([{ gstin: GSTIN, note }]);
  });

  it('accepts a Node Readable', async () => {
    const { rows } = await collect(Readable.from([Buffer.from(`gstin\n${GSTIN}\n`)]));
    expect(rows).toHaveLength(1);
  });

  it('carries formula-looking cells through unchanged (escaping is the result writer’s job)', async () => {
    const cells = ['=HYPERLINK("http://x")', '+919800000000', '-5', '@SUM(A1)'];
    const csv = `gstin,a,b,c,d\n${GSTIN},"${cells[0]!.replaceAll('"', '""')}",${cells.slice(1).join(',')}\n`;
    const { rows } = await collect(chunked(csv));
    expect(Object.values(rows[0]!.columns).slice(1)).toEqual(cells);
  });

  it('reports a row with more filled cells than columns as invalid and goes on; a short row\'s missing cells are blank', async () => {
    const { rows } = await collect(chunked(`gstin,note\n${GSTIN},a,b\n${GSTIN}\n${GSTIN_2},ok\n${GSTIN},c,, \n`));
    expect(rows.map((r) => (r.result.ok ? 'ok' : r.result.problems))).toEqual([
      [{ field: 'row', message: 'has 3 cells but the header has 2 columns, and cell 3 is not empty: quote a cell that contains the column separator' }],
      'ok',
      'ok',
      // An ERP's trailing commas: blank cells past the last column are nothing.
      'ok',
    ]);
    expect(rows[1]!.columns).toEqual({ gstin: GSTIN, note: '' });
    expect(rows[3]!.columns).toEqual({ gstin: GSTIN, note: 'c' });
  });

  it('reads a row that stops short of the header\'s last columns as whole, its missing cells blank', async () => {
    const { header, rows } = await collect(chunked(`gstin,note,,\n${GSTIN},a\n${GSTIN_2}\n${GSTIN},b,,\n`));
    expect(header).toEqual(['gstin', 'note', 'column_3', 'column_4']);
    expect(rows.map((r) => (r.result.ok ? 'ok' : r.result.problems[0]?.message))).toEqual(['ok', 'ok', 'ok']);
    expect(rows[1]!.columns).toEqual({ gstin: GSTIN_2, note: '', column_3: '', column_4: '' });
    expect(rows[0]!.columns).toEqual({ gstin: GSTIN, note: 'a', column_3: '', column_4: '' });
  });

  it('drops Excel\'s sep= first line and reads the columns by the separator it names; refuses one it does not read', async () => {
    const { header, rows } = await collect(chunked(`sep=,\r\ngstin,note\r\n${GSTIN},a\r\n`));
    expect(header).toEqual(['gstin', 'note']);
    expect(rows.map((r) => r.row)).toEqual([1]);
    // `sep=;` wins over a header that a comma would split too.
    const semicolon = await collect(chunked(`sep=;\ngstin;note, remark\n${GSTIN};a, b\n`));
    expect(semicolon.header).toEqual(['gstin', 'note, remark']);
    expect(semicolon.rows.map((r) => [r.columns, r.result.ok])).toEqual([[{ gstin: GSTIN, 'note, remark': 'a, b' }, true]]);
    const error = await refusal(chunked(`sep=:\ngstin:note\n${GSTIN}:a\n`));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(error.message).toMatch(/^the file's first line says its columns are separated by ":": columns separated by a comma, semicolon, tab or \| are read/);
  });

  it('skips blank lines and comma-only lines without counting them as rows', async () => {
    const { rows } = await collect(chunked(`\n\ngstin,note\n\n , \n,,\n${GSTIN},x\r\n\r\n${GSTIN_2},y\n`));
    expect(rows.map((r) => [r.row, r.columns.gstin])).toEqual([
      [1, GSTIN],
      [2, GSTIN_2],
    ]);
  });

  it('reports per-row validation problems naming the rule', async () => {
    const { rows } = await collect(chunked(`gstin\n${GSTIN_BAD_CHECK}\n\u0020\u0020\n${GSTIN}\n`));
    expect(rows).toHaveLength(2);
    expect(problems(rows[0]!.result)[0]?.message).toContain("checksum: check character 'A' is wrong: expected 'V'");
    expect(rows[1]!.result.ok).toBe(true);
  });

  it('names empty header cells by position and keeps a __proto__ column as data', async () => {
    const { header, rows } = await collect(chunked(`gstin,,__proto__\n${GSTIN},x,y\n`));
    expect(header).toEqual(['gstin', 'column_2', '__proto__']);
    expect(Object.entries(rows[0]!.columns)).toEqual([
      ['gstin', GSTIN],
      ['column_2', 'x'],
      ['__proto__', 'y'],
    ]);
  });

  it('keeps both of two columns with the same name, the second under its position; a known column twice is refused', async () => {
    const { header, rows } = await collect(chunked(`gstin,Address,Address,note\n${GSTIN},a,b,c\n`));
    expect(header).toEqual(['gstin', 'Address', 'Address (3)', 'note']);
    expect(rows[0]!.columns).toEqual({ gstin: GSTIN, Address: 'a', 'Address (3)': 'b', note: 'c' });
    const error = await refusal(chunked(`gstin,note,gstin\n${GSTIN},a,${GSTIN}\n`));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'file' });
    expect(error.message).toContain('column "gstin" twice (columns 1 and 3)');
    // A file that already has the name a repeat would get: refused rather than one of them lost.
    expect((await refusal(chunked(`gstin,x,x (4),x\n${GSTIN},a,b,c\n`))).message).toContain('column "x (4)" twice (columns 3 and 4)');
  });

  it('refuses a header without an identifier column for the operation, naming what it needs and what it found', async () => {
    const error = await refusal(chunked(`Ref,Name\nX-1,Acme\n`));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(
      'gst.verify needs a column named gstin (or one of its usual ERP names, such as GSTIN/UIN or GSTIN No.) in the header row; found "Ref", "Name": name the column with ?columns=gstin:<header name>',
    );
    const company = await refusal(chunked(`gstin\n${GSTIN}\n`), 'mca.company');
    expect(company.message).toContain('mca.company needs a column named one of cin, llpin (or one of its usual ERP names, such as CIN No., CIN Number, LLPIN No. or LLP Identification Number)');
  });

  it.each([
    ['semicolons', ';'],
    ['tabs', '\t'],
    ['pipes', '|'],
    ['commas', ','],
  ])('reads columns separated by %s from the header line', async (_label, separator) => {
    const csv = [['Name', 'gstin', 'note'], ['Acme, Pune', GSTIN, 'a;b'], ['Beta', GSTIN_2, '']].map((cells) => cells.map((c) => (c.includes(separator) ? `"${c}"` : c)).join(separator)).join('\r\n');
    const { header, rows } = await collect(chunked(`${csv}\r\n`));
    expect(header).toEqual(['Name', 'gstin', 'note']);
    expect(rows.map((r) => [r.columns, request(r.result)])).toEqual([
      [{ Name: 'Acme, Pune', gstin: GSTIN, note: 'a;b' }, { gstin: GSTIN }],
      [{ Name: 'Beta', gstin: GSTIN_2, note: '' }, { gstin: GSTIN_2 }],
    ]);
  });

  it('prefers the separator under which the header names a column the operation reads', async () => {
    // A comma inside a header name of a semicolon file: both split the lines evenly.
    const { header, rows } = await collect(chunked(`Name, City;GSTIN\nAcme, Pune;${GSTIN}\n`));
    expect(header).toEqual(['Name, City', 'GSTIN']);
    expect(request(rows[0]!.result)).toEqual({ gstin: GSTIN });
  });

  it.each([
    ['a zero-byte file', ['']],
    ['a BOM alone', ['\uFEFF']],
    ['only blank lines', ['\r\n\n  \n']],
  ])('refuses %s as empty, saying what a file should hold', async (_label, chunks) => {
    const error = await refusal(chunked(...chunks));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^the file is empty: expected a CSV text file \(UTF-8, UTF-16 or Windows-1252\) with a header row/);
  });

  it('refuses a header with no rows under it', async () => {
    const error = await refusal(chunked('gstin,name\r\n\r\n'));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('header row but no rows');
  });

  it('refuses a binary file (NUL bytes in the first KB), such as an .xlsx', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    const error = await refusal(chunked(zip));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('looks binary');
    expect(error.message).toContain('CSV UTF-8');
  });

  it('refuses a NUL byte further in, naming its offset', async () => {
    const head = `gstin\n${`${GSTIN}\n`.repeat(100)}`;
    const error = await refusal(chunked(head, Buffer.from([0x41, 0x00, 0x0a])));
    expect(error.message).toContain(`NUL byte at byte ${head.length + 1}`);
  });

  it('refuses an invalid byte after valid UTF-8 text as a damaged file, naming where', async () => {
    const error = await refusal(chunked(`gstin,name\n${GSTIN},Café\n`, Buffer.from(`${GSTIN_2},Caf\xe9\n`, 'latin1')));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/not valid UTF-8 at byte \d+, after "[^"]*Caf", after UTF-8 text before it/);
  });

  it('refuses a UTF-8 file that ends part-way through a character', async () => {
    const error = await refusal(chunked(`gstin,note\n${GSTIN},Café\n${GSTIN_2},`, Buffer.from([0xe2, 0x82])));
    expect(error.message).toContain('ends inside a UTF-8 character');
  });

  it('keeps quotes inside an unquoted cell as text', async () => {
    const { rows } = await collect(chunked(`gstin,name\n${GSTIN},Acme "Best" Ltd\n`));
    expect(rows[0]!.columns.name).toBe('Acme "Best" Ltd');
  });

  it.each([
    ['little-endian', Buffer.from(`\uFEFFgstin\n${GSTIN}\n`, 'utf16le')],
    ['big-endian', Buffer.from(`\uFEFFgstin\n${GSTIN}\n`, 'utf16le').swap16()],
  ])('reads UTF-16 with a %s BOM, split anywhere', async (_label, bytes) => {
    const { header, rows } = await collect(chunked(...[...bytes].map((byte) => Buffer.from([byte]))));
    expect(header).toEqual(['gstin']);
    expect(rows.map((r) => request(r.result))).toEqual([{ gstin: GSTIN }]);
  });

  it('refuses a row longer than maxRecordBytes (a 100 kB cell) with 413, naming the limit and the line', async () => {
    const error = await refusal(chunked(`gstin,note\n${GSTIN},ok\n${GSTIN},"${'x'.repeat(100_000)}"\n`));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toContain('the row at line 3 is longer than the limit of 4096 bytes per row');
  });

  it('refuses an unclosed quote as malformed', async () => {
    const error = await refusal(chunked(`gstin,note\n${GSTIN},"never closed\n${GSTIN},x\n`));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('a quoted cell is never closed');
  });

  it('accepts exactly maxBytes and refuses one byte more with 413', async () => {
    const csv = `gstin\n${GSTIN}\n`;
    await expect(collect(chunked(csv), 'gst.verify', { ...LIMITS, maxBytes: csv.length })).resolves.toMatchObject({ rows: [{ row: 1 }] });
    const error = await refusal(chunked(csv), 'gst.verify', { ...LIMITS, maxBytes: csv.length - 1 });
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toContain(`limit of ${csv.length - 1} bytes`);
  });

  it('accepts exactly maxRows rows and refuses one more with 413 naming the limit', async () => {
    const csv = (rows: number) => `gstin\n${`${GSTIN}\n`.repeat(rows)}`;
    const limits = { ...LIMITS, maxRows: 50 };
    expect((await collect(chunked(csv(50)), 'gst.verify', limits)).rows).toHaveLength(50);
    const error = await refusal(chunked(csv(51)), 'gst.verify', limits);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toContain('more than 50 rows');
  });

  it('streams a million empty lines without counting or keeping them', async () => {
    async function* source() {
      yield 'gstin\n';
      const block = '\n'.repeat(64 * 1024);
      for (let sent = 0; sent < 1_000_000; sent += block.length) yield block;
      yield `${GSTIN}\n`;
    }
    const { rows } = await collect(source(), 'gst.verify', { ...LIMITS, maxRows: 1 });
    expect(rows.map((r) => r.row)).toEqual([1]);
  });

  it('reads no further ahead than the stream buffers, and closes the source when the caller stops', async () => {
    let pulled = 0;
    let closed = false;
    async function* endless() {
      try {
        yield 'gstin\n';
        for (;;) {
          pulled += 1;
          yield `${GSTIN}\n`.repeat(1_000);
        }
      } finally {
        closed = true;
      }
    }
    let seen = 0;
    for await (const item of readCsv(endless(), 'gst.verify', { ...LIMITS, maxRows: Number.MAX_SAFE_INTEGER, maxBytes: Number.MAX_SAFE_INTEGER })) {
      if (item.kind === 'row') seen += 1;
      if (seen === 5) break;
    }
    // Each chunk is 16 kB; a whole-file reader would never stop pulling an endless source.
    expect(pulled).toBeLessThan(50);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it('refuses an unknown operation before reading', async () => {
    const error = await refusal(chunked(`gstin\n${GSTIN}\n`), 'gst.lookup' as OperationName);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'operation' });
  });
});

describe('readJsonRows', () => {
  it('yields a header of every key in first-seen order and rows as CSV cells would be', () => {
    const items = readJsonRows('business360', [
      { gstin: GSTIN, ref: 7 },
      { PAN: 'AAACR5055K', include: ['gst', 'pan'], extra: { a: 1 } },
      { ref: null, gstin: GSTIN_2, flag: true },
    ]);
    expect(items[0]).toEqual({ kind: 'header', header: ['gstin', 'ref', 'PAN', 'include', 'extra', 'flag'] });
    const rows = items.slice(1) as RowItem[];
    expect(rows.map((r) => r.columns)).toEqual([
      { gstin: GSTIN, ref: '7', PAN: '', include: '', extra: '', flag: '' },
      { gstin: '', ref: '', PAN: 'AAACR5055K', include: 'gst;pan', extra: '{"a":1}', flag: '' },
      { gstin: GSTIN_2, ref: '', PAN: '', include: '', extra: '', flag: 'true' },
    ]);
    expect(request(rows[1]!.result)).toMatchObject({ pan: 'AAACR5055K', include: ['gst', 'pan'] });
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3]);
  });

  it('refuses include: [] on a business360 row as the sync API does, rather than read it as omitted (the full bundle)', () => {
    const rows = readJsonRows('business360', [
      { gstin: GSTIN, include: [] },
      { gstin: GSTIN, include: '' },
      { gstin: GSTIN, include: [''] },
      { gstin: GSTIN_2 },
      { gstin: GSTIN_2, include: null },
    ]).slice(1) as RowItem[];
    for (const row of rows.slice(0, 3)) {
      expect(problems(row.result)).toEqual([{ field: 'include', message: expect.stringMatching(/^must list at least one module of gst, /) }]);
    }
    // A row without the key (or with null, a blank cell) is the full bundle, as before.
    for (const row of rows.slice(3)) expect(request(row.result)).toMatchObject({ include: expect.arrayContaining(['gst', 'pan']) });
  });

  it('refuses a cell nested deeper than 32 levels, naming its row and key, and takes one 32 deep', () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'x' : { a: nest(depth - 1) });
    expect(() => readJsonRows('gst.verify', [{ gstin: GSTIN }, { gstin: GSTIN, extra: nest(33) }])).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'rows', message: 'rows[1].extra is nested more than 32 levels deep' }),
    );
    expect(readJsonRows('gst.verify', [{ gstin: GSTIN, extra: nest(32) }])).toHaveLength(2);
  });

  it('reads numbers as the cells they would be in a CSV', () => {
    const [, row] = readJsonRows('gst.returns', [{ gstin: GSTIN, periods: 3 }]) as [IntakeItem, RowItem];
    expect(request(row.result)).toEqual({ gstin: GSTIN, periods: 3 });
  });

  it('reports a row that is not an object as invalid', () => {
    const rows = readJsonRows('gst.verify', [{ gstin: GSTIN }, 'x', null, [GSTIN]]).slice(1) as RowItem[];
    expect(rows.map((r) => (r.result.ok ? 'ok' : r.result.problems[0]?.message))).toEqual([
      'ok',
      'must be a JSON object of column names to values (got string)',
      'must be a JSON object of column names to values (got null)',
      'must be a JSON object of column names to values (got an array)',
    ]);
  });

  it('refuses no rows, too many rows, and rows with no identifier key', () => {
    expect(() => readJsonRows('gst.verify', [])).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'rows' }));
    expect(() => readJsonRows('gst.verify', [{ gstin: GSTIN }, { gstin: GSTIN }], 1)).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('at most 1') }),
    );
    expect(() => readJsonRows('pan.verify', [{ gstin: GSTIN }])).toThrow(/pan.verify needs rows with a pan key; found keys "gstin"/);
    expect(() => readJsonRows('gst.verify', [{ gstin: GSTIN }, { GSTIN: GSTIN_2 }])).toThrow(/gstin column twice/);
  });
});

describe('RowDeduper', () => {
  it('marks the first of equal requests and points later ones at it, counting each kind', () => {
    const deduper = new RowDeduper();
    const marks = readJsonRows('gst.verify', [{ gstin: GSTIN }, { gstin: 'bad' }, { gstin: GSTIN_2 }, { gstin: ` ${GSTIN.toLowerCase()}` }, { gstin: GSTIN_2 }])
      .filter((item): item is RowItem => item.kind === 'row')
      .map((item) => deduper.add(item.row, item.result));
    expect(marks).toEqual([
      { status: 'first' },
      { status: 'invalid' },
      { status: 'first' },
      { status: 'duplicate', of: 1 },
      { status: 'duplicate', of: 3 },
    ]);
    expect(deduper.counts()).toEqual({ total: 5, valid: 4, invalid: 1, duplicates: 2 });
    expect(deduper.unique).toBe(2);
  });
});
