import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bv-secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, contents: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, contents, { mode: 0o600 });
  return file;
}

describe('secrets from files (<NAME>_FILE)', () => {
  it('reads BV_ADMIN_TOKEN_FILE, REDIS_PASSWORD_FILE and REDIS_SENTINEL_PASSWORD_FILE, without the newline echo leaves', () => {
    const config = loadConfig({
      BV_ADMIN_TOKEN_FILE: secretFile('admin', 'bv_admin_from_a_file_0123456789\n'),
      REDIS_URL: 'redis://redis:6379',
      REDIS_PASSWORD_FILE: secretFile('redis', '  redis-password-from-a-file\n'),
    });
    expect(config.adminToken).toBe('bv_admin_from_a_file_0123456789');
    expect(config.redisPassword).toBe('redis-password-from-a-file');
    const ha = loadConfig({
      REDIS_SENTINELS: '10.0.0.1:26379',
      REDIS_SENTINEL_MASTER: 'bv',
      REDIS_SENTINEL_PASSWORD_FILE: secretFile('sentinel', 'sentinel-password'),
    });
    expect(ha.redisSentinel?.sentinelPassword).toBe('sentinel-password');
  });

  it('reads the object store\'s secret key from AWS_SECRET_ACCESS_KEY_FILE', () => {
    const config = loadConfig({
      BV_RESULTS_S3_BUCKET: 'bv-results',
      BV_RESULTS_S3_ENDPOINT: 'http://10.0.0.5:9000',
      AWS_ACCESS_KEY_ID: 'bv-results-writer',
      AWS_SECRET_ACCESS_KEY_FILE: secretFile('s3', 's3-secret-from-a-file\n'),
    });
    expect(config.resultsS3?.credentials).toEqual({ accessKeyId: 'bv-results-writer', secretAccessKey: 's3-secret-from-a-file' });
  });

  it('refuses a file that cannot be read, naming the variable and the path', () => {
    const missing = path.join(dir, 'no-such-file');
    expect(() => loadConfig({ BV_ADMIN_TOKEN_FILE: missing })).toThrow(`BV_ADMIN_TOKEN_FILE: cannot read ${missing} (ENOENT)`);
    expect(() => loadConfig({ REDIS_URL: 'redis://redis:6379', REDIS_PASSWORD_FILE: dir })).toThrow(/REDIS_PASSWORD_FILE: cannot read .* \(EISDIR\)/);
  });

  it('refuses an empty file and a token too short, and never shows the contents', () => {
    expect(() => loadConfig({ BV_ADMIN_TOKEN_FILE: secretFile('blank', ' \n') })).toThrow(/BV_ADMIN_TOKEN_FILE: .* is empty/);
    const short = secretFile('short', 'short-secret\n');
    let message = '';
    try {
      loadConfig({ BV_ADMIN_TOKEN_FILE: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`BV_ADMIN_TOKEN_FILE (the contents of ${short}): must be at least 16 characters`);
    expect(message).not.toContain('short-secret');
  });

  it('refuses the variable and its _FILE both set: one of them would be ignored', () => {
    expect(() => loadConfig({ BV_ADMIN_TOKEN: 'x'.repeat(20), BV_ADMIN_TOKEN_FILE: secretFile('both', 'y'.repeat(20)) })).toThrow(
      'BV_ADMIN_TOKEN_FILE: set either BV_ADMIN_TOKEN or BV_ADMIN_TOKEN_FILE, not both',
    );
  });

  it('applies the same rules to a value from a file as to one from the environment', () => {
    // The private redis-server has a password of its own: a file for it is as wrong as the variable.
    expect(() => loadConfig({ REDIS_PASSWORD_FILE: secretFile('alone', 'pw') })).toThrow(/REDIS_PASSWORD: only used with REDIS_URL or REDIS_SENTINELS/);
  });
});

describe('BV_FIRST_START_ACCOUNT', () => {
  it('is on by default and turned off with false', () => {
    expect(loadConfig({}).firstStartAccount).toBe(true);
    expect(loadConfig({ BV_FIRST_START_ACCOUNT: 'false' }).firstStartAccount).toBe(false);
    expect(() => loadConfig({ BV_FIRST_START_ACCOUNT: 'later' })).toThrow(/BV_FIRST_START_ACCOUNT: must be true or false/);
  });
});
