import { describe, expect, it } from 'vitest';
import { deadlineDistance, deadlineUrgency, invoiceOfRow, isoDate, parseInvoiceLines, todayIn, verdictLabel, verdictTone } from '../../src/console/public/js/itc.js';

describe('the ITC page\'s deadlines', () => {
  it('marks a deadline passed before today, soon from today to 30 days on, later after that', () => {
    const today = '2026-11-27';
    expect(deadlineUrgency('2026-11-26', today)).toBe('passed');
    expect(deadlineUrgency('2026-11-27', today)).toBe('soon');
    expect(deadlineUrgency('2026-12-27', today)).toBe('soon');
    expect(deadlineUrgency('2026-12-28', today)).toBe('later');
    // Across a leap day: 29 Feb 2028 is a day, so 30 days from 30 Jan 2028 is 29 Feb.
    expect(deadlineUrgency('2028-02-29', '2028-01-30')).toBe('soon');
    expect(deadlineUrgency('2028-03-01', '2028-01-30')).toBe('later');
    expect(deadlineUrgency(null, today)).toBeNull();
    expect(deadlineUrgency('30-11-2025', today)).toBeNull();
  });

  it('says how far a deadline is in words', () => {
    expect(deadlineDistance('2026-11-27', '2026-11-27')).toBe('today');
    expect(deadlineDistance('2026-11-28', '2026-11-27')).toBe('tomorrow');
    expect(deadlineDistance('2026-11-26', '2026-11-27')).toBe('yesterday');
    expect(deadlineDistance('2026-12-07', '2026-11-27')).toBe('in 10 days');
    expect(deadlineDistance('2025-11-30', '2026-11-27')).toBe('362 days ago');
  });

  it("takes today as India's date: 20:00 UTC on 26 November is already 27 November in IST", () => {
    expect(todayIn(new Date('2026-11-26T20:00:00Z'))).toBe('2026-11-27');
    expect(todayIn(new Date('2026-11-26T18:00:00Z'))).toBe('2026-11-26');
  });
});

describe('the one-supplier form\'s invoice lines', () => {
  it('reads number, date (ISO or day first) and an optional tax, separated by commas, semicolons or tabs', () => {
    expect(parseInvoiceLines('INV-1, 2024-07-10, 18000\n\nINV-2;20/04/2024\nINV 3\t1-5-2024\t₹750.50\n')).toEqual({
      invoices: [
        { number: 'INV-1', date: '2024-07-10', tax_inr: 18000 },
        { number: 'INV-2', date: '2024-04-20' },
        { number: 'INV 3', date: '2024-05-01', tax_inr: 750.5 },
      ],
      problems: [],
    });
    expect(isoDate('04/03/2024')).toBe('2024-03-04');
  });

  it('names the line and what is wrong with it, and leaves the rules of dates and amounts to the API', () => {
    const { invoices, problems } = parseInvoiceLines('INV-1\nINV-2, 31st June\nINV-3, 2024-07-10, 18,000\nINV-4, 2024-13-45, -5');
    expect(problems.map((p) => p.line)).toEqual([1, 2, 3]);
    expect(problems[1]!.message).toBe('line 2: "31st June" is not a date: write YYYY-MM-DD or DD-MM-YYYY');
    // "2024-13-45" and -5 are the API's to refuse, naming invoices.0.date and invoices.0.tax_inr.
    expect(invoices).toEqual([{ number: 'INV-4', date: '2024-13-45', tax_inr: -5 }]);
  });
});

describe('a register\'s result row as an invoice', () => {
  it('takes the record of a judged row, and says why for a row whose supplier could not be checked', () => {
    const judged = invoiceOfRow({
      row: 3,
      status: 'ok',
      input: {},
      data: { supplier_gstin: '09CKDPG5907R1ZK', number: 'GSS/24/0311', date: '2024-07-10', period: '2024-07', verdict: 'reverse', reasons: [{ code: 'rule_37a_reversal', severity: 'critical', message: 'm', rule: 'CGST Rules r.37A' }], claim_by: '2025-11-30', reverse_by: '2025-11-30', tax_inr: 18000, tax_at_risk_inr: 18000 },
    });
    expect(judged).toMatchObject({ row: 3, number: 'GSS/24/0311', verdict: 'reverse', reverse_by: '2025-11-30', tax_at_risk_inr: 18000, problem: null });
    expect(invoiceOfRow({ row: 4, status: 'failed', data: null, error: { code: 'PROVIDER_UNAVAILABLE', message: 'GST Verify could not be checked' } })).toMatchObject({ row: 4, verdict: null, problem: 'GST Verify could not be checked' });
  });

  it('names verdicts for a finance user, and colours the serious ones', () => {
    expect(['eligible', 'at_risk', 'reverse', 'blocked', 'unknown', null].map((v) => [verdictLabel(v), verdictTone(v)])).toEqual([
      ['Eligible', 'good'], ['At risk', 'warn'], ['Reverse', 'bad'], ['Blocked', 'bad'], ['Unknown', 'neutral'], ['Not checked', 'neutral'],
    ]);
  });
});
