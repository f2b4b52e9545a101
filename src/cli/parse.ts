import { InvalidArgumentError } from 'commander';

/** Commander argument parsers: a bad value is a usage error (exit 2) naming the option. */
export function positiveInt(option: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`${option} must be a whole number of at least 1`);
    return n;
  };
}

/**
 * Rupees written as digits with at most 2 decimals. Not Number(): it reads 0x10 as 16 and 1e1
 * as 10, so an operator's typo would credit real money.
 */
export function amountInr(option: string): (value: string) => number {
  return (value) => {
    const written = value.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(written)) throw new InvalidArgumentError(`${option} must be an amount in rupees, like 500 or 99.50`);
    return Number(written);
  };
}

export function wholeDays(option: string): (value: string) => number {
  return (value) => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`${option} must be a whole number of days`);
    return Number(value);
  };
}
