import { isRealIsoDate } from '../dates.js';
import { fyLabel, fyStartYear } from './financial-year.js';
import type { ItcInvoice } from './types.js';

/** GST took effect on 1 July 2017: no GST invoice is older. */
export const GST_START_DATE = '2017-07-01';
export const MAX_INVOICE_NUMBER_LENGTH = 64;

export interface ItcInputProblem {
  /** The ItcInvoice field at fault (callers map it to their own name: `availed_in`, a CSV column…). */
  field: keyof ItcInvoice;
  /** The rule that failed, without the field's name. */
  message: string;
}

/**
 * What is wrong with an invoice before it can be checked at `today` (YYYY-MM-DD, IST); [] when
 * nothing. Routes and bulk rows call this to answer 400 / mark the row; checkInvoice refuses such
 * input, since a verdict on a future or impossible date would be invented.
 */
export function itcInvoiceProblems(invoice: ItcInvoice, today: string): ItcInputProblem[] {
  const problems: ItcInputProblem[] = [];
  if (typeof invoice.number !== 'string' || invoice.number.trim() === '' || invoice.number.length > MAX_INVOICE_NUMBER_LENGTH) {
    problems.push({ field: 'number', message: `must be 1 to ${MAX_INVOICE_NUMBER_LENGTH} characters` });
  }
  const dateOk = typeof invoice.date === 'string' && isRealIsoDate(invoice.date);
  if (!dateOk) problems.push({ field: 'date', message: 'must be a real date as YYYY-MM-DD' });
  else if (invoice.date > today) problems.push({ field: 'date', message: `must not be in the future (today is ${today})` });
  else if (invoice.date < GST_START_DATE) problems.push({ field: 'date', message: `must not be before ${GST_START_DATE}, when GST began` });
  if (invoice.taxPaise !== undefined && !(Number.isSafeInteger(invoice.taxPaise) && invoice.taxPaise >= 0)) {
    problems.push({ field: 'taxPaise', message: 'must be a whole number of paise, 0 or more' });
  }
  if (invoice.availedIn !== undefined) {
    if (typeof invoice.availedIn !== 'string' || !isRealIsoDate(`${invoice.availedIn}-01`) || invoice.availedIn.length !== 7) {
      problems.push({ field: 'availedIn', message: 'must be a return period as YYYY-MM' });
    } else if (dateOk && invoice.availedIn < invoice.date.slice(0, 7)) {
      problems.push({ field: 'availedIn', message: `must not be before the invoice's month (${invoice.date.slice(0, 7)}): credit cannot be taken before the invoice exists` });
    } else if (invoice.availedIn > today.slice(0, 7)) {
      problems.push({ field: 'availedIn', message: `must not be after the current month (${today.slice(0, 7)})` });
    }
  }
  return problems;
}

/**
 * Invoices sent twice in one request: the same number (ignoring surrounding spaces) in the same
 * financial year, as [earlier index, later index] pairs. Numbers are unique within a supplier's
 * financial year (CGST Rules r.46(b)), so a repeat is the same invoice, whose tax would count twice;
 * the same number in another year is another invoice.
 */
export function duplicateInvoices(invoices: readonly ItcInvoice[]): { first: number; repeat: number; fy: string }[] {
  const seen = new Map<string, number>();
  const repeats: { first: number; repeat: number; fy: string }[] = [];
  invoices.forEach((invoice, i) => {
    if (typeof invoice.number !== 'string' || typeof invoice.date !== 'string' || !isRealIsoDate(invoice.date)) return;
    const fy = fyLabel(fyStartYear(invoice.date));
    const key = `${fy} ${invoice.number.trim()}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else repeats.push({ first, repeat: i, fy });
  });
  return repeats;
}
