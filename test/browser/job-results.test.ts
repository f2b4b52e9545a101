import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_TRIGGERS } from '../../src/sources/sandbox/faults.js';
import { openConsoleSession, type ConsoleSession } from '../helpers/console-session.js';
import type { ServerProcess } from '../helpers/server-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The console's job page (issue 28, points 5 and 7): the breakdown, the rows with their filters, retrying what failed. */
describe('a job\'s results on its console page, in a browser', { timeout: 90_000 }, () => {
  let session: ConsoleSession | undefined;
  let server: ServerProcess;
  let page: Page;
  let key = '';
  let pageErrors: string[] = [];

  beforeAll(async () => {
    session = await openConsoleSession({ account: 'Onboarding desk', balanceInr: 1000, env: { BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '2' } });
    ({ server, page, pageErrors, key } = session);
  }, 60_000);

  afterAll(() => session?.close());

  it('uploads samples/vendors-100.csv, shows "16 cancelled, 6 suspended", and filters problems only, by status and by a search', async () => {
    await page.goto(`${server!.baseUrl}/console#/jobs`);
    await page.setInputFiles('#job-file', path.join(root, 'samples/vendors-100.csv'));
    await page.fill('#job-name', 'Vendor master');
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    const breakdown = page.getByTestId('job-breakdown-key');
    await breakdown.waitFor({ timeout: 60_000 });
    await expect(breakdown.textContent()).resolves.toBe('16 cancelled, 6 suspended');
    await expect(page.getByTestId('job-breakdown').textContent()).resolves.toContain('97 verified · 1 not found · 1 invalid · 1 duplicate');

    const rows = page.getByRole('region', { name: 'Result rows' }).locator('tbody tr');
    // The first page of 50, then the rest with "Load more".
    await expect.poll(() => rows.count()).toBe(50);
    await page.getByTestId('results-more').click();
    await expect.poll(() => rows.count()).toBe(100);
    await expect(page.getByTestId('results-more').count()).resolves.toBe(0);

    // Problems: 16 cancelled, 6 suspended, 1 not found, 1 invalid (the duplicate's first row is Active).
    await page.getByTestId('results-problems').check();
    await expect.poll(() => rows.count()).toBe(24);
    const texts = await rows.allTextContents();
    expect(texts.filter((t) => /Cancelled/.test(t))).toHaveLength(16);
    expect(texts.filter((t) => /Suspended/.test(t))).toHaveLength(6);
    expect(texts.some((t) => /Verified\s*Active/.test(t))).toBe(false);
    await page.screenshot({ path: path.join(root, 'test/browser/screenshots/job-results-problems.png'), fullPage: true });

    await page.selectOption('#results-key', 'Suspended');
    await expect.poll(() => rows.count()).toBe(6);
    await page.getByTestId('results-problems').uncheck();
    await page.selectOption('#results-key', '');
    // A search by the name the ERP gave the vendor, then by a GSTIN, across the whole job.
    await page.fill('#results-q', 'Vendor 42');
    await page.press('#results-q', 'Enter');
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('V0042');
    await page.fill('#results-q', '27AAPFU0939F1ZV');
    await page.press('#results-q', 'Enter');
    await expect.poll(async () => (await rows.allTextContents()).every((t) => t.includes('27AAPFU0939F1ZV'))).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('retries the failed rows of a job from its page, and links the two jobs', async () => {
    const created = await fetch(`${server!.baseUrl}/v1/bulk/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'gst.verify', name: 'Flaky source', rows: [{ gstin: '27AAPFU0939F1ZV' }, { gstin: FAULT_TRIGGERS.unavailable.gstin }] }),
    });
    const jobId = ((await created.json()) as { data: { job_id: string } }).data.job_id;
    await page.goto(`${server!.baseUrl}/console#/jobs/${jobId}`);
    const retry = page.getByTestId('retry-failed');
    await retry.waitFor({ timeout: 60_000 });
    await expect(retry.textContent()).resolves.toBe('Retry 1 failed rows');
    await retry.click();
    await page.waitForURL((url) => /#\/jobs\/job_[0-9a-f]{20}$/.test(url.hash) && !url.hash.endsWith(jobId));
    await page.getByText('Retries the failed rows of').waitFor();
    await page.goto(`${server!.baseUrl}/console#/jobs/${jobId}`);
    await page.getByTestId('retried-by').waitFor();
    await expect(page.getByTestId('retry-failed').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
