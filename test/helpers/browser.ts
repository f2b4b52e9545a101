import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const NAMES = ['chromium', 'chromium-browser'];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium the browser tests drive: `BV_CHROMIUM`, else `chromium` (Debian's package) on
 * the PATH. playwright-core downloads no browser, so a missing one is an error that says how
 * to get it, never a silent skip.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.BV_CHROMIUM;
  if (configured !== undefined && configured !== '') {
    if (isExecutable(configured)) return configured;
    throw new Error(`BV_CHROMIUM is ${configured}, which is not an executable file`);
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    for (const name of NAMES) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  throw new Error(
    'The browser tests need Chromium and found none: install Debian\'s package (apt-get install -y chromium, as .ci/run does) ' +
      'or set BV_CHROMIUM to a Chromium executable.',
  );
}

/** The playwright-core version in use: a Chromium much newer or older than it supports is a likely cause of odd failures. */
export function playwrightVersion(): string {
  return (createRequire(import.meta.url)('playwright-core/package.json') as { version: string }).version;
}

/** "Chromium 131.0.6778.85 (/usr/bin/chromium), playwright-core 1.49.0", for a failing test's log. */
export function describeBrowser(browser: Browser | undefined, executable = browser ? launchedFrom.get(browser) : undefined): string {
  const chromiumPart = browser ? `Chromium ${browser.version()}` : 'Chromium (not launched)';
  return `${chromiumPart}${executable ? ` (${executable})` : ''}, playwright-core ${playwrightVersion()}`;
}

const launchedFrom = new WeakMap<Browser, string>();

/**
 * Headless Chromium; /dev/shm is small in containers, so its shared memory goes to /tmp. A
 * launch that fails says which executable and which playwright-core were tried.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  try {
    const browser = await chromium.launch({ executablePath, headless: true, args: ['--disable-dev-shm-usage'] });
    launchedFrom.set(browser, executablePath);
    return browser;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not launch ${describeBrowser(undefined, executablePath)}: ${reason}`, { cause: error });
  }
}

/**
 * A page of the console signed in with `key`, in India's time zone and locale, as the console's
 * users see it; page errors are collected into `pageErrors` for the test to check.
 */
export async function signedInConsole(browser: Browser, baseUrl: string, key: string, pageErrors: string[], options: { acceptDownloads?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Kolkata', locale: 'en-IN', ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}/console`);
  await page.fill('#api-key', key);
  await page.click('#sign-in');
  await page.waitForURL(/#\/wallet$/);
  return page;
}
