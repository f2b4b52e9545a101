import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { launchChromium, signedInConsole } from './browser.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export interface ConsoleSession {
  server: ServerProcess;
  browser: Browser;
  /** Signed in with the account's sandbox key. */
  page: Page;
  /** The server's data folder, removed on close. */
  dataDir: string;
  /** The account's sandbox key. */
  key: string;
  /** What the page threw or logged as an error (a test expects none). */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * A real server process on the suite's Redis (its own key prefix and data folder), one funded
 * account, and Chromium signed in to its console with the account's sandbox key: what each
 * console test starts from.
 */
export async function openConsoleSession(options: { account: string; balanceInr: number; env?: Record<string, string>; acceptDownloads?: boolean }): Promise<ConsoleSession> {
  const adminToken = `console-admin-${randomBytes(8).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-console-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startServerProcess({ REDIS_URL: inject('redisUrl'), BV_KEY_PREFIX: `bvtest:${randomBytes(6).toString('hex')}`, BV_ADMIN_TOKEN: adminToken, BV_DATA_DIR: dataDir, ...options.env });
    const response = await fetch(`${server.baseUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: options.account, balance_inr: options.balanceInr }),
    });
    expect(response.status).toBeLessThan(300);
    const key = ((await response.json()) as { sandbox_key: string }).sandbox_key;
    browser = await launchChromium();
    const pageErrors: string[] = [];
    const page = await signedInConsole(browser, server.baseUrl, key, pageErrors, options.acceptDownloads === true ? { acceptDownloads: true } : undefined);
    return { server, browser, page, dataDir, key, pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
