import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { makeGstin } from '../../src/domain/identifiers/gstin.js';
import { addDays, dayNumber, todayAt } from '../../src/sources/sandbox/calendar.js';
import { driftPhase, driftPhaseOn, isoWeekOf, type DriftPhase } from '../../src/sources/sandbox/drift.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = path.join(root, 'test/browser/screenshots');
const ADMIN = `console-test-admin-${randomBytes(8).toString('hex')}`;

/** The four drifting sandbox scenarios (docs/sandbox.md "Drifting scenarios") and one that never changes. */
const PORTFOLIO_IDENTIFIERS = ['24AHRPM2741D1ZG', '27AAGFS6183P1ZD', 'U25999MH2012PTC231906', '24AAJCR5538M1ZW', '27AAJCS4821K1Z1'];
/** The names a desk knows PORTFOLIO_IDENTIFIERS' suppliers by (pasted beside them). */
const SUPPLIER_NAMES = ['Sharma Traders', 'Patel & Sons', 'Gujarat Castings', 'Rao Printers', 'Clean Co'];
/** Sandbox scenario GSTINs that answer at once. */
const QUICK_GSTINS = ['27AAPFU0939F1ZV', '27AAJCS4821K1Z1', '08ABHPJ6254M1Z8', '23AAMCA7712P1ZA'];
/** GSTINs embedding the fault PAN: their source is always down, so the rows retry with backoff and the job runs for a few seconds. */
const SLOW_GSTINS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((state) => makeGstin(state, 'ZZZCZ5030Z', '1'));

/**
 * Days from `today` (an IST date) to the first Wednesday, `from` days on or later, whose ISO week
 * has the drifting scenarios in `phase` (drift.ts, the server's own phase function). Mid-week, so
 * a run that crosses midnight stays in the same week; by absolute offset, so ISO years with a
 * week 53 (an odd week followed by week 1, also odd) need no special case.
 */
function wednesdayOffset(today: string, phase: DriftPhase, from = 0): number {
  for (let days = from; ; days++) {
    const date = addDays(today, days);
    if (dayNumber(date) - dayNumber(isoWeekOf(date).monday) === 2 && driftPhaseOn(date) === phase) return days;
  }
}

describe('the sandbox weeks the portfolio runs are set to', () => {
  it('are a Wednesday of an even ISO week and then of the next odd one, across a week 53 too', () => {
    const runs = (today: string) => {
      const even = wednesdayOffset(today, 'even');
      const odd = wednesdayOffset(today, 'odd', even + 1);
      return [addDays(today, even), addDays(today, odd)];
    };
    expect(runs('2026-11-18')).toEqual(['2026-11-25', '2026-12-02']); // weeks 48 and 49
    expect(runs('2026-12-20')).toEqual(['2026-12-23', '2026-12-30']); // weeks 52 and 53
    // Week 53 of 2026 and week 1 of 2027 are both odd: the even run waits for week 2.
    expect(runs('2026-12-28')).toEqual(['2027-01-13', '2027-01-20']);
    expect(runs('2027-01-03')).toEqual(['2027-01-13', '2027-01-20']);
    for (let day = 0; day < 800; day++) {
      const [even, odd] = runs(addDays('2026-01-01', day)) as [string, string];
      expect([driftPhaseOn(even), driftPhaseOn(odd), dayNumber(odd) - dayNumber(even)]).toEqual(['even', 'odd', 7]);
    }
  });
});

/**
 * The web console end to end: a real server process, headless Chromium (Debian's, through
 * playwright-core) driving the pages a customer uses. Each main screen is saved as a PNG under
 * test/browser/screenshots/.
 */
