import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeCell } from '../../src/domain/formula-escape.js';
import { changeCsvRecord, changesCsvHeader } from '../../src/domain/portfolio/changes-csv.js';
import type { PortfolioChange } from '../../src/domain/portfolio/changes.js';
import { CHANGES_XLSX_FILE, writeChangesXlsx } from '../../src/portfolios/changes-xlsx.js';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';
import { quotePrefixedCells } from '../helpers/xlsx-quote-prefix.js';

const RUN = 'job_0123456789abcdef0123';

describe('changes.xlsx', () => {
  let root: string;
  let store: LocalResultStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-changes-xlsx-'));
    store = new LocalResultStore(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("is written from changes.csv's column list and cells: every column the report has, formula payloads as they are with the quote prefix, codes as text", async () => {
    const change = (overrides: Partial<PortfolioChange>): PortfolioChange => ({
      identifier: '27AAPFU0939F1ZV', vendor_name: 'Sharma Traders', vendor_code: '007', check: 'gst.verify', field: 'status',
      description: 'GST registration cancelled on 30 Nov 2026', before: 'Active', after: 'Cancelled', severity: 'high', detected_at: '2026-11-30T12:00:00+05:30',
      ...overrides,
    });
    const changes = [change({}), change({ vendor_name: '=HYPERLINK("http://evil.example","x")', vendor_code: '0042', severity: 'low', before: '-1', after: '@x' })];
    await writeChangesXlsx(store, RUN, changes);

    const book = new ExcelJS.Workbook();
    const file = path.join(store.dir(RUN), CHANGES_XLSX_FILE);
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const cells = (r: number) => changesCsvHeader.map((_, c) => String(sheet.getRow(r).getCell(c + 1).value ?? ''));
    expect(cells(1)).toEqual([...changesCsvHeader]);
    expect(cells(2)).toEqual(changeCsvRecord(changes[0]!));
    // The CSV's cells with its `'` off: the workbook keeps the text and quote-prefixes the cell.
    expect(cells(3).map(escapeCell)).toEqual(changeCsvRecord(changes[1]!));
    expect(cells(3)).toEqual(expect.arrayContaining(['=HYPERLINK("http://evil.example","x")', '0042', '-1', '@x']));
    const letter = (column: (typeof changesCsvHeader)[number]) => sheet.getColumn(changesCsvHeader.indexOf(column) + 1).letter;
    expect([...(await quotePrefixedCells(file))].sort()).toEqual([`${letter('vendor_name')}3`, `${letter('before')}3`, `${letter('after')}3`].sort());
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(changesCsvHeader.length).letter}3`);
    const fill = (r: number) => (sheet.getRow(r).getCell(1).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect([fill(2), fill(3)]).toEqual(['FFFFC7CE', undefined]);
  });

  it('has just its header when nothing changed', async () => {
    await writeChangesXlsx(store, RUN, []);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(store.dir(RUN), CHANGES_XLSX_FILE));
    expect(book.worksheets[0]!.rowCount).toBe(1);
  });
});
