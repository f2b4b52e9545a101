import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleSession, type ConsoleSession } from '../helpers/console-session.js';
import type { ServerProcess } from '../helpers/server-process.js';

const SCREENSHOTS = fileURLToPath(new URL('screenshots', import.meta.url));

// Sandbox ITC scenarios (samples/sandbox-identifiers.json "itc") with fixed invoice dates, so the
// verdicts hold at any date: a Rule 37A reversal (and an eligible invoice) of one supplier, a
// composition supplier (blocked), and a clean supplier (eligible, nothing at risk).
const RULE_37A = '09CKDPG5907R1ZK';
const COMPOSITION = '08ABHPJ6254M1Z8';
const CLEAN = '27AAJCS4821K1Z1';
/** Well-formed, registered nowhere: its invoice is blocked (no tax invoice from a registered person). */
const UNREGISTERED = '27ZZZCZ0404Z1ZT';
/** As the GST portal's GSTR-2B B2B sheet names its columns, the tax in its parts; upload order is not the ranking. */
const REGISTER = [
  'GSTIN of supplier,Trade/Legal name,Invoice number,Invoice Date,Integrated Tax(₹),Central Tax(₹),State/UT Tax(₹),Cess(₹)',
  `${CLEAN},Clean supplier,SAF/24/044,10-05-2024,27000,,,`,
  `${COMPOSITION},Composition supplier,JKS-2291,15-06-2025,,625,625,`,
  `${RULE_37A},Unpaid tax supplier,GSS/24/0311,10-07-2024,18000,,,`,
  `${RULE_37A},Unpaid tax supplier,GSS/24/0102,20-04-2024,,2700,2700,`,
  `${UNREGISTERED},Unknown supplier,UK/77,12-08-2024,500,,,`,
].join('\n');

/**
 * The console's ITC check page (issue 29, point 3): a purchase register uploaded, its suppliers
 * ranked by tax at risk with their deadlines and a totals line, a supplier's invoices and
 * reasons, suppliers.csv downloaded and read back, and one supplier checked at once.
 */
