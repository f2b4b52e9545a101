import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleSession, type ConsoleSession } from '../helpers/console-session.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { sharedStringsXml, sheetXml, workbookEntries, zip, type Cell } from '../helpers/xlsx-files.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * samples/vendors-100.csv as an onboarding team's workbook (issue 28, point 1): a title row
 * merged across, the ERP's header GSTIN/UIN, strings shared after the sheet as Excel writes
 * them, blank rows in between; uploaded through the console's form like the CSV.
 */
async function vendorWorkbook(): Promise<Buffer> {
  const [, ...lines] = (await readFile(path.join(root, 'samples/vendors-100.csv'), 'utf8')).trim().split('\n');
  const strings = ['Vendor master (Tally export)', 'GSTIN/UIN', 'Vendor Code', 'Party Name'];
  const shared = (text: string): Cell => ({ t: 's', v: String(strings.push(text) - 1) });
  const rows: Cell[][] = [[{ t: 's', v: '0' }], [{ t: 's', v: '1' }, { t: 's', v: '2' }, { t: 's', v: '3' }]];
  lines.forEach((line, i) => {
    rows.push(line.split(',').map((cell) => shared(cell)));
    if (i % 40 === 0) rows.push([]);
  });
  return zip(workbookEntries([{ name: 'Vendors', xml: sheetXml(rows, '<mergeCells count="1"><mergeCell ref="A1:C1"/></mergeCells>') }], { sharedStrings: sharedStringsXml(strings) }));
}

describe('an .xlsx uploaded from the console', { timeout: 90_000 }, () => {
  let session: ConsoleSession | undefined;
  let server: ServerProcess;
  let page: Page;
  let dataDir: string;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    session = await openConsoleSession({ account: 'Onboarding desk', balanceInr: 1000, acceptDownloads: true });
    ({ server, page, dataDir, pageErrors } = session);
  }, 60_000);

  afterAll(() => session?.close());

  it('verifies the 100 rows as the CSV does: "16 cancelled, 6 suspended", problems only, and results.xlsx parsed back', async () => {
    const file = path.join(dataDir, 'Vendor master.xlsx');
    await writeFile(file, await vendorWorkbook());
    await page.goto(`${server!.baseUrl}/console#/jobs`);
    await page.setInputFiles('#job-file', file);
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    const breakdown = page.getByTestId('job-breakdown-key');
    await breakdown.waitFor({ timeout: 60_000 });
    await expect(breakdown.textContent()).resolves.toBe('16 cancelled, 6 suspended');
    await expect(page.getByTestId('job-breakdown').textContent()).resolves.toContain('97 verified · 1 not found · 1 invalid · 1 duplicate');
    const rows = page.getByRole('region', { name: 'Result rows' }).locator('tbody tr');
    await page.getByTestId('results-problems').check();
    await expect.poll(() => rows.count()).toBe(24);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xlsx').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(101);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['row', 'GSTIN/UIN', 'Vendor Code', 'Party Name']);
    expect(sheet.getRow(2).getCell(2).text).toBe('27AAPFU0939F1ZV');
    expect(pageErrors).toEqual([]);
  });
});
