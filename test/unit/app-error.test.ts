import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOGUE } from '../../src/errors.js';

describe('AppError', () => {
  it('takes its status and retryability from the catalogue', () => {
    const error = new AppError('RATE_LIMITED', 'slow down');
    expect(error).toMatchObject({ name: 'AppError', code: 'RATE_LIMITED', status: 429, retryable: true, message: 'slow down' });
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps the stack of a 5xx, skips capturing one for a 4xx, and leaves the stack limit as it was', () => {
    const limit = Error.stackTraceLimit;
    for (const code of Object.keys(ERROR_CATALOGUE) as (keyof typeof ERROR_CATALOGUE)[]) {
      const error = new AppError(code, 'm');
      const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).length;
      if (ERROR_CATALOGUE[code].status >= 500) expect(frames, code).toBeGreaterThan(0);
      else expect(frames, code).toBe(0);
      expect(Error.stackTraceLimit).toBe(limit);
    }
    expect(new Error('plain').stack).toMatch(/\n\s+at /);
  });
});
