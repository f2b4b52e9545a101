import { describe, expect, it } from 'vitest';
import { checkInvoice } from '../../src/domain/itc/check-invoice.js';
import { codes, filedOn, filedOnTime, supplier, without } from './itc-support.js';

const inv = (date: string, extra: { availedIn?: string; taxPaise?: number } = {}) => ({ number: 'INV-7', date, taxPaise: 5_400_00, ...extra });

describe('ITC check: GSTR-1 for the invoice\'s period (s.16(2)(aa))', () => {
  const noGstr1 = supplier({ filings: without(filedOnTime('2022-04', '2026-10'), '2025-04', 'GSTR1') });

  it('is not yet at risk on the due date (11th of the next month for a monthly filer)', () => {
    const result = checkInvoice(noGstr1, inv('2025-04-15'), '2025-05-11');
    expect(result.verdict).toBe('eligible');
    expect(codes(result)).toEqual(['returns_not_yet_due']);
    expect(result.reasons[0]!.message).toContain('GSTR-1 (due 11 May 2025)');
  });

  it('is at risk from the day after the due date', () => {
    const result = checkInvoice(noGstr1, inv('2025-04-15'), '2025-05-12');
    expect(result.verdict).toBe('at_risk');
    // GSTR-3B (due the 20th) is not yet filed either, and not yet due.
    expect(codes(result)).toEqual(['gstr1_not_filed', 'returns_not_yet_due']);
    expect(result.reasons[0]).toMatchObject({ severity: 'warning', rule: 'CGST Act s.16(2)(aa)' });
    expect(result.reasons[0]!.message).toContain('it must be filed by 11 Nov 2026 for the credit to be taken in time; take it once the invoice shows in your GSTR-2B, by 30 Nov 2026');
    expect(result.reverseBy).toBeNull();
    expect(result.taxAtRiskPaise).toBe(5_400_00);
  });

  it('says so when the time limit to take the credit has passed meanwhile', () => {
    const result = checkInvoice(noGstr1, inv('2025-04-15'), '2026-12-01');
    expect(result.reasons[0]!.message).toContain('the time limit to take the credit, 30 Nov 2026, has passed');
  });

  it('informs, without changing the verdict, when GSTR-1 was filed late', () => {
    const late = supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2025-04', 'GSTR1', '2025-06-02') });
    const result = checkInvoice(late, inv('2025-04-15'), '2025-08-01');
    expect(result.verdict).toBe('eligible');
    expect(codes(result)).toEqual(['gstr1_filed_late']);
  });

  it('does not count a filing dated after today (data ahead of a moved sandbox clock)', () => {
    const future = supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2025-04', 'GSTR1', '2025-09-01') });
    expect(codes(checkInvoice(future, inv('2025-04-15'), '2025-08-01'))).toEqual(['gstr1_not_filed']);
  });

  it('counts a return reported twice from its first filing', () => {
    const twice = supplier({ filings: [...filedOnTime('2022-04', '2026-10'), { period: '2025-04', returnType: 'GSTR1', filedOn: '2025-07-01' }] });
    expect(checkInvoice(twice, inv('2025-04-15'), '2025-08-01').reasons).toEqual([]);
  });
});

