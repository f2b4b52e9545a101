import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { formatBytes } from '../../src/bulk/quota-refusal.js';

describe('the bulk quota settings', () => {
  it('default to 20 unfinished jobs and 10 GiB of stored job files per account; 0 turns a cap off', () => {
    expect(loadConfig({}).bulk).toMatchObject({ maxOpenJobsPerAccount: 20, maxResultBytesPerAccount: 10 * 1024 ** 3 });
    expect(loadConfig({ BV_MAX_OPEN_JOBS_PER_ACCOUNT: '0', BV_MAX_RESULT_BYTES_PER_ACCOUNT: '0' }).bulk).toMatchObject({ maxOpenJobsPerAccount: 0, maxResultBytesPerAccount: 0 });
  });

  it('refuse a negative, fractional or non-numeric value naming the variable', () => {
    expect(() => loadConfig({ BV_MAX_OPEN_JOBS_PER_ACCOUNT: '-1' })).toThrow(/BV_MAX_OPEN_JOBS_PER_ACCOUNT/);
    expect(() => loadConfig({ BV_MAX_OPEN_JOBS_PER_ACCOUNT: '2.5' })).toThrow(/BV_MAX_OPEN_JOBS_PER_ACCOUNT/);
    expect(() => loadConfig({ BV_MAX_RESULT_BYTES_PER_ACCOUNT: '10GB' })).toThrow(/BV_MAX_RESULT_BYTES_PER_ACCOUNT/);
  });
});

describe('a quota refusal', () => {
  it('gives sizes readably and exactly', () => {
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1_500_000_000)).toBe('1.5 GB (1,500,000,000 bytes)');
  });
});
