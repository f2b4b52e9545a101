import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { prepareDataDir } from '../../src/runtime/data-dir.js';
import { openPathFor } from '../helpers/open-path.js';

describe('prepareDataDir', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const recorder = () => {
    const warnings: { fields: object; message: string }[] = [];
    return { warnings, log: { warn: (fields: object, message: string) => warnings.push({ fields, message }) } };
  };

  it('makes a missing folder, and the folders above it, readable by the owner alone', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-data-dir-'));
    const dataDir = path.join(root, 'a', 'data');
    const { warnings, log } = recorder();
    await prepareDataDir(dataDir, log);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(root, 'a'))).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it('makes a folder of ours that others can read owner-only (700), and says so', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-data-dir-'));
    await chmod(root, 0o755);
    const { warnings, log } = recorder();
    await prepareDataDir(root, log);
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([{ fields: { dataDir: root, mode: '755', correctedTo: '700' }, message: expect.stringContaining('made it owner-only') }]);
  });

  it('leaves an owner-only folder as it is, quietly', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-data-dir-'));
    await chmod(root, 0o700);
    const { warnings, log } = recorder();
    await prepareDataDir(root, log);
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)("refuses to start, in one line, on another user's folder that others can read", async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-data-dir-'));
    const theirs = path.join(root, 'theirs');
    await prepareDataDir(theirs, recorder().log);
    await chmod(theirs, 0o755);
    // nobody:nogroup; as root the test can hand the folder to another user.
    await chown(theirs, 65_534, 65_534);
    const { warnings, log } = recorder();
    const refused = await prepareDataDir(theirs, log).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(/^BV_DATA_DIR: .* \(mode 755\) and belongs to another user \(uid 65534\): chmod 700 it/);
    expect((refused as Error).message).not.toContain('\n');
    expect((await stat(theirs)).mode & 0o777).toBe(0o755);
    expect(warnings).toEqual([]);
  });

  // Root may write anything: the check is made by another user, in a process of its own.
  it.runIf(process.getuid?.() === 0)('refuses to start, in one line, on an owner-only folder this user cannot write (a volume left root\'s)', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-data-dir-'));
    await openPathFor(root);
    const rootOwned = path.join(root, 'volume');
    await mkdir(rootOwned, { mode: 0o700 });
    const asNobody = (dir: string) =>
      new Promise<{ code: number; output: string }>((resolve) => {
        const script = `import('./src/runtime/data-dir.ts').then((m) => m.prepareDataDir(${JSON.stringify(dir)}, { warn() {} })).then(() => console.log('prepared'), (error) => console.log(error.name + ': ' + error.message))`;
        execFile('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', process.execPath, '--import', 'tsx', '-e', script], { cwd: path.resolve(import.meta.dirname, '../..'), env: { PATH: process.env.PATH ?? '', HOME: root! } }, (error, stdout, stderr) =>
          resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
        );
      });
    const refused = await asNobody(rootOwned);
    expect(refused.output.trim()).toMatch(/^ConfigError: BV_DATA_DIR: .*volume cannot be written by this user \(uid 65534; the folder is uid 0's, mode 700\): give it to this user \(the container image runs as uid 1000: chown 1000:1000\)/);
    await chown(rootOwned, 65_534, 65_534);
    expect((await asNobody(rootOwned)).output.trim()).toBe('prepared');
  });
});
