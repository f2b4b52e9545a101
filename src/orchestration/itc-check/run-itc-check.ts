/**
 * The ITC check of one supplier's invoices: GST Verify (registration) and GST Returns (filings,
 * back to the earliest invoice's period) from the source chains, in parallel, then the pure
 * rules of domain/itc. Used by POST /v1/gst/itc-check; a bulk purchase register runs it once
 * per supplier.
 */
import { istDate } from '../../domain/dates.js';
import { checkInvoices, periodsNeeded } from '../../domain/itc/check-invoice.js';
import { itcCheckData, type ItcCheckData } from '../../domain/itc/response-body.js';
import { supplierFacts } from '../../domain/itc/supplier-facts.js';
import type { ItcInvoice, SupplierFacts } from '../../domain/itc/types.js';
import type { GstRecord } from '../../domain/records.js';
import { AppError } from '../../errors.js';
import type { FetchResult, Verifier, VerifyContext } from '../../sources/verifier.js';

export type ItcRun =
  | { ok: true; data: ItcCheckData; freshness: 'live' | 'cached' }
  /** `failed`: the checks that were not delivered (nothing is billed then). */
  | { ok: false; error: AppError; failed: ('gst.verify' | 'gst.returns')[]; detail: string };

const CHECK_TITLES = { 'gst.verify': 'GST Verify (registration)', 'gst.returns': 'GST Returns (filings)' } as const;

/** A supplier as both checks delivered it, or which failed (ItcRun's failure). */
export type SupplierFetch = { ok: true; record: GstRecord; facts: SupplierFacts; freshness: 'live' | 'cached' } | Extract<ItcRun, { ok: false }>;

/**
 * GST Verify and GST Returns of one supplier, in parallel, the filings back to `since` (YYYY-MM):
 * the sync check's and a bulk register's supplier (once per job, back to its earliest invoice).
 */
export async function fetchSupplier(verifier: Verifier, gstin: string, since: string, context: VerifyContext): Promise<SupplierFetch> {
  const [registration, filings] = await Promise.all([verifier.fetch('gst.verify', { gstin }, context), verifier.fetch('gst.returns', { gstin, since }, context)]);
  if (!registration.ok || !filings.ok) return failure(gstin, registration, filings) as Extract<ItcRun, { ok: false }>;
  const record = verifier.present('gst.verify', registration.answer, { gstin }, context.now);
  const freshness = registration.freshness === 'cached' || filings.freshness === 'cached' ? 'cached' : 'live';
  return { ok: true, record, facts: supplierFacts(record, filings.answer), freshness };
}

export function createItcCheck(verifier: Verifier) {
  return async function runItcCheck(input: { gstin: string; invoices: readonly ItcInvoice[] }, context: VerifyContext): Promise<ItcRun> {
    // Each invoice reads only its own period's returns: fetch back to the earliest of them.
    const since = periodsNeeded(input.invoices, 'monthly').from;
    const supplier = await fetchSupplier(verifier, input.gstin, since, context);
    if (!supplier.ok) return supplier;
    const today = istDate(context.now);
    const checked = checkInvoices(supplier.facts, input.invoices, today);
    return { ok: true, data: itcCheckData(supplier.record, supplier.facts, input.invoices, checked, today), freshness: supplier.freshness };
  };
}

/**
 * Which check failed, and why, with the error of the one that decides: a GSTIN no source knows
 * is a 404 whichever check said so; otherwise the first failure's 503 or 504.
 */
function failure(gstin: string, registration: FetchResult<'gst.verify'>, filings: FetchResult<'gst.returns'>): ItcRun {
  const failed = ([['gst.verify', registration], ['gst.returns', filings]] as const).filter(([, result]) => !result.ok) as [
    'gst.verify' | 'gst.returns',
    Extract<FetchResult<'gst.verify'>, { ok: false }>,
  ][];
  const detail = failed.map(([check, result]) => `${check}: ${result.detail}`).join('; ');
  const notFound = failed.find(([, result]) => result.notFound);
  if (notFound !== undefined) {
    return { ok: false, failed: failed.map(([check]) => check), detail, error: new AppError('RECORD_NOT_FOUND', `The source has no GST registration for GSTIN ${gstin}`) };
  }
  const [first] = failed[0]!;
  const delivered = failed.length === 1 ? ` (${CHECK_TITLES[first === 'gst.verify' ? 'gst.returns' : 'gst.verify']} answered, but a verdict needs both)` : '';
  const error = failed[0]![1].error;
  return {
    ok: false,
    failed: failed.map(([check]) => check),
    detail,
    error: new AppError(
      error.code,
      `${failed.map(([check]) => CHECK_TITLES[check]).join(' and ')} could not be checked${delivered}: ${error.message}. Nothing was billed`,
      failed.map(([check, result]) => ({ field: check, message: result.error.message })),
    ),
  };
}
