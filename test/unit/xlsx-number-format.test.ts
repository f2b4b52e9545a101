import { describe, expect, it } from 'vitest';
import { builtInFormat, formatNumber } from '../../src/bulk/intake/xlsx-number-format.js';

describe('a number cell as Excel shows it', () => {
  it.each([
    [1234567, 'General', '1234567'],
    [0.1 + 0.2, 'General', '0.3'],
    [123456789012, 'General', '123456789012'],
    [1234567, '00000000', '01234567'],
    [411001, '000000', '411001'],
    [1234.5, '0', '1235'],
    [1234.5, '0.00', '1234.50'],
    [1234567.891, '#,##0.00', '1,234,567.89'],
    [-1234.5, '#,##0.00;(#,##0.00)', '(1,234.50)'],
    [-5, '0', '-5'],
    [0.125, '0.0%', '12.5%'],
    [12345, '0.00E+00', '1.23E+04'],
    [1500, '[$₹-4009] #,##0', '₹ 1,500'],
    [42, '"Qty "0', 'Qty 42'],
    [46249, 'dd-mm-yyyy', '15-08-2026'],
    [46249, 'd-mmm-yy', '15-Aug-26'],
    [46249, 'dddd, mmmm d, yyyy', 'Saturday, August 15, 2026'],
    [46249.75, 'h:mm AM/PM', '6:00 PM'],
    [46249.5, 'yyyy-mm-dd hh:mm:ss', '2026-08-15 12:00:00'],
    [0.5, '[h]:mm', '12:00'],
    [5, '[>=100]0;0.0', '5'],
  ])('%s with %s shows %s', (value, code, shown) => {
    expect(formatNumber(value, code)).toBe(shown);
  });

  it('reads the built-in ids, date 14 day first as an Indian Excel shows it, and the 1904 date system', () => {
    expect(formatNumber(46249, builtInFormat(14))).toBe('15-08-2026');
    expect(formatNumber(1, 'yyyy-mm-dd', true)).toBe('1904-01-02');
    expect(builtInFormat(300)).toBe('General');
  });
});
