import { describe, expect, it } from 'vitest';
import { buildReturnsRecord, dueDates, duePeriods, inferFrequency, type ReturnFilingEntry } from '../../src/domain/gst-returns.js';

// 21 Nov 2026 noon IST: October's GSTR-3B (due 20 Nov) has passed, November's has not.
const NOW = new Date('2026-11-21T06:30:00Z');

const filed = (period: string, returnType: 'GSTR1' | 'GSTR3B', filedOn: string): ReturnFilingEntry => ({ period, returnType, filedOn });

describe('GST return due dates', () => {
  it('puts monthly GSTR-1 on the 11th and GSTR-3B on the 20th of the next month', () => {
    expect(dueDates('2026-12', 'monthly')).toEqual({ gstr1: '2027-01-11', gstr3b: '2027-01-20' });
  });

  it('puts quarterly GSTR-1 on the 13th and GSTR-3B on the 22nd of the month after the quarter', () => {
    expect(dueDates('2026-09', 'quarterly')).toEqual({ gstr1: '2026-10-13', gstr3b: '2026-10-22' });
  });
});

describe('return periods listed', () => {
  it('lists only months whose GSTR-3B due date has passed, most recent first', () => {
    expect(duePeriods('monthly', NOW, 3)).toEqual(['2026-10', '2026-09', '2026-08']);
  });

  it('lists a month on the day after its GSTR-3B due date, in India time', () => {
    // 20 Nov 2026 23:00 IST is still the due date: October is not yet listed.
    expect(duePeriods('monthly', new Date('2026-11-20T17:30:00Z'), 1)).toEqual(['2026-09']);
    expect(duePeriods('monthly', new Date('2026-11-20T18:30:00Z'), 1)).toEqual(['2026-10']);
  });

  it('shows quarters as their last month', () => {
    expect(duePeriods('quarterly', NOW, 3)).toEqual(['2026-09', '2026-06', '2026-03']);
  });
});

describe('buildReturnsRecord', () => {
  it('marks each return filed, late or not filed against its due date and summarises the periods', () => {
    const record = buildReturnsRecord(
      {
        gstin: '27AAPFU0939F1ZV',
        filings: [
          filed('2026-10', 'GSTR1', '2026-11-10'),
          filed('2026-10', 'GSTR3B', '2026-11-20'),
          filed('2026-09', 'GSTR1', '2026-10-11'),
          filed('2026-09', 'GSTR3B', '2026-10-25'),
          filed('2026-08', 'GSTR1', '2026-09-12'),
        ],
      },
      3,
      NOW,
    );
    expect(record.filing_frequency).toBe('monthly');
    expect(record.periods.map((p) => [p.period, p.gstr1.status, p.gstr3b.status])).toEqual([
      ['2026-10', 'filed', 'filed'],
      ['2026-09', 'filed', 'late'],
      ['2026-08', 'late', 'not_filed'],
    ]);
    expect(record.periods[2]?.gstr3b).toEqual({ status: 'not_filed', filed_on: null, due_date: '2026-09-20' });
    expect(record.summary).toEqual({ periods: 3, filed_on_time: 1, filed_late: 1, not_filed: 1, last_filed_period: '2026-10' });
  });

  it('infers quarterly filing when every filing is for a quarter-end month', () => {
    const filings = [filed('2026-09', 'GSTR3B', '2026-10-20'), filed('2026-06', 'GSTR3B', '2026-07-20')];
    expect(inferFrequency(filings)).toBe('quarterly');
    expect(inferFrequency([...filings, filed('2026-08', 'GSTR1', '2026-09-10')])).toBe('monthly');
    const record = buildReturnsRecord({ gstin: 'X', filings }, 2, NOW);
    expect(record.periods.map((p) => p.period)).toEqual(['2026-09', '2026-06']);
    expect(record.periods[0]?.gstr3b.due_date).toBe('2026-10-22');
  });

  it('lists no period before registration and none after cancellation', () => {
    const record = buildReturnsRecord(
      { gstin: 'X', frequency: 'monthly', filings: [], registrationDate: '2026-03-15', cancellationDate: '2026-08-31' },
      12,
      NOW,
    );
    expect(record.periods.map((p) => p.period)).toEqual(['2026-08', '2026-07', '2026-06', '2026-05', '2026-04', '2026-03']);
    expect(record.summary).toMatchObject({ periods: 6, not_filed: 6, last_filed_period: null });
  });

  it("lists a quarterly filer's quarter of cancellation, whose final returns fall due all the same", () => {
    const record = buildReturnsRecord(
      { gstin: 'X', frequency: 'quarterly', filings: [], registrationDate: '2023-10-01', cancellationDate: '2024-05-24' },
      12,
      NOW,
    );
    expect(record.periods.map((p) => p.period)).toEqual(['2024-06', '2024-03', '2023-12']);
    expect(record.periods[0]?.gstr3b.due_date).toBe('2024-07-22');
  });

  it('counts a return reported twice from its first filing', () => {
    const record = buildReturnsRecord(
      { gstin: 'X', frequency: 'monthly', filings: [filed('2026-10', 'GSTR3B', '2026-12-01'), filed('2026-10', 'GSTR3B', '2026-11-19')] },
      1,
      NOW,
    );
    expect(record.periods[0]?.gstr3b).toMatchObject({ status: 'filed', filed_on: '2026-11-19' });
  });
});
