import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('leaves a folder others can read as it is, and says so', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-data-dir-'));
    await chmod(root, 0o755);
    const { warnings, log } = recorder();
    await prepareDataDir(root, log);
    expect((await stat(root)).mode & 0o777).toBe(0o755);
    expect(warnings).toEqual([{ fields: { dataDir: root, mode: '755' }, message: expect.stringContaining('chmod 700') }]);
  });
});
