/**
 * A bulk ITC check's results (docs/itc-check.md "Bulk"): each invoice row's record, judged from
 * its supplier's facts as the job's chunk fetched them once, and the per-supplier summary
 * (suppliers.csv / suppliers.xlsx) added up from those rows as they are written.
 */
import { paiseToInr } from '../operations.js';
import type { GstRecord } from '../records.js';
import { checkInvoice } from './check-invoice.js';
import { reason, worstVerdict } from './reasons.js';
import { itcInvoiceOf, type RegisterInvoice } from './register-row.js';
import { invoiceBody } from './response-body.js';
import { actionDeadline } from './totals.js';
import type { ItcVerdict, SupplierFacts } from './types.js';

/** What a chunk keeps of one supplier (its `data`): the registration's names and the facts the rules read, as of the day fetched. */
export interface ItcSupplierData {
  gstin: string;
  legal_name: string;
  trade_name: string;
  facts: SupplierFacts;
  /** YYYY-MM-DD (IST; the sandbox clock's for a sandbox key): the day the verdicts hold at. */
  as_of: string;
}

export function itcSupplierData(record: GstRecord, facts: SupplierFacts, asOf: string): ItcSupplierData {
  return { gstin: record.gstin, legal_name: record.legal_name, trade_name: record.trade_name, facts, as_of: asOf };
}

/** One invoice row's `data` in results.jsonl (its key fields are results.csv's columns). */
export function invoiceRowData(supplier: ItcSupplierData, sent: RegisterInvoice) {
  const invoice = itcInvoiceOf(sent);
  const result = checkInvoice(supplier.facts, invoice, supplier.as_of);
  return {
    supplier_gstin: supplier.gstin,
    supplier_name: supplier.legal_name,
    // As the sync API shows an invoice.
    ...invoiceBody(result, invoice),
    as_of: supplier.as_of,
    /** Not in the files: the supplier summary's deadline. */
    deadline: actionDeadline(result, supplier.as_of),
    taxPaise: result.taxPaise,
    taxAtRiskPaise: result.taxAtRiskPaise,
  };
}

/**
 * An invoice whose supplier GSTIN no source knows (its checks answered not found): no credit can be
 * taken on it, as a supplier not registered on the invoice date (s.16(2)(a): no tax invoice from a
 * registered person), so it is `blocked` and its whole tax at risk, the clearest loss in the
 * register. Its row keeps its `not_found` status (nothing was delivered or billed); this is its
 * `data`. The period is the invoice's month (the filing frequency is not known), and as_of is null:
 * there is no record to date.
 */
export function unregisteredInvoiceRowData(gstin: string, sent: RegisterInvoice) {
  const taxPaise = sent.tax_paise ?? 0;
  const message = `No GST registration was found for ${gstin}: an invoice from a person who is not registered is not a tax invoice, so no input tax credit can be taken on it. Check the GSTIN on the invoice with the supplier.`;
  return {
    supplier_gstin: gstin,
    supplier_name: '',
    number: sent.number,
    date: sent.date,
    period: sent.date.slice(0, 7),
    verdict: 'blocked' as ItcVerdict,
    reasons: [reason('not_registered_on_invoice_date', message)],
    claim_by: null as string | null,
    reverse_by: null as string | null,
    tax_inr: sent.tax_paise === undefined ? null : paiseToInr(taxPaise),
    tax_at_risk_inr: paiseToInr(taxPaise),
    as_of: null as string | null,
    deadline: null as string | null,
    taxPaise,
    taxAtRiskPaise: taxPaise,
  };
}

export type InvoiceRowData = Omit<ReturnType<typeof invoiceRowData>, 'deadline' | 'taxPaise' | 'taxAtRiskPaise' | 'as_of'> & { as_of: string | null };

