import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ADMIN = `board-test-admin-${randomBytes(8).toString('hex')}`;
const READ_ONLY = `board-test-read-only-${randomBytes(8).toString('hex')}`;

/**
 * The queue boards' sign-in in headless Chromium against a real server process: the form, the
 * cookie the browser keeps (never the token, never in an address), the read-only board, and
 * signing out.
 */
describe('the queue board sign-in in a browser', { timeout: 60_000 }, () => {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;
  /** Every address the browser asked for. */
  const urls: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-board-'));
    server = await startServerProcess({
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:${randomBytes(6).toString('hex')}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_ADMIN_READONLY_TOKEN: READ_ONLY,
      BV_DATA_DIR: dataDir,
      BV_RUN_WORKERS: 'false',
      // The suite's shared Redis may run everysec; durability is not what this file tests.
      BV_REDIS_FSYNC: 'everysec',
    });
    browser = await launchChromium();
  }, 60_000);
  beforeEach(async (test) => {
    test.onTestFailed(() => console.error(`Browser: ${browser ? describeBrowser(browser) : 'not launched'}; page at ${page?.url() ?? '(none)'}`));
    context = await browser!.newContext();
    page = await context.newPage();
    page.on('request', (request) => urls.push(request.url()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = async (token: string) => {
    await page.goto(`${server!.baseUrl}/admin/queues-sign-in`);
    await page.getByLabel('Admin token').fill(token);
    await page.getByLabel('Admin token').press('Enter');
  };

  it('signs in with the admin token from the form and opens the board, the token in no address and not in the cookie', async () => {
    await signIn(ADMIN);
    await page.waitForURL(`${server!.baseUrl}/admin/queues`);
    // bull-board's own page, its script run and its API answered with the cookie.
    await page.getByText('bulk-verify').first().waitFor();
    await page.getByText('webhooks').first().waitFor();

    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toEqual(['bv_queues']);
    const [cookie] = cookies;
    expect(cookie).toMatchObject({ path: '/admin/queues', httpOnly: true, sameSite: 'Strict', secure: false });
    expect(cookie!.value).not.toContain(ADMIN);
    // Scripts on the page cannot read it.
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).not.toContain(ADMIN);
  });

  it('says so when the token is wrong, and sets no cookie', async () => {
    await signIn('not-the-admin-token-0123456789');
    await page.getByText('That token was refused.').waitFor();
    expect(page.url()).toBe(`${server!.baseUrl}/admin/queues-sign-in`);
    expect(await context.cookies()).toEqual([]);
  });

  it('no longer signs in from ?token= in the address', async () => {
    const response = await page.goto(`${server!.baseUrl}/admin/queues?token=${ADMIN}`);
    expect(response!.status()).toBe(401);
    expect(await page.textContent('body')).toContain('/admin/queues-sign-in');
    expect(await context.cookies()).toEqual([]);
  });

  it('signs the read-only token in to the read-only board, which the full board does not open to', async () => {
    await signIn(READ_ONLY);
    await page.waitForURL(`${server!.baseUrl}/admin/queues-read-only`);
    await page.getByText('bulk-verify').first().waitFor();
    expect((await context.cookies()).map((c) => [c.name, c.path])).toEqual([['bv_queues_ro', '/admin/queues-read-only']]);
    const full = await page.goto(`${server!.baseUrl}/admin/queues`);
    expect(full!.status()).toBe(401);
  });

  it('signs out: the cookie goes and the board is closed again', async () => {
    await signIn(ADMIN);
    await page.waitForURL(`${server!.baseUrl}/admin/queues`);
    expect(await context.cookies()).toHaveLength(1);
    await page.goto(`${server!.baseUrl}/admin/queues-sign-in`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out.').waitFor();
    expect(await context.cookies()).toEqual([]);
    expect((await page.goto(`${server!.baseUrl}/admin/queues`))!.status()).toBe(401);
  });
});
