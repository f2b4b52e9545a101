/**
 * The documented ITC check scenarios: which supplier GSTIN and invoices to send to
 * POST /v1/gst/itc-check with a sandbox key for each verdict and reason code, and what the check
 * answers. Together they give every code of REASON_CATALOGUE and every verdict (a unit test holds
 * them to it). samples/sandbox-identifiers.json (under "itc") and the table in docs/itc-check.md
 * are rendered from this one list.
 *
 * The rules depend on the date, and the sandbox clock is real time (plus an account's offset), so
 * each case holds at any date: an invoice date is either fixed, for facts that never change (a
 * return never filed for 2024, a claim window closed in 2025), or relative to the clock's date in
 * India, for facts that move with it (a registration 60 days old, returns due last month).
 */
import { addMonths } from '../../domain/dates.js';
import type { ItcReasonCode, ItcVerdict } from '../../domain/itc/types.js';
import { addDays } from './calendar.js';
import type { DriftPhase } from './drift.js';
import { scenarioGstin } from './scenario-builder.js';
import { SCENARIO_ENTITIES as E } from './scenario-entities.js';

/**
 * An invoice date: a fixed YYYY-MM-DD; `{days_ago: n}`, n days before the sandbox clock's date in
 * India (0: that date); `{months_ago: n, day: d}`, day d (1 to 28) of the month n months before it;
 * or `{claim_by: 'next'}`, 1 April of the financial year whose s.16(4) limit (30 November) is the
 * next one on or after that date, so the limit is always ahead and within 30 days from 31 October.
 */
export type ItcInvoiceDate = string | { days_ago: number } | { months_ago: number; day: number } | { claim_by: 'next' };

export interface ItcExpectation {
  verdict: ItcVerdict;
  /** The reason codes, in the order the check lists them (most severe first). */
  reason_codes: readonly ItcReasonCode[];
  /** The supplier's return period of the invoice, where the case is about it (quarterly filers). */
  period?: string;
  /** r.37A's reversal date, where the case is about it. */
  reverse_by?: string;
}

export interface ItcScenarioInvoice {
  number: string;
  date: ItcInvoiceDate;
  tax_inr: number;
  /** The return period (YYYY-MM) the buyer took the credit in, where the case needs it. */
  availed_in?: string;
  /**
   * What the check answers; for a drifting supplier, in each phase of the sandbox clock; for a
   * `{claim_by: 'next'}` invoice, when that limit is within 30 days (`closing`: 31 October to
   * 30 November) and otherwise (`open`).
   */
  expect: ItcExpectation | Readonly<Record<DriftPhase, ItcExpectation>> | Readonly<Record<ClaimSeason, ItcExpectation>>;
}

export interface ItcScenario {
  name: string;
  description: string;
  gstin: string;
  /** The sandbox scenario (or drifting scenario) the supplier is. */
  scenario: string;
  invoices: readonly ItcScenarioInvoice[];
}

export type ClaimSeason = 'closing' | 'open';

/** Whether the next 30 November on or after `today` is within 30 days (claim_window_closing's reach). */
export function claimSeason(today: string): ClaimSeason {
  return today.slice(5) >= '10-31' && today.slice(5) <= '11-30' ? 'closing' : 'open';
}

const expect = (verdict: ItcVerdict, reason_codes: readonly ItcReasonCode[], extra: Omit<ItcExpectation, 'verdict' | 'reason_codes'> = {}): ItcExpectation => ({
  verdict,
  reason_codes,
  ...extra,
});

const MONTH_BEFORE_LAST = { months_ago: 2, day: 15 } as const;
const TODAY = { days_ago: 0 } as const;

