import { addMonths } from '../../src/domain/dates.js';
import { dueDates, type ReturnFilingEntry } from '../../src/domain/gst-returns.js';
import type { FilingFrequency } from '../../src/domain/records.js';
import type { ItcInvoiceResult, SupplierFacts } from '../../src/domain/itc/types.js';

/** Every period from `from` to `to` (quarter ends for quarterly), both returns filed on their due dates. */
export function filedOnTime(from: string, to: string, frequency: FilingFrequency = 'monthly'): ReturnFilingEntry[] {
  const step = frequency === 'monthly' ? 1 : 3;
  const filings: ReturnFilingEntry[] = [];
  for (let period = from; period <= to; period = addMonths(period, step)) {
    const due = dueDates(period, frequency);
    filings.push({ period, returnType: 'GSTR1', filedOn: due.gstr1 }, { period, returnType: 'GSTR3B', filedOn: due.gstr3b });
  }
  return filings;
}

/** The filings without one return of one period. */
export function without(filings: readonly ReturnFilingEntry[], period: string, returnType: 'GSTR1' | 'GSTR3B'): ReturnFilingEntry[] {
  return filings.filter((f) => !(f.period === period && f.returnType === returnType));
}

/** The filings with one return of one period filed on `filedOn` instead. */
export function filedOn(filings: readonly ReturnFilingEntry[], period: string, returnType: 'GSTR1' | 'GSTR3B', on: string): ReturnFilingEntry[] {
  return [...without(filings, period, returnType), { period, returnType, filedOn: on }];
}

/**
 * A regular, active, monthly supplier registered on 1 Jan 2020 whose data reaches back to April 2022
 * and who filed every return on time up to Oct 2026.
 */
export function supplier(overrides: Partial<SupplierFacts> = {}): SupplierFacts {
  const frequency = overrides.filingFrequency ?? 'monthly';
  return {
    gstin: '27AAPFU0939F1ZV',
    status: 'Active',
    registrationDate: '2020-01-01',
    cancellationDate: null,
    taxpayerType: 'Regular',
    filingFrequency: frequency,
    filings: filedOnTime(frequency === 'monthly' ? '2022-04' : '2022-06', frequency === 'monthly' ? '2026-10' : '2026-09', frequency),
    filingsFrom: '2022-04',
    ...overrides,
  };
}

export const codes = (result: ItcInvoiceResult): string[] => result.reasons.map((r) => r.code);
