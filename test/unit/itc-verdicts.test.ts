import { describe, expect, it } from 'vitest';
import { checkInvoice, checkInvoices, periodsNeeded, worstVerdict } from '../../src/domain/itc/check-invoice.js';
import { itcInvoiceProblems } from '../../src/domain/itc/input.js';
import { REASON_CATALOGUE, REASON_CODES } from '../../src/domain/itc/reasons.js';
import type { ItcInvoice, ItcInvoiceResult, ItcVerdict, SupplierFacts } from '../../src/domain/itc/types.js';
import { filedOn, filedOnTime, supplier, without } from './itc-support.js';

describe('worstVerdict', () => {
  it('ranks blocked > reverse > at_risk > unknown > eligible, whatever the order given', () => {
    const order: ItcVerdict[] = ['blocked', 'reverse', 'at_risk', 'unknown', 'eligible'];
    for (let i = 0; i < order.length; i++) {
      const rest = order.slice(i);
      expect(worstVerdict(rest)).toBe(order[i]);
      expect(worstVerdict([...rest].reverse())).toBe(order[i]);
    }
  });

  it('is eligible for no verdicts at all', () => {
    expect(worstVerdict([])).toBe('eligible');
  });
});

describe('checkInvoices: totals', () => {
  const today = '2025-10-15';
  // A monthly supplier that never filed GSTR-3B for May 2024 and never filed GSTR-1 for Aug 2025.
  const facts = supplier({
    registrationDate: '2023-06-01',
    filings: without(without(filedOnTime('2022-04', '2025-09'), '2024-05', 'GSTR3B'), '2025-08', 'GSTR1'),
  });
  const invoices: ItcInvoice[] = [
    { number: 'A', date: '2023-05-31', taxPaise: 100 }, // before registration: blocked
    { number: 'B', date: '2024-05-10', taxPaise: 2_000 }, // 3B missing past 30 Sep 2025: reverse by 30 Nov 2025
    { number: 'C', date: '2025-08-05', taxPaise: 30_000 }, // GSTR-1 missing: at risk, claim by 30 Nov 2026
    { number: 'D', date: '2025-09-05', taxPaise: 400_000 }, // filed on time: eligible, claim by 30 Nov 2026
    { number: 'E', date: '2025-10-01' }, // returns not yet due, no tax given
  ];

  it('keeps the invoices in the order given and counts them by verdict', () => {
    const { invoices: results, totals } = checkInvoices(facts, invoices, today);
    expect(results.map((r) => [r.number, r.verdict])).toEqual([
      ['A', 'blocked'],
      ['B', 'reverse'],
      ['C', 'at_risk'],
      ['D', 'eligible'],
      ['E', 'eligible'],
    ]);
    expect(totals.invoices).toBe(5);
    expect(totals.byVerdict).toEqual({ eligible: 2, at_risk: 1, reverse: 1, blocked: 1, unknown: 0 });
  });

  it('sums the tax, and the tax at risk of blocked, reverse and at-risk invoices only', () => {
    const { invoices: results, totals } = checkInvoices(facts, invoices, today);
    expect(results.map((r) => r.taxAtRiskPaise)).toEqual([100, 2_000, 30_000, 0, 0]);
    expect(results[4]!.taxPaise).toBe(0);
    expect(totals.taxPaise).toBe(432_100);
    expect(totals.taxAtRiskPaise).toBe(32_100);
  });

  it('gives the earliest date to act by: the r.37A reversal before any claim deadline', () => {
    expect(checkInvoices(facts, invoices, today).totals.earliestDeadline).toBe('2025-11-30');
  });

  it('keeps an overdue reversal as the earliest deadline, since it is still owed', () => {
    expect(checkInvoices(facts, invoices, '2025-12-15').totals.earliestDeadline).toBe('2025-11-30');
  });

  it('ignores claim deadlines already passed and those of blocked invoices', () => {
    const onlyOld = checkInvoices(supplier(), [{ number: 'X', date: '2023-06-01' }], '2025-01-10');
    expect(onlyOld.totals.earliestDeadline).toBeNull();
    const blocked = checkInvoices(supplier({ taxpayerType: 'Composition' }), [{ number: 'Y', date: '2025-06-01' }], '2025-07-01');
    expect(blocked.totals.earliestDeadline).toBeNull();
    expect(checkInvoices(supplier(), [{ number: 'Z', date: '2025-06-01' }], '2025-07-01').totals.earliestDeadline).toBe('2026-11-30');
  });

  it('reports an empty set as zeros with no deadline', () => {
    expect(checkInvoices(supplier(), [], '2025-07-01').totals).toEqual({
      invoices: 0,
      byVerdict: { eligible: 0, at_risk: 0, reverse: 0, blocked: 0, unknown: 0 },
      taxPaise: 0,
      taxAtRiskPaise: 0,
      earliestDeadline: null,
      nextDeadline: null,
    });
  });

  it('tells the caller which periods to fetch for these invoices', () => {
    expect(periodsNeeded(invoices, 'monthly')).toEqual({ from: '2023-05', to: '2025-10' });
  });
});

