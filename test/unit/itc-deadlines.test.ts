import { describe, expect, it } from 'vitest';
import { checkInvoice, checkInvoices } from '../../src/domain/itc/check-invoice.js';
import { gstr2bPeriod, lastGstr1DateForClaim } from '../../src/domain/itc/financial-year.js';
import { duplicateInvoices } from '../../src/domain/itc/input.js';
import { codes, filedOn, filedOnTime, supplier, without } from './itc-support.js';

// An invoice of FY 2024-25: claim_by 30 Nov 2025, the last return October 2025's, whose GSTR-2B holds
// GSTR-1s filed up to 11 Nov 2025 (CGST Rules r.60(7)).
const inv = (availedIn?: string) => ({ number: 'D-1', date: '2024-09-12', taxPaise: 1_800_00, ...(availedIn === undefined ? {} : { availedIn }) });
const gstr1On = (on: string) => supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2024-09', 'GSTR1', on) });
const message = (r: ReturnType<typeof checkInvoice>, code: string) => r.reasons.find((x) => x.code === code)?.message ?? '';

describe('ITC check: a GSTR-1 filed too late for the s.16(4) limit', () => {
  it('maps a filing to the GSTR-2B it reaches: up to the 11th (13th for a quarterly supplier) the previous month, after it its own, never before the invoice period', () => {
    expect(gstr2bPeriod('2025-11-11', '2024-09', 'monthly')).toBe('2025-10');
    expect(gstr2bPeriod('2025-11-12', '2024-09', 'monthly')).toBe('2025-11');
    expect(gstr2bPeriod('2025-11-13', '2024-09', 'quarterly')).toBe('2025-10');
    expect(gstr2bPeriod('2025-11-14', '2024-09', 'quarterly')).toBe('2025-11');
    expect(gstr2bPeriod('2024-10-05', '2024-10', 'monthly')).toBe('2024-10');
    expect(lastGstr1DateForClaim('2025-11-30', 'monthly')).toBe('2025-11-11');
    expect(lastGstr1DateForClaim('2025-11-30', 'quarterly')).toBe('2025-11-13');
  });

  it('on 11 November (October\'s GSTR-2B) is late but in time: the credit can be taken in that return', () => {
    const result = checkInvoice(gstr1On('2025-11-11'), inv(), '2025-12-05');
    expect(result.verdict).toBe('eligible');
    expect(codes(result)).toEqual(['gstr1_filed_late', 'claim_window_closed']);
    expect(message(result, 'gstr1_filed_late')).toContain('reached your GSTR-2B for Oct 2025');
  });

  it('on 12 November (November\'s GSTR-2B, filed after the limit) is at risk, critical, and never "met" or "it stands"', () => {
    const result = checkInvoice(gstr1On('2025-11-12'), inv(), '2025-12-05');
    expect(result.verdict).toBe('at_risk');
    expect(codes(result)).toEqual(['gstr1_filed_after_time_limit']);
    expect(result.reasons[0]).toMatchObject({ severity: 'critical', rule: 'CGST Act s.16(4), s.16(2)(aa); CGST Rules r.36(4), r.60(7)' });
    expect(result.reasons[0]!.message).toContain('GSTR-2B for Nov 2025');
    expect(result.reasons[0]!.message).toContain('needs the invoice in GSTR-1 by 11 Nov 2025');
    expect(JSON.stringify(result.reasons)).not.toMatch(/condition is met|it stands/);
    expect(result.taxAtRiskPaise).toBe(1_800_00);
  });

  it('says so before the limit has passed, when the filing came inside it but after 11 November (the finding\'s case)', () => {
    const s = supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2025-08', 'GSTR1', '2026-11-21') });
    const result = checkInvoice(s, { number: 'F', date: '2025-08-15' }, '2026-11-27');
    expect(result.verdict).toBe('at_risk');
    expect(codes(result)).toEqual(['gstr1_filed_after_time_limit']);
  });

  it('for a quarterly supplier: 13 November is in time, the 14th is not; the IFF caveat only for the quarter\'s first or second month', () => {
    const q = (on: string) => supplier({ filingFrequency: 'quarterly', filings: filedOn(filedOnTime('2022-06', '2026-09', 'quarterly'), '2024-09', 'GSTR1', on) });
    expect(codes(checkInvoice(q('2025-11-13'), { number: 'Q', date: '2024-09-10' }, '2026-01-10'))).toEqual(['gstr1_filed_late', 'claim_window_closed']);
    expect(codes(checkInvoice(q('2025-11-14'), { number: 'Q', date: '2024-09-10' }, '2026-01-10'))).toEqual(['gstr1_filed_after_time_limit']);
    expect(message(checkInvoice(q('2025-12-01'), { number: 'Q', date: '2024-07-10' }, '2026-01-10'), 'gstr1_filed_after_time_limit')).toContain('IFF');
    expect(message(checkInvoice(q('2025-12-01'), { number: 'Q', date: '2024-09-10' }, '2026-01-10'), 'gstr1_filed_after_time_limit')).not.toContain('IFF');
  });

  it('does not apply to windows that closed before s.16(2)(aa) (1 January 2022): r.36(4) then only capped the credit', () => {
    const old = supplier({ filingsFrom: '2017-07', registrationDate: '2017-07-01', filings: [{ period: '2020-06', returnType: 'GSTR1', filedOn: '2022-03-01' }, { period: '2020-06', returnType: 'GSTR3B', filedOn: '2020-07-20' }] });
    expect(codes(checkInvoice(old, { number: 'O', date: '2020-06-10' }, '2026-01-10'))).not.toContain('gstr1_filed_after_time_limit');
  });

  it('with GSTR-1 still missing: until 11 November gives the date to file by; from the 12th says it can no longer be taken in time; after the limit, that it has passed', () => {
    const none = supplier({ filings: without(filedOnTime('2022-04', '2026-10'), '2024-09', 'GSTR1') });
    expect(message(checkInvoice(none, inv(), '2025-11-11'), 'gstr1_not_filed')).toContain('it must be filed by 11 Nov 2025');
    const lastDays = message(checkInvoice(none, inv(), '2025-11-12'), 'gstr1_not_filed');
    expect(lastDays).toContain('can no longer be taken in time');
    expect(lastDays).not.toContain('take it once');
    const after = message(checkInvoice(none, inv(), '2025-12-01'), 'gstr1_not_filed');
    expect(after).toContain('has passed, so it can no longer be taken even if the supplier files now');
    expect(after).not.toMatch(/take it once|must be filed by/);
  });
});

