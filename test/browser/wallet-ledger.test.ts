import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ADMIN = `ledger-test-admin-${randomBytes(8).toString('hex')}`;
const GSTINS = ['27AAPFU0939F1ZV', '27AAJCS4821K1Z1', '08ABHPJ6254M1Z8'];

/** The console's wallet page (issue 28, point 9): the ledger grouped by job, every entry on request, the CSV. */
describe('the console wallet ledger in a browser', { timeout: 60_000 }, () => {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let dataDir: string;
  let key = '';
  let accountId = '';
  let jobId = '';
  const pageErrors: string[] = [];

  const call = async (method: string, url: string, body: unknown, auth: string) => {
    const response = await fetch(`${server!.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json() as Promise<{ data: { job_id: string; finished_at: string | null }; sandbox_key: string; account_id: string }>;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-ledger-console-'));
    server = await startServerProcess({
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:${randomBytes(6).toString('hex')}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_BULK_CHUNK_ROWS: '1',
    });
    const account = await call('POST', '/admin/v1/accounts', { name: 'Ledger Readers', balance_inr: 1000 }, ADMIN);
    key = account.sandbox_key;
    accountId = account.account_id;
    await call('POST', '/v1/gst/verify', { gstin: GSTINS[0] }, key);
    jobId = (await call('POST', '/v1/bulk/jobs', { operation: 'gst.verify', rows: GSTINS.map((gstin) => ({ gstin })), name: 'October vendors' }, key)).data.job_id;
    for (;;) {
      const job = (await call('GET', `/v1/bulk/jobs/${jobId}`, undefined, key)).data;
      if (job.finished_at !== null) break;
      await sleep(100);
    }
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 60_000);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows a bulk job as one line with its rows, every entry on request, and downloads the ledger as CSV', async () => {
    await page.goto(`${server!.baseUrl}/console`);
    await page.fill('#api-key', key);
    await page.click('#sign-in');
    await page.waitForURL(/#\/wallet$/);
    const ledger = page.getByRole('region', { name: 'Wallet ledger' });
    const jobRow = ledger.locator('tbody tr', { hasText: 'October vendors' });
    await jobRow.waitFor();
    await expect(jobRow.textContent()).resolves.toMatch(/Bulk job.*October vendors.*gst\.verify · 3 rows · completed/);
    // The sync call names its operation and GSTIN; no row of the job is a line of its own.
    await ledger.locator('tbody tr', { hasText: `gst.verify ${GSTINS[0]}` }).first().waitFor();
    await expect(ledger.locator('tbody tr', { hasText: `${jobId} row` }).count()).resolves.toBe(0);
    const grouped = await ledger.locator('tbody tr').count();
    await page.screenshot({ path: path.join(process.cwd(), 'test/browser/screenshots/wallet-ledger-grouped.png'), fullPage: true });

    await page.getByLabel('Show every entry of bulk jobs').check();
    await ledger.locator('tbody tr', { hasText: `${jobId} row 3` }).waitFor();
    expect(await ledger.locator('tbody tr').count()).toBeGreaterThan(grouped);
    await page.getByLabel('Show every entry of bulk jobs').uncheck();
    await jobRow.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-ledger-csv').click()]);
    const file = await download.path();
    const lines = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,type,operation,identifier,job_id,job_kind,job_status,rows,amount_inr,balance_inr,reference,id,balance_change_inr,job_name,row,balance_at');
    expect(lines.filter((line) => line.includes(jobId))).toHaveLength(1);
    expect(lines.find((line) => line.includes(jobId))).toMatch(new RegExp(`\\+05:30,job,gst\\.verify,,${jobId},bulk,completed,3,`));
    expect(lines).toHaveLength(grouped + 1);
    expect(pageErrors).toEqual([]);
  });

  it("shows the sandbox key's sandbox wallet, and refills it with the account's own top-up", async () => {
    await expect(page.getByTestId('wallet-environment').textContent()).resolves.toMatch(/^Sandbox wallet/);
    // ₹10,000 opening sandbox money, less the call (₹0.75) and the job's three rows (₹2.25).
    await page.getByTestId('wallet-available').getByText('₹9,997.00').waitFor();
    await page.getByTestId('sandbox-topup').click();
    await page.getByTestId('wallet-available').getByText('₹19,997.00').waitFor();
    const ledger = page.getByRole('region', { name: 'Wallet ledger' });
    await ledger.locator('tbody tr', { hasText: 'sandbox top-up req_' }).waitFor();
    // The live wallet was never touched.
    const account = await fetch(`${server!.baseUrl}/admin/v1/accounts/${accountId}`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(await account.json()).toMatchObject({ balance_inr: 1000, held_inr: 0, sandbox_balance_inr: 19_997 });
    await page.screenshot({ path: path.join(process.cwd(), 'test/browser/screenshots/wallet-sandbox-topup.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
