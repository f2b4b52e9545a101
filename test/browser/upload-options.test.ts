import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleSession, type ConsoleSession } from '../helpers/console-session.js';
import type { ServerProcess } from '../helpers/server-process.js';

const SCREENSHOTS = fileURLToPath(new URL('screenshots', import.meta.url));

/** Three suppliers of samples/vendors-100.csv under a header no alias knows: the GSTIN column is "Tax ID". */
const TAX_ID_CSV = 'Supplier,Tax ID\nVendor 1,27AAPFU0939F1ZV\nVendor 2,33APFFV6636L1ZX\nVendor 3,09ATEFG5320W2ZM\n';

function csv(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

/**
 * The console's upload form and job page for files the service reads with help (issue 28,
 * black-box findings 1, 2 and 11): a guessed identifier column is shown on the job page, the
 * "Column mapping" under More options is sent as ?columns=, and a refusal is said once.
 */
describe('the console upload form\'s options and the job\'s warnings, in a browser', { timeout: 90_000 }, () => {
  let session: ConsoleSession | undefined;
  let server: ServerProcess;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    session = await openConsoleSession({ account: 'Onboarding desk', balanceInr: 100 });
    ({ server, page, pageErrors } = session);
  }, 60_000);

  afterAll(() => session?.close());

  it('shows on the job page that the GSTIN column was guessed (COLUMN_GUESSED, naming "Tax ID")', async () => {
    await page.goto(`${server!.baseUrl}/console#/jobs`);
    await page.setInputFiles('#job-file', csv('tax-id.csv', TAX_ID_CSV));
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    const guessed = page.getByTestId('job-warnings').locator('li[data-code="COLUMN_GUESSED"]');
    await guessed.waitFor();
    const text = (await guessed.textContent()) ?? '';
    expect(text).toContain('Identifier column guessed');
    expect(text).toContain('"Tax ID"');
    expect(text).toContain('read as gstin');
    await page.getByTestId('job-status').filter({ hasText: /completed/i }).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('count-ok').locator('.stat-value').textContent()).resolves.toBe('3');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'job-warnings.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('sends the Column mapping under More options as ?columns=gstin:Tax ID: accepted, nothing guessed', async () => {
    await page.goto(`${server!.baseUrl}/console#/jobs`);
    await page.setInputFiles('#job-file', csv('tax-id.csv', TAX_ID_CSV));
    await expect(page.locator('#job-columns').isVisible()).resolves.toBe(false);
    await page.locator('#job-more-options > summary').click();
    await page.fill('#job-columns', 'gstin:Tax ID');
    await page.click('#job-submit');
    await page.waitForURL(/#\/jobs\/job_[0-9a-f]{20}$/);
    await page.getByTestId('job-status').filter({ hasText: /completed/i }).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('count-ok').locator('.stat-value').textContent()).resolves.toBe('3');
    await expect(page.getByTestId('job-warnings').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('says a file without an identifier column is refused once, opens More options, and offers .txt and .tsv', async () => {
    await page.goto(`${server!.baseUrl}/console#/jobs`);
    const accept = (await page.locator('#job-file').getAttribute('accept'))?.split(',') ?? [];
    expect(accept).toEqual(expect.arrayContaining(['.csv', '.xlsx', '.txt', '.tsv']));
    await page.setInputFiles('#job-file', csv('no-gstin.csv', 'Supplier,Code\nVendor 1,V0001\nVendor 2,V0002\n'));
    await page.click('#job-submit');
    const error = page.locator('.form-error [role="alert"]');
    await error.waitFor();
    // The banner: its title, then the API's message, which names ?columns= (and once is enough).
    const message = (await error.locator('.banner-body > p').nth(1).textContent()) ?? '';
    expect(message).toContain('?columns=gstin:');
    const text = (await error.textContent()) ?? '';
    expect(text.split(message).length - 1).toBe(1);
    await expect(error.locator('.banner-details').count()).resolves.toBe(0);
    await expect(page.locator('#job-more-options').getAttribute('open')).resolves.not.toBeNull();
    await expect(page.getByTestId('job-options-hint').textContent()).resolves.toContain('is Column mapping under More options');
    expect(page.url()).toMatch(/#\/jobs$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'upload-refused.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
