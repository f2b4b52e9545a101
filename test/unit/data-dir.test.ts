import { chmod, chown, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { prepareDataDir } from '../../src/store/data-dir.js';

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
});