describe('the console\'s ITC check page, in a browser', { timeout: 120_000 }, () => {
  let session: ConsoleSession | undefined;
  let server: ServerProcess;
  let page: Page;
  let jobId = '';
  let pageErrors: string[] = [];

  beforeAll(async () => {
    session = await openConsoleSession({ account: 'Finance desk', balanceInr: 100, acceptDownloads: true });
    ({ server, page, pageErrors } = session);
  }, 60_000);

  afterAll(() => session?.close());

  it('uploads a purchase register and ranks its suppliers by tax at risk, with deadlines and a totals line', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ITC check' }).click();
    await page.getByRole('heading', { level: 1, name: 'ITC check' }).waitFor();
    await expect(page.getByTestId('itc-disclaimer').textContent()).resolves.toBe('From public registration and filing data; not tax advice.');
    // The bulk upload form, for itc.check: its template, and More options.
    await expect(page.locator('#itc-template').textContent()).resolves.toContain('itc.check.xlsx');
    await page.setInputFiles('#itc-file', { name: 'gstr-2b-b2b.csv', mimeType: 'text/csv', buffer: Buffer.from(REGISTER) });
    await page.fill('#itc-name', 'Purchases 2024-25');
    await page.click('#itc-submit');
    await page.waitForURL(/#\/itc\/job_[0-9a-f]{20}$/);
    jobId = /job_[0-9a-f]{20}$/.exec(page.url())![0];
    await page.getByRole('heading', { level: 1, name: 'ITC check: Purchases 2024-25' }).waitFor();
    await expect(page.getByTestId('itc-progress').getAttribute('role')).resolves.toBe('progressbar');

    const table = page.getByRole('region', { name: 'Suppliers ranked by tax at risk' });
    await table.locator('tbody tr').nth(3).waitFor({ timeout: 60_000 });
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent?.trim() ?? '')));
    expect(rows.map((cells) => [cells[0], cells[1]!.slice(-15), cells[2], cells[3], cells[5]])).toEqual([
      ['1', RULE_37A, 'Reverse', '₹18,000.00', '2'],
      ['2', COMPOSITION, 'Blocked', '₹1,250.00', '1'],
      // Judged, with why beneath the verdict.
      ['3', UNREGISTERED, `BlockedThe source has no GST registration for GSTIN ${UNREGISTERED}`, '₹500.00', '1'],
      ['4', CLEAN, 'Eligible', '₹0.00', '1'],
    ]);
    // The reversal's date (30 Nov 2025, Rule 37A) has passed: said in words beside the date.
    const deadline = table.locator('tbody tr').first().locator('[data-urgency]');
    await expect(deadline.getAttribute('data-urgency')).resolves.toBe('passed');
    await expect(deadline.textContent()).resolves.toMatch(/^30 Nov 2025 \(passed, \d+ days ago\)$/);
    const totals = (await page.getByTestId('itc-totals-line').textContent()) ?? '';
    expect(totals).toContain('Total, 4 suppliers');
    expect(totals).toContain('₹19,750.00');
    expect(totals).toContain('₹52,150.00');
    await expect(page.getByTestId('itc-total-at-risk').locator('.stat-value').textContent()).resolves.toBe('₹19,750.00');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'itc-suppliers.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it("drills into a supplier's invoices: verdict, reasons with severity and rule, deadlines and tax at risk", async () => {
    await page.getByRole('button', { name: 'Show the invoices of' }).first().click();
    const drill = page.getByTestId('itc-drill');
    await expect(drill.getByRole('heading', { level: 2 }).textContent()).resolves.toMatch(/^Invoices of /);
    // Focus moves to the drill-down's heading, for keyboard and screen-reader users.
    await expect(page.evaluate('document.activeElement ? document.activeElement.id : ""')).resolves.toBe('itc-drill-title');
    const invoices = drill.locator('tbody tr');
    await invoices.nth(1).waitFor();
    await expect(invoices.count()).resolves.toBe(2);
    const reversal = invoices.filter({ hasText: 'GSS/24/0311' });
    await expect(reversal.locator('td[data-label="Verdict"]').textContent()).resolves.toBe('Reverse');
    await expect(reversal.locator('td[data-label="Tax at risk"]').textContent()).resolves.toBe('₹18,000.00');
    await expect(reversal.locator('td[data-label="Reverse by"]').textContent()).resolves.toMatch(/^30 Nov 2025/);
    const codes = await reversal.locator('li[data-code]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-code')));
    expect(codes).toEqual(expect.arrayContaining(['rule_37a_reversal', 'gstr3b_not_filed']));
    const rule37a = (await reversal.locator('li[data-code="rule_37a_reversal"]').textContent()) ?? '';
    expect(rule37a).toMatch(/^critical/);
    expect(rule37a).toContain('37A');
    const eligible = invoices.filter({ hasText: 'GSS/24/0102' });
    await expect(eligible.locator('td[data-label="Verdict"]').textContent()).resolves.toBe('Eligible');
    await expect(eligible.locator('td[data-label="Tax at risk"]').textContent()).resolves.toBe('₹0.00');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'itc-drill.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('downloads suppliers.csv, the same ranking, and the other three files', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-suppliers-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^job_[0-9a-f]{20}-suppliers\.csv$/);
    const suppliers = parse(await readFile((await download.path())!, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(suppliers.map((s) => [s.gstin, s.invoices, s.tax_at_risk_inr, s.worst_verdict])).toEqual([
      [RULE_37A, '2', '18000.00', 'reverse'],
      [COMPOSITION, '1', '1250.00', 'blocked'],
      [UNREGISTERED, '1', '500.00', 'blocked'],
      [CLEAN, '1', '0.00', 'eligible'],
    ]);
    for (const file of ['suppliers-xlsx', 'results-csv', 'results-xlsx']) {
      const [other] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-${file}`).click()]);
      expect(other.suggestedFilename()).toMatch(new RegExp(`-${file.replace('-', '\\.')}$`));
    }
    // The register is a bulk job too: its job page leads back here.
    await page.goto(`${server!.baseUrl}/console#/jobs/${jobId}`);
    await page.getByTestId('job-itc-link').getByRole('link', { name: 'ITC check page' }).click();
    await page.waitForURL(new RegExp(`#/itc/${jobId}$`));
    await page.getByRole('region', { name: 'Suppliers ranked by tax at risk' }).locator('tbody tr').nth(2).waitFor();
    // At 375 px the wide tables scroll in their own region; the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(pageErrors).toEqual([]);
  });

  it('checks one supplier at once and shows its invoices the same way', async () => {
    await page.goto(`${server!.baseUrl}/console#/itc`);
    await page.fill('#itc-one-gstin', COMPOSITION);
    await page.fill('#itc-one-invoices', 'JKS-2291, 15-06-2025, 1250\nJKS-2304\t2025-06-16\t750.50');
    await page.click('#itc-one-submit');
    const result = page.getByTestId('itc-one-result');
    const invoices = result.locator('tbody tr');
    await invoices.nth(1).waitFor();
    await expect(invoices.locator('td[data-label="Verdict"]').allTextContents()).resolves.toEqual(['Blocked', 'Blocked']);
    await expect(invoices.first().locator('li[data-code]').getAttribute('data-code')).resolves.toBe('composition_supplier');
    await expect(page.getByTestId('itc-one-at-risk').locator('.stat-value').textContent()).resolves.toBe('₹2,000.50');

    // A line the form cannot read is said under the form, naming the line; nothing is sent.
    await page.fill('#itc-one-invoices', 'JKS-2291, 31st June');
    await page.click('#itc-one-submit');
    await expect(page.locator('.form-error [role="alert"]').textContent()).resolves.toContain('line 1: "31st June" is not a date');
    await expect(result.locator('tbody tr').count()).resolves.toBe(0);
    // A rule the API holds (no invoice dated in the future) comes back naming the invoice and field.
    await page.fill('#itc-one-invoices', 'JKS-2291, 15-06-2025, 1250\nJKS-9999, 2099-01-01');
    await page.click('#itc-one-submit');
    await expect(page.locator('.form-error [role="alert"] .banner-details').textContent()).resolves.toContain('invoices.1.date');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'itc-one-supplier.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
