import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('BV_ADMIN_READONLY_TOKEN', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bv-ro-token-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is unset by default: there is no read-only board', () => {
    expect(loadConfig({}).adminReadOnlyToken).toBeUndefined();
  });

  it('is read from the variable, or from BV_ADMIN_READONLY_TOKEN_FILE without its final newline', async () => {
    expect(loadConfig({ BV_ADMIN_READONLY_TOKEN: 'read-only-token-0123456789' }).adminReadOnlyToken).toBe('read-only-token-0123456789');
    const file = path.join(dir, 'read-only-token');
    await writeFile(file, 'read-only-from-a-file-0123456789\n');
    expect(loadConfig({ BV_ADMIN_READONLY_TOKEN_FILE: file }).adminReadOnlyToken).toBe('read-only-from-a-file-0123456789');
  });

  it('refuses a short token, naming the variable (or the file) and the rule, never the value', async () => {
    expect(() => loadConfig({ BV_ADMIN_READONLY_TOKEN: 'short-secret' })).toThrow('BV_ADMIN_READONLY_TOKEN: must be at least 16 characters');
    const file = path.join(dir, 'short');
    await writeFile(file, 'short-secret\n');
    let message = '';
    try {
      loadConfig({ BV_ADMIN_READONLY_TOKEN_FILE: file });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('BV_ADMIN_READONLY_TOKEN_FILE');
    expect(message).toContain('must be at least 16 characters');
    expect(message).not.toContain('short-secret');
  });
});
