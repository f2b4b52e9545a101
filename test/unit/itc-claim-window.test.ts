import { describe, expect, it } from 'vitest';
import { checkInvoice } from '../../src/domain/itc/check-invoice.js';
import { codes, supplier } from './itc-support.js';

// An invoice of FY 2024-25 from a supplier who filed everything on time: only the buyer's timing matters.
const inv = (availedIn?: string) => ({ number: 'P-9', date: '2024-09-12', taxPaise: 90_00, ...(availedIn === undefined ? {} : { availedIn }) });

describe('ITC check: the s.16(4) time limit', () => {
  it('gives 30 November after the end of the invoice\'s year as claim_by, and on that day says it is the last', () => {
    const result = checkInvoice(supplier(), inv(), '2025-11-30');
    expect(result).toMatchObject({ verdict: 'eligible', claimBy: '2025-11-30' });
    expect(codes(result)).toEqual(['claim_window_closing']);
    expect(result.reasons[0]!.message).toContain('30 Nov 2025, today');
  });

  it('from 1 December, without availed_in, informs that the window closed but does not block: most buyers took the credit in time', () => {
    const result = checkInvoice(supplier(), inv(), '2025-12-01');
    expect(result.verdict).toBe('eligible');
    expect(codes(result)).toEqual(['claim_window_closed']);
    expect(result.reasons[0]).toMatchObject({ severity: 'info', rule: 'CGST Act s.16(4)' });
    expect(result.reasons[0]!.message).toMatch(/30 Nov 2025 \(or earlier, if you filed your annual return for FY 2024-25 before then\)/);
    expect(result.reasons[0]!.message).toContain('Oct 2025 or earlier');
    expect(result.taxAtRiskPaise).toBe(0);
  });

  it('accepts credit taken in October\'s return, the last one filed by 30 November', () => {
    expect(checkInvoice(supplier(), inv('2025-10'), '2026-01-10')).toMatchObject({ verdict: 'eligible', reasons: [] });
  });

  it('blocks credit taken in November\'s return, filed after 30 November', () => {
    const result = checkInvoice(supplier(), inv('2025-11'), '2026-01-10');
    expect(result.verdict).toBe('blocked');
    expect(codes(result)).toEqual(['claim_time_barred']);
    expect(result.reasons[0]).toMatchObject({ severity: 'critical', rule: 'CGST Act s.16(4)' });
    expect(result.claimBy).toBeNull();
    expect(result.taxAtRiskPaise).toBe(90_00);
  });

  it('blocks credit the buyer says was taken in November\'s return as soon as that return can exist', () => {
    // Checked on 5 Dec 2025: the November 2025 return is filed in December, after the limit.
    expect(checkInvoice(supplier(), inv('2025-11'), '2025-12-05').verdict).toBe('blocked');
  });

  it('applies s.16(5) to FY 2017-18 to 2020-21: returns filed up to 30 November 2021', () => {
    const old = supplier({ filingsFrom: '2017-07', filings: [], registrationDate: '2017-07-01' });
    const inTime = checkInvoice(old, { number: 'O-1', date: '2018-08-01', availedIn: '2021-10' }, '2026-01-10');
    expect(codes(inTime)).not.toContain('claim_time_barred');
    const late = checkInvoice(old, { number: 'O-1', date: '2018-08-01', availedIn: '2021-11' }, '2026-01-10');
    expect(late.verdict).toBe('blocked');
    expect(late.reasons[0]).toMatchObject({ code: 'claim_time_barred', rule: 'CGST Act s.16(5)' });
    expect(late.reasons[0]!.message).not.toContain('annual return');
  });

  it('cites r.36(4), not s.16(2)(aa), for a missing GSTR-1 of an invoice whose window closed before 1 January 2022', () => {
    const old = supplier({ filingsFrom: '2017-07', filings: [], registrationDate: '2017-07-01' });
    const result = checkInvoice(old, { number: 'O-2', date: '2020-06-01' }, '2026-01-10');
    expect(result.reasons.find((r) => r.code === 'gstr1_not_filed')!.rule).toBe('CGST Rules r.36(4)');
    const newer = checkInvoice(old, { number: 'O-3', date: '2021-06-01' }, '2026-01-10');
    expect(newer.reasons.find((r) => r.code === 'gstr1_not_filed')!.rule).toBe('CGST Act s.16(2)(aa)');
  });
});
