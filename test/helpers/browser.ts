import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

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

/** Headless Chromium; /dev/shm is small in containers, so its shared memory goes to /tmp. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: ['--disable-dev-shm-usage'] });
}