export const ITC_SCENARIOS: readonly ItcScenario[] = Object.freeze([
  {
    name: 'itc-clean-supplier',
    description: 'A supplier filing every return on time: an invoice of the month before last is eligible with nothing to say; one of today is eligible, its returns not yet due.',
    gstin: scenarioGstin(E.cleanCompany),
    scenario: 'clean-company',
    invoices: [
      { number: 'SAF/101', date: MONTH_BEFORE_LAST, tax_inr: 18_000, expect: expect('eligible', []) },
      { number: 'SAF/102', date: TODAY, tax_inr: 4_500.5, expect: expect('eligible', ['returns_not_yet_due']) },
    ],
  },
  {
    name: 'itc-claim-window-closing',
    description: 'The same clean supplier, an invoice of 1 April of the financial year whose s.16(4) limit (30 November) comes next: from 31 October to 30 November the limit is within 30 days, and a warning says by when to take the credit; the rest of the year, eligible with nothing to say.',
    gstin: scenarioGstin(E.cleanCompany),
    scenario: 'clean-company',
    invoices: [
      { number: 'SAF/0401', date: { claim_by: 'next' }, tax_inr: 9_000, expect: { closing: expect('eligible', ['claim_window_closing']), open: expect('eligible', []) } },
    ],
  },
  {
    name: 'itc-claim-time-barred',
    description: 'The same clean supplier, an invoice of May 2023 whose credit was taken in the return for December 2024: after the s.16(4) limit (30 November 2024, so October 2024\'s return at the latest), blocked.',
    gstin: scenarioGstin(E.cleanCompany),
    scenario: 'clean-company',
    invoices: [{ number: 'SAF/2023/044', date: '2023-05-10', tax_inr: 27_000, availed_in: '2024-12', expect: expect('blocked', ['claim_time_barred']) }],
  },
  {
    name: 'itc-quarterly-filer',
    description: 'A QRMP (quarterly) filer: invoices of 5 April and 25 June 2024 both belong to the quarter reported as 2024-06, and one of 1 July 2024 to 2024-09; all filed on time, the claim window closed on 30 November 2025.',
    gstin: scenarioGstin(E.quarterly),
    scenario: 'quarterly-filer',
    invoices: [
      { number: 'AFP/24-25/0007', date: '2024-04-05', tax_inr: 12_600, expect: expect('eligible', ['claim_window_closed'], { period: '2024-06' }) },
      { number: 'AFP/24-25/0412', date: '2024-06-25', tax_inr: 8_100, expect: expect('eligible', ['claim_window_closed'], { period: '2024-06' }) },
      { number: 'AFP/24-25/0419', date: '2024-07-01', tax_inr: 3_240, expect: expect('eligible', ['claim_window_closed'], { period: '2024-09' }) },
    ],
  },
  {
    name: 'itc-composition-supplier',
    description: 'A composition taxpayer cannot charge tax (it issues a bill of supply): blocked, whatever the date.',
    gstin: scenarioGstin(E.composition),
    scenario: 'composition-taxpayer',
    invoices: [{ number: 'JKS-2291', date: MONTH_BEFORE_LAST, tax_inr: 1_250, expect: expect('blocked', ['composition_supplier']) }],
  },
  {
    name: 'itc-suspended-supplier',
    description: 'A supplier suspended now (r.21A): at risk, whatever the date, though its returns are filed.',
    gstin: scenarioGstin(E.suspended),
    scenario: 'suspended-gstin',
    invoices: [{ number: 'SBT/3318', date: MONTH_BEFORE_LAST, tax_inr: 36_000, expect: expect('at_risk', ['supplier_suspended']) }],
  },
  {
    name: 'itc-returns-not-filed',
    description: 'A supplier who files every return 14 months late: for an invoice of the month before last neither GSTR-1 nor GSTR-3B is filed though both are due; at risk (r.37A\'s reversal date is given, its test date not yet passed).',
    gstin: scenarioGstin(E.nonFiler),
    scenario: 'non-filer',
    invoices: [{ number: 'IC/778', date: MONTH_BEFORE_LAST, tax_inr: 5_400, expect: expect('at_risk', ['gstr1_not_filed', 'gstr3b_not_filed']) }],
  },
  {
    name: 'itc-returns-filed-late',
    description: 'The same late supplier\'s older invoices: April 2023\'s returns were filed late in July 2024, in time for the invoice to reach a GSTR-2B whose return is filed by the s.16(4) limit of 30 November 2024 (eligible, with information); March 2024\'s only in June 2025, after that limit (30 November 2024: GSTR-1 needed by 11 November 2024) and after r.37A\'s test date (30 September 2024), so the credit could not be taken in time (at risk).',
    gstin: scenarioGstin(E.nonFiler),
    scenario: 'non-filer',
    invoices: [
      { number: 'IC/112', date: '2023-04-15', tax_inr: 2_700, expect: expect('eligible', ['gstr1_filed_late', 'gstr3b_filed_late', 'claim_window_closed']) },
      {
        number: 'IC/530',
        date: '2024-03-15',
        tax_inr: 3_150,
        expect: expect('at_risk', ['gstr1_filed_after_time_limit', 'gstr3b_filed_late', 'reavail_after_filing']),
      },
    ],
  },
  {
    name: 'itc-rule-37a-reversal',
    description: 'A supplier who reported its sales in GSTR-1 but filed no GSTR-3B (paid no tax) for June to November 2024 and was cancelled from 15 November 2024: July 2024\'s GSTR-3B was still missing on 30 September 2025, so credit taken in FY 2024-25 had to be reversed by 30 November 2025 (reverse). April 2024\'s returns were filed: eligible.',
    gstin: scenarioGstin(E.unpaidTax),
    scenario: 'itc-unpaid-tax',
    invoices: [
      {
        number: 'GSS/24/0311',
        date: '2024-07-10',
        tax_inr: 15_300,
        expect: expect('reverse', ['rule_37a_reversal', 'gstr3b_not_filed', 'cancelled_after_invoice_date', 'claim_window_closed'], { reverse_by: '2025-11-30' }),
      },
      { number: 'GSS/24/0102', date: '2024-04-20', tax_inr: 6_300, expect: expect('eligible', ['cancelled_after_invoice_date', 'claim_window_closed']) },
    ],
  },
  {
    name: 'itc-registered-after-invoice',
    description: 'A supplier registered 60 days before the clock\'s date: an invoice of the 1st of the month three months back predates the registration (blocked); one of today is within it.',
    gstin: scenarioGstin(E.recentlyIncorporated),
    scenario: 'recently-incorporated',
    invoices: [
      { number: 'TDS/0001', date: { months_ago: 3, day: 1 }, tax_inr: 90_000, expect: expect('blocked', ['not_registered_on_invoice_date']) },
      { number: 'TDS/0042', date: TODAY, tax_inr: 45_000, expect: expect('eligible', ['returns_not_yet_due']) },
    ],
  },
  {
    name: 'itc-cancelled-supplier',
    description: 'A supplier cancelled with effect from 30 September 2024: an invoice of the day before is within the registration (eligible, with a note); one of that day is not (blocked).',
    gstin: scenarioGstin(E.cancelled),
    scenario: 'cancelled-gstin',
    invoices: [
      { number: 'YE/24/1187', date: '2024-09-29', tax_inr: 2_160, expect: expect('eligible', ['cancelled_after_invoice_date', 'claim_window_closed']) },
      { number: 'YE/24/1188', date: '2024-09-30', tax_inr: 1_080, expect: expect('blocked', ['cancelled_on_or_before_invoice_date']) },
    ],
  },
  {
    name: 'itc-retrospective-cancellation',
    description: 'A drifting supplier: Active in even ISO weeks, so an invoice of the month before last is eligible; in odd weeks cancelled with retrospective effect from the first day of the month before last (counted from the week\'s Monday), so the same invoice is blocked.',
    gstin: scenarioGstin(E.driftingRetroCancellation),
    scenario: 'drifting-retro-cancellation',
    invoices: [
      {
        number: 'SSC/5561',
        date: MONTH_BEFORE_LAST,
        tax_inr: 64_800,
        expect: { even: expect('eligible', []), odd: expect('blocked', ['cancelled_on_or_before_invoice_date']) },
      },
    ],
  },
  {
    name: 'itc-data-does-not-reach',
    description: 'A supplier whose filing data reaches back only 24 months, however far back it is asked: an invoice of 30 months ago is unknown; one of the month before last is eligible.',
    gstin: scenarioGstin(E.shallowReturns),
    scenario: 'itc-shallow-returns',
    invoices: [
      { number: 'NTC/1024', date: { months_ago: 30, day: 15 }, tax_inr: 7_200, expect: expect('unknown', ['filing_data_not_available', 'claim_window_closed']) },
      { number: 'NTC/2207', date: MONTH_BEFORE_LAST, tax_inr: 7_200, expect: expect('eligible', []) },
    ],
  },
  {
    name: 'itc-cancellation-date-unknown',
    description: 'A supplier whose registration is Cancelled with no effective date of cancellation in the data: whether an invoice falls within the registration is unknown.',
    gstin: scenarioGstin(E.cancelledUndated),
    scenario: 'itc-cancelled-undated',
    invoices: [{ number: 'GKA/0917', date: MONTH_BEFORE_LAST, tax_inr: 2_340, expect: expect('unknown', ['registration_dates_unknown']) }],
  },
] satisfies ItcScenario[]);