describe('ITC check: messages that do not go stale', () => {
  // FY 2024-25 credit: r.37A's test date 30 Sep 2025, reversal by 30 Nov 2025.
  const no3b = supplier({ filings: without(filedOnTime('2022-04', '2026-10'), '2024-09', 'GSTR3B') });

  it('says "If it is still not filed on 30 Sep 2025" up to that day, and not from the day after, when rule_37a_reversal speaks', () => {
    const onTheDay = checkInvoice(no3b, inv(), '2025-09-30');
    expect(message(onTheDay, 'gstr3b_not_filed')).toContain('If it is still not filed on 30 Sep 2025');
    expect(codes(onTheDay)).not.toContain('rule_37a_reversal');
    const after = checkInvoice(no3b, inv(), '2025-10-01');
    expect(message(after, 'gstr3b_not_filed')).not.toContain('If it is still not filed');
    expect(codes(after)).toContain('rule_37a_reversal');
  });

  it('states the year of availment as fact when availed_in is given', () => {
    const told = checkInvoice(no3b, inv('2024-10'), '2025-10-01');
    expect(message(told, 'rule_37a_reversal')).toContain('You took this credit in FY 2024-25 (in the return for Oct 2024)');
    expect(message(told, 'rule_37a_reversal')).not.toContain('If you took');
    expect(message(checkInvoice(no3b, inv('2024-10'), '2025-09-01'), 'gstr3b_not_filed')).toContain('the credit you took in FY 2024-25 (in the return for Oct 2024) must be reversed');
    expect(message(checkInvoice(no3b, inv(), '2025-10-01'), 'rule_37a_reversal')).toContain('If you took this credit in FY 2024-25');
  });

  it('says a reversal after a late GSTR-3B "must be" made up to 30 November and "had to be" from 1 December', () => {
    const late3b = supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2024-09', 'GSTR3B', '2025-10-15') });
    expect(message(checkInvoice(late3b, inv(), '2025-11-30'), 'reavail_after_filing')).toContain('credit taken in FY 2024-25 must be reversed by 30 Nov 2025');
    expect(message(checkInvoice(late3b, inv(), '2025-12-01'), 'reavail_after_filing')).toContain('credit taken in FY 2024-25 had to be reversed by 30 Nov 2025');
  });
});

describe('ITC check: urgency', () => {
  it('warns when claim_by is 30 days ahead, not 31', () => {
    const at30 = checkInvoice(supplier(), inv(), '2025-10-31');
    expect(codes(at30)).toEqual(['claim_window_closing']);
    expect(at30.reasons[0]).toMatchObject({ severity: 'warning', rule: 'CGST Act s.16(4)' });
    expect(at30.reasons[0]!.message).toContain('30 Nov 2025, in 30 days');
    expect(at30.reasons[0]!.message).toContain('return for Oct 2025 or earlier');
    expect(at30.verdict).toBe('eligible');
    expect(codes(checkInvoice(supplier(), inv(), '2025-10-30'))).toEqual([]);
  });

  it('says nothing when availed_in is given (the credit is taken) or the credit is blocked', () => {
    expect(codes(checkInvoice(supplier(), inv('2024-10'), '2025-11-15'))).toEqual([]);
    expect(codes(checkInvoice(supplier({ taxpayerType: 'Composition' }), inv(), '2025-11-15'))).toEqual(['composition_supplier']);
  });

  it('gives next_deadline, the first date not yet passed, beside earliest_deadline, which may be a passed reversal', () => {
    // A FY 2023-24 credit whose reversal was due 30 Nov 2024 (passed), and an FY 2025-26 invoice whose claim_by is 30 Nov 2026.
    const s = supplier({ filings: without(filedOnTime('2022-04', '2026-10'), '2023-06', 'GSTR3B') });
    const { totals } = checkInvoices(s, [{ number: 'A', date: '2023-06-10' }, { number: 'B', date: '2025-06-10' }], '2026-11-27');
    expect(totals.earliestDeadline).toBe('2024-11-30');
    expect(totals.nextDeadline).toBe('2026-11-30');
    expect(checkInvoices(s, [{ number: 'A', date: '2023-06-10' }], '2026-11-27').totals.nextDeadline).toBeNull();
  });
});

describe('ITC check: the same invoice twice', () => {
  it('pairs a number repeated in one financial year (ignoring spaces), not one repeated in another year', () => {
    const invoices = [
      { number: 'A1', date: '2024-04-01' },
      { number: 'A1', date: '2025-03-31' },
      { number: ' A1 ', date: '2024-07-10' },
      { number: 'A1', date: '2025-04-01' },
    ];
    expect(duplicateInvoices(invoices)).toEqual([
      { first: 0, repeat: 1, fy: '2024-25' },
      { first: 0, repeat: 2, fy: '2024-25' },
    ]);
  });
});
