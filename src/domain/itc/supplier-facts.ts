import { inferFrequency, type ReturnFilingEntry } from '../gst-returns.js';
import type { FilingFrequency, GstRecord } from '../records.js';
import type { SupplierFacts } from './types.js';

/** The GST Returns answer as the check reads it: the source's own filings, before statuses are computed. */
export interface FilingHistory {
  frequency?: FilingFrequency | undefined;
  filings: readonly ReturnFilingEntry[];
  /** The earliest period (YYYY-MM) the filings cover, when the source says. */
  coversFrom?: string | undefined;
}

/**
 * The supplier as the ITC rules see it: registration (status, dates, type) from GST Verify, and
 * filings from GST Returns. When the source does not say how far back its filings reach, they are
 * taken to reach only as far as the oldest filing it reported (or the registration month when it
 * reported none): a period before that is `unknown`, never "not filed" on a guess.
 */
export function supplierFacts(registration: GstRecord, history: FilingHistory): SupplierFacts {
  const oldestFiled = history.filings.reduce<string | undefined>((oldest, f) => (oldest === undefined || f.period < oldest ? f.period : oldest), undefined);
  return {
    gstin: registration.gstin,
    status: registration.status,
    registrationDate: registration.registration_date,
    cancellationDate: registration.cancellation_date,
    taxpayerType: registration.taxpayer_type,
    filingFrequency: history.frequency ?? inferFrequency(history.filings),
    filings: history.filings,
    filingsFrom: history.coversFrom ?? oldestFiled ?? registration.registration_date.slice(0, 7),
  };
}