/** The date an invoice is sent with when the sandbox clock's date in India is `today` (YYYY-MM-DD). */
export function itcInvoiceDate(date: ItcInvoiceDate, today: string): string {
  if (typeof date === 'string') return date;
  if ('days_ago' in date) return addDays(today, -date.days_ago);
  if ('claim_by' in date) {
    const year = Number(today.slice(0, 4));
    return `${today.slice(5) <= '11-30' ? year - 1 : year}-04-01`;
  }
  return `${addMonths(today.slice(0, 7), -date.months_ago)}-${String(date.day).padStart(2, '0')}`;
}

/**
 * What the check answers for an invoice in a phase of the sandbox clock on its date in India `today`
 * (the phase matters only for a drifting supplier, the date only for a `{claim_by: 'next'}` invoice).
 */
export function itcExpectation(invoice: ItcScenarioInvoice, phase: DriftPhase, today: string): ItcExpectation {
  const e = invoice.expect;
  if ('verdict' in e) return e;
  if ('closing' in e) return e[claimSeason(today)];
  return e[phase];
}

/** The request body of POST /v1/gst/itc-check for a case on the sandbox clock's date `today`. */
export function itcRequest(scenario: ItcScenario, today: string): { gstin: string; invoices: { number: string; date: string; tax_inr: number; availed_in?: string }[] } {
  return {
    gstin: scenario.gstin,
    invoices: scenario.invoices.map((invoice) => ({
      number: invoice.number,
      date: itcInvoiceDate(invoice.date, today),
      tax_inr: invoice.tax_inr,
      ...(invoice.availed_in === undefined ? {} : { availed_in: invoice.availed_in }),
    })),
  };
}
