import { describe, expect, it } from 'vitest';
import { claimDeadline, fyLabel, fyStartYear, lastPeriodToClaim, rule37aDates } from '../../src/domain/itc/financial-year.js';
import { invoicePeriod, periodsNeeded } from '../../src/domain/itc/return-period.js';

describe('ITC check: financial years', () => {
  it('puts 31 March in the financial year that ends then and 1 April in the next', () => {
    expect(fyStartYear('2025-03-31')).toBe(2024);
    expect(fyStartYear('2025-04-01')).toBe(2025);
    expect(fyStartYear('2025-03')).toBe(2024);
    expect(fyLabel(2024)).toBe('2024-25');
    expect(fyLabel(2099)).toBe('2099-00');
  });

  it('counts 29 February 2024 in FY 2023-24', () => {
    expect(fyStartYear('2024-02-29')).toBe(2023);
  });
});

describe('ITC check: the s.16(4) claim deadline', () => {
  it('is 30 November after the end of the invoice\'s financial year, on both sides of 31 March / 1 April', () => {
    expect(claimDeadline('2025-03-31')).toEqual({ claimBy: '2025-11-30', rule: 'CGST Act s.16(4)' });
    expect(claimDeadline('2025-04-01')).toEqual({ claimBy: '2026-11-30', rule: 'CGST Act s.16(4)' });
  });

  it('reaches FY 2021-22, whose old limit (20 October 2022) had not passed when the 30 November rule took effect', () => {
    expect(claimDeadline('2021-04-01').claimBy).toBe('2022-11-30');
  });

  it('is 30 November 2021 for invoices of FY 2017-18 to 2020-21 (s.16(5))', () => {
    expect(claimDeadline('2017-07-01')).toEqual({ claimBy: '2021-11-30', rule: 'CGST Act s.16(5)' });
    expect(claimDeadline('2021-03-31')).toEqual({ claimBy: '2021-11-30', rule: 'CGST Act s.16(5)' });
  });

  it('can be met by October\'s return at the latest: November\'s is filed in December', () => {
    expect(lastPeriodToClaim('2025-11-30')).toBe('2025-10');
  });
});

describe('ITC check: r.37A dates', () => {
  it('test on 30 September and reverse by 30 November after the end of the year the credit was taken in', () => {
    expect(rule37aDates('2024-05')).toEqual({ fileBy: '2025-09-30', reverseBy: '2025-11-30', fy: 2024 });
    expect(rule37aDates('2025-03-31')).toEqual({ fileBy: '2025-09-30', reverseBy: '2025-11-30', fy: 2024 });
    expect(rule37aDates('2025-04-01')).toEqual({ fileBy: '2026-09-30', reverseBy: '2026-11-30', fy: 2025 });
  });

  it('do not reach credit taken before FY 2022-23, the first year the rule (26 Dec 2022) was applied to', () => {
    expect(rule37aDates('2022-03')).toBeNull();
    expect(rule37aDates('2022-04')).not.toBeNull();
  });
});

describe('ITC check: return periods', () => {
  it('keeps a monthly filer\'s invoice in its own month', () => {
    expect(invoicePeriod('2025-04-15', 'monthly')).toBe('2025-04');
  });

  it('maps a quarterly filer\'s invoice to its quarter\'s last month', () => {
    expect(['2025-01-01', '2025-02-28', '2025-03-31'].map((d) => invoicePeriod(d, 'quarterly'))).toEqual(['2025-03', '2025-03', '2025-03']);
    expect(['2025-04-01', '2025-05-31', '2025-06-30'].map((d) => invoicePeriod(d, 'quarterly'))).toEqual(['2025-06', '2025-06', '2025-06']);
    expect(invoicePeriod('2025-10-01', 'quarterly')).toBe('2025-12');
    expect(invoicePeriod('2024-02-29', 'quarterly')).toBe('2024-03');
  });

  it('asks for the filings from the earliest invoice\'s period to the latest\'s, whatever the order given', () => {
    const invoices = [{ number: 'B', date: '2025-05-02' }, { number: 'A', date: '2024-11-20' }, { number: 'C', date: '2025-01-31' }];
    expect(periodsNeeded(invoices, 'monthly')).toEqual({ from: '2024-11', to: '2025-05' });
    expect(periodsNeeded(invoices, 'quarterly')).toEqual({ from: '2024-12', to: '2025-06' });
  });

  it('refuses an empty list rather than invent a range', () => {
    expect(() => periodsNeeded([], 'monthly')).toThrow(/at least one invoice/);
  });
});