describe('ITC check input', () => {
  const today = '2025-07-01';
  it('accepts a plain invoice', () => {
    expect(itcInvoiceProblems({ number: 'INV/25-26/001', date: '2025-07-01', taxPaise: 0, availedIn: '2025-07' }, today)).toEqual([]);
  });

  it('names each field and the rule that failed', () => {
    const fields = (invoice: ItcInvoice) => itcInvoiceProblems(invoice, today).map((p) => `${p.field} ${p.message}`);
    expect(fields({ number: '', date: '2025-07-02' })).toEqual(['number must be 1 to 64 characters', 'date must not be in the future (today is 2025-07-01)']);
    expect(fields({ number: 'x'.repeat(65), date: '2017-06-30' })).toEqual(['number must be 1 to 64 characters', 'date must not be before 2017-07-01, when GST began']);
    expect(fields({ number: 'a', date: '2025-02-29' })).toEqual(['date must be a real date as YYYY-MM-DD']);
    expect(fields({ number: 'a', date: '2024-02-29', taxPaise: -1 })).toEqual(['taxPaise must be a whole number of paise, 0 or more']);
    expect(fields({ number: 'a', date: '2024-02-29', taxPaise: 1.5 })).toEqual(['taxPaise must be a whole number of paise, 0 or more']);
    expect(fields({ number: 'a', date: '2024-02-29', availedIn: '2024-13' })).toEqual(['availedIn must be a return period as YYYY-MM']);
    expect(fields({ number: 'a', date: '2024-02-29', availedIn: '2024-01' })[0]).toMatch(/^availedIn must not be before the invoice's month \(2024-02\)/);
    expect(fields({ number: 'a', date: '2024-02-29', availedIn: '2025-08' })).toEqual(['availedIn must not be after the current month (2025-07)']);
  });

  it('is refused by checkInvoice rather than given a verdict', () => {
    expect(() => checkInvoice(supplier(), { number: 'F', date: '2025-07-02' }, today)).toThrow(/invoice "F": date must not be in the future/);
    expect(() => checkInvoice(supplier(), { number: 'F', date: '2025-07-01' }, '1 July 2025')).toThrow(/today must be a real date/);
  });
});

describe('ITC check: every reason code', () => {
  // One case per code (some cases show several); the catalogue and the rules must not drift apart.
  const cases: [SupplierFacts, ItcInvoice, string][] = [
    [supplier({ registrationDate: '2025-05-10' }), { number: '1', date: '2025-05-09' }, '2025-08-01'],
    [supplier({ status: 'Cancelled', cancellationDate: '2025-03-31' }), { number: '2', date: '2025-03-31' }, '2025-08-01'],
    [supplier({ status: 'Cancelled', cancellationDate: '2025-03-31' }), { number: '3', date: '2025-03-30' }, '2025-08-01'],
    [supplier({ status: 'Cancelled', cancellationDate: null }), { number: '4', date: '2025-03-30' }, '2025-08-01'],
    [supplier({ taxpayerType: 'Composition' }), { number: '5', date: '2025-03-30' }, '2025-08-01'],
    [supplier({ status: 'Suspended' }), { number: '6', date: '2025-03-30' }, '2025-08-01'],
    [supplier(), { number: '7', date: '2024-09-12', availedIn: '2025-11' }, '2026-01-10'],
    [supplier(), { number: '8', date: '2024-09-12' }, '2025-12-01'],
    [supplier({ filings: without(without(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR3B'), '2024-05', 'GSTR1') }), { number: '9', date: '2024-05-10' }, '2025-10-01'],
    [supplier({ filings: filedOn(filedOn(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR3B', '2025-10-01'), '2024-05', 'GSTR1', '2024-07-01') }), { number: '10', date: '2024-05-10' }, '2025-10-15'],
    [supplier({ filingsFrom: '2023-04' }), { number: '11', date: '2023-03-31' }, '2023-11-01'],
    [supplier({ filings: [] }), { number: '12', date: '2025-07-01' }, '2025-07-05'],
    [supplier({ filings: filedOn(filedOnTime('2022-04', '2026-10'), '2024-05', 'GSTR1', '2025-11-12') }), { number: '13', date: '2024-05-10' }, '2026-01-10'],
  ];
  const results: ItcInvoiceResult[] = cases.map(([s, i, t]) => checkInvoice(s, i, t));

  it('reaches each code of the catalogue', () => {
    const seen = new Set(results.flatMap((r) => r.reasons.map((x) => x.code)));
    expect([...seen].sort()).toEqual([...REASON_CODES].sort());
  });

  it('gives each reason its catalogued severity, and each verdict is the worst its reasons force', () => {
    for (const r of results) {
      for (const x of r.reasons) expect(x.severity).toBe(REASON_CATALOGUE[x.code].severity);
      expect(r.verdict).toBe(worstVerdict(r.reasons.map((x) => REASON_CATALOGUE[x.code].verdict ?? 'eligible')));
      const ranks = r.reasons.map((x) => ['critical', 'warning', 'info'].indexOf(x.severity));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      for (const x of r.reasons) expect(x.message.length).toBeGreaterThan(20);
    }
  });

  it('produces every verdict', () => {
    expect(new Set(results.map((r) => r.verdict))).toEqual(new Set(['eligible', 'at_risk', 'reverse', 'blocked', 'unknown']));
  });
});