/** One supplier's line of suppliers.csv, added up from its invoice rows. */
export interface SupplierSummary {
  gstin: string;
  name: string;
  /** ok, not_found or failed: whether its checks were delivered. */
  status: string;
  /** Why not, when they were not. */
  error: string;
  gstStatus: string;
  taxpayerType: string;
  filingFrequency: string;
  invoices: number;
  byVerdict: Record<ItcVerdict, number>;
  taxPaise: number;
  taxAtRiskPaise: number;
  /** null when no invoice was judged (its checks failed). */
  worstVerdict: ItcVerdict | null;
  earliestDeadline: string | null;
  chargedPaise: number;
}

const noVerdicts = (): Record<ItcVerdict, number> => ({ eligible: 0, at_risk: 0, reverse: 0, blocked: 0, unknown: 0 });

/** Suppliers' summaries, one per distinct supplier (small per supplier: no invoice is kept). */
export class SupplierTally {
  private readonly suppliers = new Map<string, SupplierSummary>();

  private of(gstin: string, init: () => Omit<SupplierSummary, 'invoices' | 'byVerdict' | 'taxPaise' | 'taxAtRiskPaise' | 'worstVerdict' | 'earliestDeadline' | 'chargedPaise'>): SupplierSummary {
    let summary = this.suppliers.get(gstin);
    if (summary === undefined) {
      summary = { ...init(), invoices: 0, byVerdict: noVerdicts(), taxPaise: 0, taxAtRiskPaise: 0, worstVerdict: null, earliestDeadline: null, chargedPaise: 0 };
      this.suppliers.set(gstin, summary);
    }
    return summary;
  }

  /** An invoice judged: its supplier's checks were delivered. */
  addJudged(supplier: ItcSupplierData, row: ReturnType<typeof invoiceRowData>, chargedPaise: number): void {
    const summary = this.of(supplier.gstin, () => ({
      gstin: supplier.gstin,
      name: supplier.legal_name,
      status: 'ok',
      error: '',
      gstStatus: supplier.facts.status,
      taxpayerType: supplier.facts.taxpayerType,
      filingFrequency: supplier.facts.filingFrequency,
    }));
    summary.invoices++;
    summary.byVerdict[row.verdict]++;
    summary.taxPaise += row.taxPaise;
    summary.taxAtRiskPaise += row.taxAtRiskPaise;
    summary.worstVerdict = worstVerdict(summary.worstVerdict === null ? [row.verdict] : [summary.worstVerdict, row.verdict]);
    if (row.deadline !== null && (summary.earliestDeadline === null || row.deadline < summary.earliestDeadline)) summary.earliestDeadline = row.deadline;
    summary.chargedPaise += chargedPaise;
  }

  /** An invoice of a supplier no source knows (unregisteredInvoiceRowData): blocked, its tax at risk, with why. */
  addUnregistered(gstin: string, row: ReturnType<typeof unregisteredInvoiceRowData>, error: string): void {
    const summary = this.of(gstin, () => ({ gstin, name: '', status: 'not_found', error, gstStatus: '', taxpayerType: '', filingFrequency: '' }));
    summary.invoices++;
    summary.byVerdict[row.verdict]++;
    summary.taxPaise += row.taxPaise;
    summary.taxAtRiskPaise += row.taxAtRiskPaise;
    summary.worstVerdict = worstVerdict(summary.worstVerdict === null ? [row.verdict] : [summary.worstVerdict, row.verdict]);
  }

  /** An invoice not judged: its supplier's checks failed (or the row failed on its own), with why. */
  addUnjudged(gstin: string, status: string, error: string, taxPaise: number): void {
    const summary = this.of(gstin, () => ({ gstin, name: '', status, error, gstStatus: '', taxpayerType: '', filingFrequency: '' }));
    summary.invoices++;
    summary.taxPaise += taxPaise;
  }

  /** By tax at risk, most first; then by tax, then GSTIN (a stable order for equal amounts). */
  ranked(): SupplierSummary[] {
    return [...this.suppliers.values()].sort((a, b) => b.taxAtRiskPaise - a.taxAtRiskPaise || b.taxPaise - a.taxPaise || (a.gstin < b.gstin ? -1 : a.gstin > b.gstin ? 1 : 0));
  }
}
