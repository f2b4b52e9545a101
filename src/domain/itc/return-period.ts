import type { FilingFrequency } from '../records.js';
import type { ItcInvoice } from './types.js';

/**
 * The supplier's return period holding an invoice dated `date` (YYYY-MM-DD): its month for a monthly
 * filer; for a quarterly (QRMP, CGST Rules r.61A) filer the quarter's last month, since GSTR-1 and
 * GSTR-3B are filed per quarter and a quarter is reported as its last month. An invoice furnished
 * through the IFF in the quarter's first or second month (r.59(2)) still belongs to the quarter's
 * GSTR-3B, and the filing data carries one GSTR-1 entry per quarter.
 */
export function invoicePeriod(date: string, frequency: FilingFrequency): string {
  const month = date.slice(0, 7);
  if (frequency === 'monthly') return month;
  const m = Number(month.slice(5, 7));
  return `${month.slice(0, 4)}-${String(Math.ceil(m / 3) * 3).padStart(2, '0')}`;
}

/**
 * The return periods (YYYY-MM) whose filings the check needs for these invoices: each invoice uses
 * only its own period's GSTR-1 and GSTR-3B, so from the earliest invoice's period to the latest's.
 * When the frequency is not yet known, pass 'monthly': its `from` is never later than the quarterly one.
 */
export function periodsNeeded(invoices: readonly ItcInvoice[], frequency: FilingFrequency): { from: string; to: string } {
  if (invoices.length === 0) throw new RangeError('invoices: at least one invoice is needed to know which periods to fetch');
  let from = invoicePeriod(invoices[0]!.date, frequency);
  let to = from;
  for (const invoice of invoices) {
    const period = invoicePeriod(invoice.date, frequency);
    if (period < from) from = period;
    if (period > to) to = period;
  }
  return { from, to };
}
