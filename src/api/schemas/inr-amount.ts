import { z } from 'zod';

/**
 * Judged on the number as written (JavaScript prints a JSON number back as its shortest exact
 * form), not on `inr * 100` with a tolerance: that let 1.0000000001 through as ₹1.00. A number
 * printed with an exponent has no fraction part unless it is below 1e-6.
 */
function hasAtMostTwoDecimals(inr: number): boolean {
  const written = String(inr);
  if (written.includes('e')) return Number.isInteger(inr);
  const dot = written.indexOf('.');
  return dot === -1 || written.length - dot - 1 <= 2;
}

/** An INR amount with at most 2 decimals, parsed to whole paise (the request schemas rename it). */
export function inrAmount(min: number, max: number) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(hasAtMostTwoDecimals, 'must have at most 2 decimals')
    .transform((inr) => Math.round(inr * 100));
}