describe('ITC check: GSTR-3B for the invoice\'s period (s.16(2)(c)) and r.37A', () => {
  // Invoice of May 2024 (FY 2024-25); the supplier reported it in GSTR-1 but never filed GSTR-3B for May 2024.
  const no3b = supplier({ filings: without(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR3B') });

  it('is not yet at risk on the 20th of the next month, and at risk from the 21st', () => {
    expect(codes(checkInvoice(no3b, inv('2024-05-10'), '2024-06-20'))).toEqual(['returns_not_yet_due']);
    const result = checkInvoice(no3b, inv('2024-05-10'), '2024-06-21');
    expect(result.verdict).toBe('at_risk');
    expect(codes(result)).toEqual(['gstr3b_not_filed']);
    expect(result.reasons[0]!.rule).toBe('CGST Act s.16(2)(c)');
  });

  it('gives the r.37A reversal date while the 3B is missing, before the 30 September test', () => {
    const result = checkInvoice(no3b, inv('2024-05-10'), '2025-09-30');
    expect(result.verdict).toBe('at_risk');
    expect(result.reverseBy).toBe('2025-11-30');
    expect(result.reasons[0]!.message).toContain('still not filed on 30 Sep 2025');
  });

  it('asks for reversal from 1 October when the 3B was still missing on 30 September', () => {
    const result = checkInvoice(no3b, inv('2024-05-10'), '2025-10-01');
    expect(result.verdict).toBe('reverse');
    expect(codes(result)).toEqual(['rule_37a_reversal', 'gstr3b_not_filed']);
    expect(result.reasons[0]).toMatchObject({ severity: 'critical', rule: 'CGST Rules r.37A' });
    expect(result.reverseBy).toBe('2025-11-30');
    expect(result.taxAtRiskPaise).toBe(5_400_00);
  });

  it('says to reverse by 30 November on that day, and that the reversal is overdue with interest from 1 December', () => {
    const onTheDay = checkInvoice(no3b, inv('2024-05-10'), '2025-11-30');
    expect(onTheDay.verdict).toBe('reverse');
    expect(onTheDay.reasons[0]!.message).toContain('on or before 30 Nov 2025');
    const after = checkInvoice(no3b, inv('2024-05-10'), '2025-12-01');
    expect(after.verdict).toBe('reverse');
    expect(after.reasons[0]!.message).toMatch(/was due by 30 Nov 2025: reverse it now; interest/);
    expect(codes(after)).toEqual(['rule_37a_reversal', 'gstr3b_not_filed', 'claim_window_closed']);
  });

  it('counts the year the credit was taken in (availed_in), not the invoice\'s year', () => {
    // Credit for the May 2024 invoice taken in the April 2025 return (FY 2025-26): tested 30 Sep 2026.
    const result = checkInvoice(no3b, inv('2024-05-10', { availedIn: '2025-04' }), '2025-10-01');
    expect(result.verdict).toBe('at_risk');
    expect(result.reverseBy).toBe('2026-11-30');
    expect(checkInvoice(no3b, inv('2024-05-10', { availedIn: '2025-04' }), '2026-10-01').verdict).toBe('reverse');
  });

  it('takes an invoice of 31 March into that year\'s test and one of 1 April into the next year\'s', () => {
    const filings = without(without(filedOnTime('2022-04', '2026-10'), '2025-03', 'GSTR3B'), '2025-04', 'GSTR3B');
    const s = supplier({ filings });
    expect(checkInvoice(s, inv('2025-03-31'), '2025-10-01')).toMatchObject({ verdict: 'reverse', reverseBy: '2025-11-30' });
    expect(checkInvoice(s, inv('2025-04-01'), '2025-10-01')).toMatchObject({ verdict: 'at_risk', reverseBy: '2026-11-30' });
  });

  it('does not apply r.37A to credit taken before FY 2022-23', () => {
    const old = supplier({ filings: without(filedOnTime('2021-04', '2026-10'), '2021-06', 'GSTR3B'), filingsFrom: '2021-04' });
    const result = checkInvoice(old, inv('2021-06-10'), '2025-10-01');
    expect(result.verdict).toBe('at_risk');
    expect(result.reverseBy).toBeNull();
    expect(codes(result)).toEqual(['gstr3b_not_filed', 'claim_window_closed']);
  });

  it('still asks for reversal when GSTR-1 is missing too, citing s.16(2)(aa) beside r.37A', () => {
    const neither = supplier({ filings: without(without(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR3B'), '2024-05', 'GSTR1') });
    const result = checkInvoice(neither, inv('2024-05-10'), '2025-10-01');
    expect(result.verdict).toBe('reverse');
    expect(codes(result)).toEqual(['rule_37a_reversal', 'gstr1_not_filed', 'gstr3b_not_filed']);
    expect(result.reasons[0]!.rule).toBe('CGST Rules r.37A; CGST Act s.16(2)(aa)');
  });

  it('informs that the credit may be taken again when the supplier filed after the 30 September test', () => {
    const lateFiler = supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR3B', '2025-10-01') });
    const result = checkInvoice(lateFiler, inv('2024-05-10'), '2025-10-15');
    expect(result.verdict).toBe('eligible');
    expect(codes(result)).toEqual(['gstr3b_filed_late', 'reavail_after_filing']);
    expect(result.reverseBy).toBeNull();
  });

  it('needs no re-availing when the supplier filed late but on 30 September itself', () => {
    const justInTime = supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR3B', '2025-09-30') });
    expect(codes(checkInvoice(justInTime, inv('2024-05-10'), '2025-10-15'))).toEqual(['gstr3b_filed_late']);
  });
});

describe('ITC check: quarterly (QRMP) filers', () => {
  const quarterly = (filings = filedOnTime('2022-06', '2026-09', 'quarterly')) => supplier({ filingFrequency: 'quarterly', filings });

  it('checks an April invoice against the April–June quarter\'s returns, due on the 13th and 22nd of July', () => {
    const none = quarterly(without(without(filedOnTime('2022-06', '2026-09', 'quarterly'), '2025-06', 'GSTR1'), '2025-06', 'GSTR3B'));
    const onThe13th = checkInvoice(none, inv('2025-04-15'), '2025-07-13');
    expect(onThe13th).toMatchObject({ period: '2025-06', verdict: 'eligible' });
    expect(onThe13th.reasons[0]!.message).toContain('GSTR-1 (due 13 Jul 2025) and GSTR-3B (due 22 Jul 2025) for the quarter Apr–Jun 2025 are not yet due');
    expect(codes(checkInvoice(none, inv('2025-04-15'), '2025-07-14'))).toEqual(['gstr1_not_filed', 'returns_not_yet_due']);
    expect(codes(checkInvoice(none, inv('2025-04-15'), '2025-07-23'))).toEqual(['gstr1_not_filed', 'gstr3b_not_filed']);
  });

  it('finds a quarterly filer\'s returns under the quarter\'s last month', () => {
    expect(checkInvoice(quarterly(), inv('2025-04-15'), '2025-08-01')).toMatchObject({ period: '2025-06', verdict: 'eligible', reasons: [] });
  });

  it('maps 29 February 2024 to the January–March 2024 quarter', () => {
    const none = quarterly(without(filedOnTime('2022-06', '2026-09', 'quarterly'), '2024-03', 'GSTR3B'));
    const result = checkInvoice(none, inv('2024-02-29'), '2024-10-01');
    expect(result).toMatchObject({ period: '2024-03', verdict: 'reverse', reverseBy: '2024-11-30' });
  });
});

describe('ITC check: where the filing data does not reach', () => {
  it('says unknown for an invoice whose period is older than the data, and checks the first period it covers', () => {
    const s = supplier({ filingsFrom: '2023-04', filings: filedOnTime('2023-04', '2026-10') });
    const older = checkInvoice(s, inv('2023-03-31'), '2023-11-01');
    expect(older.verdict).toBe('unknown');
    // 1 November 2023: its limit, 30 November 2023, is within 30 days.
    expect(codes(older)).toEqual(['filing_data_not_available', 'claim_window_closing']);
    expect(older.reverseBy).toBeNull();
    expect(older.taxAtRiskPaise).toBe(0);
    expect(checkInvoice(s, inv('2023-04-01'), '2023-11-01')).toMatchObject({ verdict: 'eligible', reasons: [] });
  });

  it('lets a registration rule decide over missing data', () => {
    const s = supplier({ filingsFrom: '2023-04', registrationDate: '2023-04-01' });
    expect(checkInvoice(s, inv('2023-03-31'), '2023-11-01').verdict).toBe('blocked');
  });

  it('covers a quarter whose last month the data reaches', () => {
    const s = supplier({ filingFrequency: 'quarterly', filingsFrom: '2023-05', filings: filedOnTime('2023-06', '2026-09', 'quarterly') });
    expect(checkInvoice(s, inv('2023-04-01'), '2023-11-01').verdict).toBe('eligible');
  });
});
