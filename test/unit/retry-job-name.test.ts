import { describe, expect, it } from 'vitest';
import { retryJobName } from '../../src/bulk/retry-job.js';

describe('retryJobName', () => {
  it('counts retries instead of repeating the suffix', () => {
    expect(retryJobName('vendors')).toBe('vendors (retry of failed rows)');
    expect(retryJobName('vendors (retry of failed rows)')).toBe('vendors (retry 2 of failed rows)');
    expect(retryJobName('vendors (retry 2 of failed rows)')).toBe('vendors (retry 3 of failed rows)');
    // Names made before the count: each repeated suffix counts once.
    expect(retryJobName('vendors (retry of failed rows) (retry of failed rows)')).toBe('vendors (retry 3 of failed rows)');
    // Only the suffix: a name that merely mentions a retry is a name.
    expect(retryJobName('retry of failed rows list')).toBe('retry of failed rows list (retry of failed rows)');
  });

  it('keeps the suffix within the 200 characters a name may have', () => {
    const name = retryJobName(`${'x'.repeat(200)}`);
    expect(name).toHaveLength(200);
    expect(name.endsWith(' (retry of failed rows)')).toBe(true);
  });
});
