import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { amountInr } from '../../src/cli/parse.js';

describe('bv --amount-inr', () => {
  const parse = amountInr('--amount-inr');

  it.each([
    ['500', 500],
    ['99.50', 99.5],
    ['0.75', 0.75],
    [' 12.3 ', 12.3],
  ])('reads %j as ₹%d', (written, inr) => {
    expect(parse(written)).toBe(inr);
  });

  // Number() would read the first two as 16 and 10: a typo must not become a credit.
  it.each(['0x10', '1e1', '1.005', '-5', '', '5,00', '₹5', 'Infinity', '.5'])('refuses %j naming the option', (written) => {
    expect(() => parse(written)).toThrow(InvalidArgumentError);
    expect(() => parse(written)).toThrow('--amount-inr must be an amount in rupees, like 500 or 99.50');
  });
});