describe('the web console in a browser', { timeout: 60_000 }, () => {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  let account: { account_id: string; sandbox_key: string };
  let completedJobId = '';
  const pageErrors: string[] = [];
  const requests: { url: string; authorization: string | undefined }[] = [];

  const admin = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server!.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.status === 204 ? undefined : response.json();
  };
  const shot = (target: Page, name: string) => target.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const activeId = (target: Page) => target.evaluate('document.activeElement ? document.activeElement.id : ""') as Promise<string>;

  /** Watches a page for script errors and CSP violations, and records every request's Authorization header. */
  function watch(target: Page): void {
    target.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    target.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(`console: ${message.text()}`);
    });
    target.on('request', (request) => requests.push({ url: request.url(), authorization: request.headers().authorization }));
  }

  async function signIn(target: Page, key: string): Promise<void> {
    await target.goto(`${server!.baseUrl}/console`);
    await target.fill('#api-key', key);
    await target.click('#sign-in');
    await target.waitForURL(/#\/wallet$/);
    await target.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  }

  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-console-'));
    server = await startServerProcess({
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:${randomBytes(6).toString('hex')}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      // Small chunks, so that progress moves row pair by row pair (a job is counted per chunk).
      BV_BULK_CHUNK_ROWS: '2',
      BV_BULK_ROW_ATTEMPTS: '4',
      BV_BULK_ROW_BACKOFF_MS: '1000',
    });
    // The console signs in with the sandbox key, which spends (and shows) the sandbox wallet.
    account = (await admin('POST', '/admin/v1/accounts', { name: 'Acme Procurement', balance_inr: 1000, sandbox_balance_inr: 1000 })) as typeof account;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
    page = await context.newPage();
    watch(page);
  }, 60_000);

  // A failing test says which browser it drove: a Chromium that playwright-core does not support
  // fails in odd ways, and the Debian package moves on its own.
  beforeEach((context) => {
    context.onTestFailed(() => {
      console.error(`Browser: ${browser ? describeBrowser(browser) : 'not launched'}; page at ${page?.url() ?? '(none)'}`);
    });
  });

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the console from /console with a strict Content-Security-Policy, and 404 for unknown files', async () => {
    const redirect = await fetch(`${server!.baseUrl}/console`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(new URL(redirect.headers.get('location')!, `${server!.baseUrl}/console`).pathname).toBe('/console/');
    const index = await fetch(`${server!.baseUrl}/console/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(await index.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+="/i);
    const script = await fetch(`${server!.baseUrl}/console/js/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    for (const missing of ['/console/js/nope.js', '/console/js/format.d.ts', '/console/.env']) {
      expect((await fetch(`${server!.baseUrl}${missing}`)).status, missing).toBe(404);
    }
  });

  it('signs in from the keyboard: Tab reaches the key field and the button, Enter submits; a wrong key is refused', async () => {
    await page.goto(`${server!.baseUrl}/console`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
    await shot(page, '01-sign-in');

    let presses = 0;
    while ((await activeId(page)) !== 'api-key' && presses < 6) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await activeId(page)).toBe('api-key');

    await page.keyboard.type('bv_test_aaaaaaaaaaaa_NotTheRightSecretNotTheRightSecr');
    await page.keyboard.press('Enter');
    await page.getByText('This key was not accepted').waitFor();
    expect(await page.getAttribute('#api-key', 'aria-invalid')).toBe('true');
    await shot(page, '02-sign-in-refused');

    await page.fill('#api-key', account.sandbox_key);
    presses = 0;
    while ((await activeId(page)) !== 'sign-in' && presses < 4) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await activeId(page)).toBe('sign-in');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/wallet$/);
    await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
    // Focus moves to the new page's heading.
    expect(await activeId(page)).toBe('page-title');

    // The key is kept in this tab's sessionStorage only.
    const stored = await page.evaluate('JSON.stringify([Object.values(sessionStorage), Object.keys(localStorage).length, document.cookie])');
    expect(JSON.parse(stored as string)).toEqual([[account.sandbox_key], 0, '']);
    expect(page.url()).not.toContain(account.sandbox_key);
    await expect(page.locator('#env-pill').textContent()).resolves.toBe('Sandbox');
  });

  it('shows the wallet balance and its ledger', async () => {
    await page.getByTestId('wallet-available').getByText('₹1,000.00').waitFor();
    await expect(page.getByTestId('wallet-held').textContent()).resolves.toContain('₹0.00');
    const ledger = page.getByRole('region', { name: 'Wallet ledger' });
    await ledger.getByText('Top-up').waitFor();
    await expect(ledger.locator('tbody tr').count()).resolves.toBe(1);
    await shot(page, '03-wallet');
  });

  it('offers the check\'s template, uploads the 100-row sample, follows it to completion and downloads results.csv, results.jsonl and results.xlsx', async () => {
    await page.getByRole('link', { name: 'Bulk jobs', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Bulk jobs' }).waitFor();
    await page.getByText('No jobs yet — upload a CSV').waitFor();

    // The upload form links the selected check's template; the workbook has its header and example.
    await page.selectOption('#job-operation', 'mca.din');
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('template-xlsx').click()]);
    expect(templateDownload.suggestedFilename()).toBe('bulk-template-mca.din.xlsx');
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile((await templateDownload.path())!);
    expect(template.worksheets[0]!.getRow(1).getCell(1).value).toBe('din');
    expect(template.worksheets[0]!.getRow(2).getCell(1).value).toMatch(/^0\d{7}$/);

    await page.setInputFiles('#job-file', path.join(root, 'samples/vendors-100.csv'));
    await page.selectOption('#job-operation', 'gst.verify');
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    await page.getByTestId('job-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 30_000 });
    completedJobId = page.url().split('/').pop()!;

    await expect(page.getByTestId('job-percent').textContent()).resolves.toBe('100%');
    await expect(page.getByTestId('count-ok').locator('.stat-value').textContent()).resolves.toBe('97');
    await expect(page.getByTestId('count-not_found').locator('.stat-value').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('count-invalid').locator('.stat-value').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('count-duplicates').locator('.stat-value').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('count-total').locator('.stat-value').textContent()).resolves.toBe('100');
    await expect(page.getByTestId('job-charged').locator('.stat-value').textContent()).resolves.toBe('₹72.75');
    await shot(page, '04-job-completed');

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^job_[0-9a-f]{20}-results\.csv$/);
    const csv = (await readFile((await csvDownload.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toMatch(/^row,gstin,vendor_code,vendor_name_in_erp,status,error_code,error_message,charged_inr,legal_name/);
    const statuses = lines.slice(1).map((line) => line.split(',')[4]);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(98); // 97 verified, and the repeat rides on its first row
    expect(statuses.filter((s) => s === 'invalid')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'not_found')).toHaveLength(1);

    const [jsonlDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-jsonl').click()]);
    const jsonl = (await readFile((await jsonlDownload.path())!, 'utf8')).split('\n').filter((line) => line !== '');
    expect(jsonl).toHaveLength(100);
    expect(JSON.parse(jsonl[0]!)).toMatchObject({ row: 1, status: 'ok' });

    // results.xlsx: the same 100 rows, the cancelled and suspended GSTINs' rows filled.
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xlsx').click()]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/^job_[0-9a-f]{20}-results\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await xlsxDownload.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(101);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.join(',')).toBe(lines[0]);
    const gstStatus = header.indexOf('gst_status') + 1;
    const status = header.indexOf('status') + 1;
    let filled = 0;
    for (let r = 2; r <= 101; r++) {
      const row = sheet.getRow(r);
      const problem = row.getCell(status).value !== 'ok' || row.getCell(gstStatus).value !== 'Active';
      const isFilled = (row.getCell(1).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb === 'FFFFC7CE';
      expect(isFilled, `row ${r}`).toBe(problem);
      if (isFilled) filled++;
    }
    // 16 cancelled and 6 suspended GSTINs, one not found, one invalid.
    expect(filled).toBe(24);
  });

  it('shows a running job live from the event stream: progress bar, counts and ETA, then its end', async () => {
    const file = path.join(dataDir, 'slow-vendors.csv');
    await writeFile(file, ['gstin,vendor_code', ...QUICK_GSTINS.map((g, i) => `${g},V${i + 1}`), ...SLOW_GSTINS.map((g, i) => `${g},S${i + 1}`)].join('\n'));
    await page.getByRole('link', { name: 'Bulk jobs', exact: true }).click();
    await page.setInputFiles('#job-file', file);
    await page.fill('#job-name', 'Slow sources');
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    const jobId = page.url().split('/').pop()!;

    await page.getByTestId('job-status').filter({ hasText: 'Running' }).waitFor({ timeout: 10_000 });
    await page.locator('.live-badge').waitFor({ state: 'visible' });
    // formatEta's words for a running job: no estimate yet, under 5 s, or "About 12 s left".
    await expect(page.getByTestId('job-eta').textContent()).resolves.toMatch(/^(Estimating…|A few seconds left|About \d+ (s|min)( \d+ s)? left)$/);
    await expect(page.getByTestId('download-csv').isDisabled()).resolves.toBe(true);
    await shot(page, '05-job-running');

    await page.getByTestId('job-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 40_000 });
    await expect(page.getByTestId('count-ok').locator('.stat-value').textContent()).resolves.toBe(String(QUICK_GSTINS.length));
    await expect(page.getByTestId('count-failed').locator('.stat-value').textContent()).resolves.toBe(String(SLOW_GSTINS.length));
    await expect(page.getByTestId('download-csv').isDisabled()).resolves.toBe(false);

    // The stream was read with fetch and the key in a header: never a key in a URL.
    const stream = requests.find((r) => r.url.endsWith(`/v1/bulk/jobs/${jobId}/events`));
    expect(stream?.authorization).toBe(`Bearer ${account.sandbox_key}`);
    expect(requests.filter((r) => r.url.includes(account.sandbox_key))).toEqual([]);
  });

  it('cancels a running job from the keyboard: focus stays on the page, and the cancelled rows are not called verified', async () => {
    const file = path.join(dataDir, 'to-cancel.csv');
    await writeFile(file, ['gstin', ...QUICK_GSTINS, ...SLOW_GSTINS].join('\n'));
    await page.getByRole('link', { name: 'Bulk jobs', exact: true }).click();
    await page.setInputFiles('#job-file', file);
    await page.fill('#job-name', 'Cancel me');
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    await page.getByTestId('job-status').filter({ hasText: 'Running' }).waitFor({ timeout: 10_000 });
    await page.focus('#job-cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Click again to cancel' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('job-status').filter({ hasText: 'Cancelled' }).waitFor({ timeout: 20_000 });
    await expect(page.locator('#job-cancel').isHidden()).resolves.toBe(true);
    // Not dropped to <body>: on the page's heading, where the next Tab goes on from.
    await expect(activeId(page)).resolves.toBe('page-title');
    const cancelled = Number(await page.getByTestId('count-cancelled').locator('.stat-value').textContent());
    expect(cancelled).toBeGreaterThan(0);
    await expect(page.getByText(new RegExp(`rows verified, ${cancelled} cancelled$`)).count()).resolves.toBe(1);
  });

  it('lists past jobs with their status', async () => {
    await page.getByRole('link', { name: 'Bulk jobs', exact: true }).click();
    const list = page.getByRole('region', { name: 'Past bulk jobs' });
    await list.locator('tbody tr').nth(2).waitFor();
    await expect(list.locator('tbody tr').count()).resolves.toBe(3);
    await expect(list.getByText('vendors-100.csv').count()).resolves.toBe(1);
    await expect(list.locator('.pill-good', { hasText: 'Completed' }).count()).resolves.toBe(2);
    await shot(page, '06-jobs');
  });

  it('shows older jobs page by page instead of stopping at the first page', async () => {
    // 50 more jobs of one invalid row each (nothing billed): 53 in all, past the page of 50.
    for (let i = 0; i < 50; i++) {
      const response = await fetch(`${server!.baseUrl}/v1/bulk/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.sandbox_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ operation: 'gst.verify', rows: [{ gstin: 'bad' }], name: `Filler ${i}` }),
      });
      expect(response.status).toBe(202);
    }
    await page.evaluate(`location.hash = '#/wallet'`);
    await page.getByRole('link', { name: 'Bulk jobs', exact: true }).click();
    const list = page.getByRole('region', { name: 'Past bulk jobs' });
    const older = page.getByRole('button', { name: 'Show older jobs' });
    await older.waitFor();
    await expect(list.locator('tbody tr').count()).resolves.toBe(50);
    await expect(list.getByText('vendors-100.csv').count()).resolves.toBe(0);
    await older.focus();
    await page.keyboard.press('Enter');
    await list.getByText('vendors-100.csv').waitFor();
    await expect(list.locator('tbody tr').count()).resolves.toBe(53);
    await expect(older.count()).resolves.toBe(0);
    // The button went with the redraw; focus went on to the list's last row, not to <body>.
    await expect(page.evaluate('document.activeElement?.closest("tbody tr") === document.querySelector("tbody tr:last-child")')).resolves.toBe(true);
  });

  it('stops following a job the service no longer has (404) and says so, rather than retrying for ever', async () => {
    // The job page opens on a running job; then its stream breaks (503: try again) and the
    // status call finds the job gone (404, as after retention removed it): that is final.
    const calls = { status: 0, stream: 0 };
    const notFound = { success: false, error: { code: 'NOT_FOUND', message: `There is no job ${completedJobId}` }, request_id: 'req_test' };
    const statusRoute = async (route: Route) => {
      calls.status += 1;
      if (calls.status > 1) return route.fulfill({ status: 404, json: notFound });
      const response = await route.fetch();
      const answer = (await response.json()) as { data: Record<string, unknown> };
      answer.data = { ...answer.data, status: 'running', finished_at: null, results: null, eta_seconds: null };
      return route.fulfill({ response, json: answer });
    };
    const streamRoute = (route: Route) => {
      calls.stream += 1;
      return route.fulfill({ status: 503, json: { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again', retryable: true } } });
    };
    await page.route(`**/v1/bulk/jobs/${completedJobId}`, statusRoute);
    await page.route(`**/v1/bulk/jobs/${completedJobId}/events`, streamRoute);
    try {
      await page.evaluate(`location.hash = '#/jobs/${completedJobId}'`);
      await page.getByTestId('job-status').filter({ hasText: 'Running' }).waitFor();
      await page.getByText('No such job', { exact: true }).waitFor({ timeout: 10_000 });
      await page.getByText('It may have been removed after its retention period.').waitFor();
      expect(calls).toEqual({ status: 2, stream: 1 });
      await expect(page.getByTestId('job-status').count()).resolves.toBe(0);
      await expect(page.locator('#job-cancel').isHidden()).resolves.toBe(true);
      await expect(page.locator('.live-badge').isHidden()).resolves.toBe(true);
      // Nothing more is asked afterwards (the page used to open the stream again at once, then poll every 2 s).
      await page.waitForTimeout(1_000);
      expect(calls).toEqual({ status: 2, stream: 1 });
      await shot(page, '16-job-gone');
    } finally {
      await page.unroute(`**/v1/bulk/jobs/${completedJobId}`, statusRoute);
      await page.unroute(`**/v1/bulk/jobs/${completedJobId}/events`, streamRoute);
    }
  });

  it('creates a portfolio, runs it twice a sandbox week apart and shows its change report', async () => {
    await page.getByRole('link', { name: 'Portfolios', exact: true }).click();
    await page.getByText('No portfolios yet').waitFor();
    await page.fill('#pf-name', 'Key suppliers');
    await page.selectOption('#pf-operation', 'business360');
    await page.selectOption('#pf-schedule', 'weekly');
    // Pasted as a desk has them (identifier, name, code, tab-separated), with one bad line, named by its number.
    const pasted = PORTFOLIO_IDENTIFIERS.map((identifier, i) => `${identifier}\t${SUPPLIER_NAMES[i]}\tV${i + 1}`);
    await page.fill('#pf-rows', [...pasted.slice(0, 2), '27AAPFU0939F1ZX\tTypo Traders\tV9', ...pasted.slice(2)].join('\n'));
    await page.click('#pf-submit');
    await page.waitForURL(/#\/portfolios\/pf_[0-9a-f]{20}$/);
    await page.getByRole('heading', { level: 1, name: 'Key suppliers' }).waitFor();
    await page.getByText(/1 pasted line was left out: line 3 \(gstin: /).waitFor();
    await expect(page.getByTestId('pf-rows').locator('.stat-value').textContent()).resolves.toBe('5');
    // The rows list names each supplier by its own name and code.
    const rowsTable = page.getByRole('region', { name: 'Portfolio rows' });
    await rowsTable.getByText(SUPPLIER_NAMES[0]!).waitFor();
    await expect(rowsTable.locator('tbody tr', { hasText: PORTFOLIO_IDENTIFIERS[3]! }).textContent()).resolves.toContain(`${SUPPLIER_NAMES[3]}V4`);

    // The first run on a Wednesday of an even ISO week (records as stored), the second on the
    // Wednesday of the next odd week (drifted): that direction brings high-severity changes
    // (docs/portfolios.md). The sandbox clock is set by absolute offsets from today.
    const setClock = async (offsetDays: number, phase: DriftPhase) => {
      const clock = (await admin('POST', `/admin/v1/accounts/${account.account_id}/sandbox-clock`, { offset_days: offsetDays })) as { sandbox_now: string };
      expect(driftPhase(new Date(clock.sandbox_now)), `sandbox clock at ${clock.sandbox_now}`).toBe(phase);
    };
    const today = todayAt(new Date());
    const evenWednesday = wednesdayOffset(today, 'even');
    await setClock(evenWednesday, 'even');
    await page.click('#pf-run');
    await page.getByText('Baseline (first run)').waitFor({ timeout: 30_000 });
    await setClock(wednesdayOffset(today, 'odd', evenWednesday + 1), 'odd');
    await page.click('#pf-run');
    const viewChanges = page.getByTestId('view-changes');
    await viewChanges.waitFor({ timeout: 30_000 });
    await expect(page.locator('.pill', { hasText: /\d+ changed/ }).count()).resolves.toBe(1);
    await shot(page, '07-portfolio');

    await viewChanges.click();
    await page.waitForURL(/#\/portfolios\/pf_[0-9a-f]{20}\/runs\/job_[0-9a-f]{20}$/);
    await page.getByRole('heading', { level: 1, name: 'Change report' }).waitFor();
    const changes = page.getByRole('region', { name: 'Changes' });
    await changes.locator('tbody tr').first().waitFor();
    const rows = await changes.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(4);
    await expect(changes.locator('.pill-bad', { hasText: 'High' }).count()).resolves.toBeGreaterThan(0);
    // Every drifting scenario shows up in the report; the stable supplier does not.
    for (const identifier of PORTFOLIO_IDENTIFIERS.slice(0, 3)) await expect(changes.getByText(identifier).count()).resolves.toBeGreaterThan(0);
    await expect(changes.getByText('27AAJCS4821K1Z1').count()).resolves.toBe(0);
    // Each change names the supplier as the customer knows it and says what happened in words.
    for (const name of SUPPLIER_NAMES.slice(0, 4)) await expect(changes.getByText(name).count()).resolves.toBeGreaterThan(0);
    const descriptions = await changes.locator('.change-description').allTextContents();
    expect(descriptions).toHaveLength(rows);
    expect(descriptions).toEqual(expect.arrayContaining([
      expect.stringMatching(/^GST registration cancelled on \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/),
      expect.stringMatching(/^GSTR-3B for [A-Z][a-z]{2} \d{4} not filed$/),
      'Director 09900032 disqualified',
      'Company struck off the register',
      'Risk level rose from low to high',
    ]));
    // No sentence is a field path: `directors.09900032.din_status` reads as words.
    for (const description of descriptions) expect(description).not.toMatch(/[a-z0-9]\.[a-z0-9]/i);
    await expect(changes.locator('tbody tr', { hasText: 'Director 09900032 disqualified' }).first().textContent()).resolves.toContain(SUPPLIER_NAMES[3]);
    await shot(page, '08-portfolio-changes');

    // The severity filter narrows the table.
    await page.getByRole('button', { name: /^High \(\d+\)$/ }).click();
    const high = await changes.locator('tbody tr').count();
    expect(high).toBeLessThan(rows);
    await expect(changes.locator('tbody .pill').allTextContents()).resolves.toEqual(Array(high).fill('High'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-changes-csv').click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
    expect(csv).toHaveLength(rows + 1);
    expect(csv[0]).toBe('identifier,vendor_name,vendor_code,check,field,description,before,after,severity,detected_at');
    expect(csv.some((line) => line.includes(`${SUPPLIER_NAMES[3]},V4,`) && line.includes('Director 09900032 disqualified'))).toBe(true);
    // changes.xlsx: the same header and rows as a workbook.
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-changes-xlsx').click()]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/-changes\.xlsx$/);
    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile((await xlsxDownload.path())!);
    expect(report.worksheets[0]!.rowCount).toBe(rows + 1);
    expect((report.worksheets[0]!.getRow(1).values as unknown[]).slice(1).join(',')).toBe(csv[0]);

    await page.getByRole('link', { name: 'Portfolios', exact: true }).click();
    const list = page.getByRole('region', { name: 'Portfolios' });
    await list.getByRole('link', { name: 'Key suppliers' }).waitFor();
    await expect(list.locator('.pill').first().textContent()).resolves.toBe('Completed');
    await shot(page, '09-portfolios');
  });

  it("adds pasted identifiers and a CSV's rows together on a portfolio's page", async () => {
    const list = page.getByRole('region', { name: 'Portfolios' });
    await list.getByRole('link', { name: 'Key suppliers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Key suppliers' }).waitFor();
    await expect(page.getByTestId('pf-rows').locator('.stat-value').textContent()).resolves.toBe('5');
    const file = path.join(dataDir, 'more-suppliers.csv');
    await writeFile(file, 'gstin,vendor_code\n08ABHPJ6254M1Z8,V9\n');
    await page.fill('#pf-add-rows', '23AAMCA7712P1ZA');
    await page.setInputFiles('#pf-add-file', file);
    await page.click('#pf-add-submit');
    // Before, the pasted identifier was dropped without a word when a file was chosen too.
    await page.getByText('2 added, 0 replaced').waitFor();
    // The portfolio's figures are reloaded after the answer is shown.
    await page.getByTestId('pf-rows').locator('.stat-value', { hasText: /^7$/ }).waitFor();
  });

  it("shows a large portfolio's rows a page at a time, and the next page on request", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => ({ gstin: makeGstin('29', `QZBCA${String(i).padStart(4, '0')}Q`, '1'), vendor_code: `V${i}` }));
    const created = await fetch(`${server!.baseUrl}/v1/portfolios`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.sandbox_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Long supplier list', operation: 'gst.verify', schedule: { every: 'monthly' }, rows }),
    });
    expect(created.status).toBe(201);
    const portfolioId = ((await created.json()) as { data: { portfolio_id: string } }).data.portfolio_id;
    await page.goto(`${server!.baseUrl}/console/#/portfolios/${portfolioId}`);
    const table = page.getByRole('region', { name: 'Portfolio rows' });
    await page.getByText('Showing the first 200 of 450 rows.').waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(200);
    await expect(table.locator('tbody tr').first().textContent()).resolves.toContain(rows[0]!.gstin);
    await page.getByRole('button', { name: 'Show more rows' }).click();
    await page.getByText('Showing the first 400 of 450 rows.').waitFor();
    await page.getByRole('button', { name: 'Show more rows' }).click();
    await table.locator('tbody tr').nth(449).waitFor();
    await expect(table.locator('tbody tr').last().textContent()).resolves.toContain('V449');
    await expect(page.getByRole('button', { name: 'Show more rows' }).count()).resolves.toBe(0);
    await expect(page.getByText(/^Showing the first/).count()).resolves.toBe(0);
    // The console asked for pages, never for all the rows at once.
    const rowRequests = requests.filter((request) => request.url.includes(`/v1/portfolios/${portfolioId}/rows`)).map((request) => new URL(request.url).search);
    expect(rowRequests.every((search) => search.startsWith('?limit=200'))).toBe(true);
  });

  it('runs a single verification from the form and shows the record, and a field error when the input is wrong', async () => {
    await page.getByRole('link', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Verify a business' }).waitFor();
    await page.getByRole('button', { name: /Active LLP/ }).click();
    await expect(page.inputValue('#verify-gstin')).resolves.toBe('27AAPFU0939F1ZV');
    await page.click('#verify-submit');
    const result = page.locator('#verify-result');
    await result.getByRole('heading', { level: 2, name: 'UTKARSH AGRO EXPORTS LLP' }).waitFor();
    await expect(result.locator('.result-head .pill').textContent()).resolves.toBe('Active');
    await expect(result.getByText('Charged ₹0.75').count()).resolves.toBe(1);
    await expect(result.locator('dt', { hasText: 'Legal name' }).count()).resolves.toBe(1);
    await shot(page, '10-verify-gst');

    await page.fill('#verify-gstin', '27AAPFU0939F1ZW');
    await page.click('#verify-submit');
    await result.locator('.banner-details li', { hasText: "gstin: checksum: check character 'W' is wrong: expected 'V'" }).waitFor();
    expect(await page.getAttribute('#verify-gstin', 'aria-invalid')).toBe('true');
    await expect(page.locator('#verify-gstin-error').textContent()).resolves.toBe("checksum: check character 'W' is wrong: expected 'V'");
    expect(await page.getAttribute('#verify-gstin', 'aria-describedby')).toBe('verify-gstin-error');
    await shot(page, '11-verify-error');

    await page.getByLabel('Business360').check();
    await page.getByRole('button', { name: /Disqualified director/ }).click();
    await page.click('#verify-submit');
    await result.getByRole('heading', { level: 2, name: 'MAHALAXMI BUILDCON PRIVATE LIMITED' }).waitFor();
    await expect(result.locator('.result-head .pill').textContent()).resolves.toBe('High risk');
    await result.locator('.flag-code', { hasText: 'DIRECTOR_DISQUALIFIED' }).waitFor();
    await expect(result.getByRole('region', { name: 'Modules' }).locator('tbody tr').count()).resolves.toBe(6);
    await shot(page, '12-verify-business360');
  });

  it('works at 375 px wide: the navigation wraps and nothing overflows the page sideways', async () => {
    const narrow = await browser!.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId: 'Asia/Kolkata' });
    try {
      const small = await narrow.newPage();
      watch(small);
      await small.goto(`${server!.baseUrl}/console`);
      await small.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
      await shot(small, '13-narrow-sign-in');
      await signIn(small, account.sandbox_key);
      await small.getByRole('link', { name: 'Bulk jobs', exact: true }).click();
      await small.getByRole('region', { name: 'Past bulk jobs' }).locator('tbody tr').first().waitFor();
      await expect(small.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
      await expect(small.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(375);
      await shot(small, '14-narrow-jobs');
      // The newest job: a portfolio run or a filler, completed either way.
      await small.getByRole('region', { name: 'Past bulk jobs' }).locator('tbody tr a').first().click();
      await small.getByTestId('job-status').filter({ hasText: 'Completed' }).waitFor();
      await expect(small.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(375);
      await shot(small, '15-narrow-job');
    } finally {
      await narrow.close();
    }
  });

  it('signs out when the key is revoked, and the sign-in page says the key was refused', async () => {
    const issued = (await admin('POST', `/admin/v1/accounts/${account.account_id}/keys`, { environment: 'sandbox' })) as { key_id: string; api_key: string };
    const other = await browser!.newContext({ viewport: { width: 1280, height: 860 }, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
    try {
      const tab = await other.newPage();
      watch(tab);
      await signIn(tab, issued.api_key);
      await tab.getByTestId('wallet-available').waitFor();
      await admin('DELETE', `/admin/v1/keys/${issued.key_id}`);

      // The wallet's two calls are both refused. Their answers are handed to the page together,
      // as happens when both arrive before the first sign-out's navigation has rendered.
      await tab.evaluate(`{
        const realFetch = window.fetch.bind(window);
        const waiting = [];
        window.fetch = (input, init) => {
          if (!String(input).startsWith('/v1/wallet')) return realFetch(input, init);
          return new Promise((resolve, reject) => {
            waiting.push({ input, init, resolve, reject });
            if (waiting.length < 2) return;
            Promise.allSettled(waiting.map((call) => realFetch(call.input, call.init))).then((answers) => {
              answers.forEach((answer, i) => (answer.status === 'fulfilled' ? waiting[i].resolve(answer.value) : waiting[i].reject(answer.reason)));
            });
          });
        };
      }`);
      await tab.getByRole('button', { name: 'Refresh' }).click();

      await tab.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
      // Once every sign-out and render has run, the page still says why.
      await tab.waitForTimeout(300);
      await expect(tab.getByText('The API key was refused: it may have been revoked.').count()).resolves.toBe(1);
      await expect(tab.evaluate('sessionStorage.length')).resolves.toBe(0);
      await shot(tab, '17-key-revoked');
    } finally {
      await other.close();
    }
  });

  it('signs out, forgetting the key, and sends a signed-out visitor back to the sign-in page', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
    await page.getByText('Your key was removed from this tab.').waitFor();
    await expect(page.evaluate('sessionStorage.length')).resolves.toBe(0);
    await page.goto(`${server!.baseUrl}/console/#/wallet`);
    await page.waitForURL(/#\/signin$/);
    expect(pageErrors).toEqual([]);
  });
});
