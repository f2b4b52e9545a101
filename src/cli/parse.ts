import { InvalidArgumentError } from 'commander';

/** Commander argument parsers: a bad value is a usage error (exit 2) naming the option. */
export function positiveInt(option: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`${option} must be a whole number of at least 1`);
    return n;
  };
}

export function amountInr(option: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`${option} must be an amount in rupees, like 500 or 99.50`);
    return n;
  };
}

export function wholeDays(option: string): (value: string) => number {
  return (value) => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`${option} must be a whole number of days`);
    return Number(value);
  };
}
