/**
 * gstn-gsp wire → CheckAnswers (UPSTREAMS.md "gstn-gsp", wire agreement). Pure: no I/O.
 */
import { parseAddressString } from '../../../domain/address-string.js';
import { istDate } from '../../../domain/dates.js';
import { duePeriods, inferFrequency, MAX_RETURN_PERIODS, type ReturnFilingEntry } from '../../../domain/gst-returns.js';
import { GST_STATES } from '../../../domain/identifiers/state-codes.js';
import type { Address, FilingFrequency, GstRecord, TaxpayerType } from '../../../domain/records.js';
import { gstStatusOf, taxpayerTypeOf } from '../../../domain/upstream-status.js';
import { returnPeriodOf, textOf, textOrEmpty, upstreamDate } from '../../../domain/upstream-values.js';
import type { GstReturnsAnswer, SourceOutcome } from '../../port.js';
import type { GspError, GspTaxpayer } from './wire.js';

/** What a GSP error means for the call. */
export type GspErrorMeaning =
  | { kind: 'failure'; outcome: 'not_found' | 'unavailable' | 'bad_response'; message: string }
  | { kind: 'no_records' };

const NOT_FOUND_CODES = new Set(['SWEB_9035', 'FO8000']);
const NO_RECORDS_CODE = 'RET13510';
const DOWN_MARKERS = ['GSPERR300', 'GSPGSTDOWN'];

/**
 * Reads the `{status_cd:"0", error:{error_cd, message}}` envelope; undefined when the body
 * is not an error.
 */
export function gspErrorMeaning(statusCd: unknown, error: GspError | string | null | undefined): GspErrorMeaning | undefined {
  const failed = textOf(statusCd) === '0';
  if (!failed && (error === undefined || error === null)) return undefined;
  const code = typeof error === 'object' && error !== null ? textOrEmpty(error.error_cd).toUpperCase() : '';
  const message = typeof error === 'string' ? error : typeof error === 'object' && error !== null ? textOrEmpty(error.message) : '';
  const said = `${code}${code && message ? ': ' : ''}${message}` || 'an error without a code';
  if (NOT_FOUND_CODES.has(code)) return { kind: 'failure', outcome: 'not_found', message: `the GST portal has no such GSTIN (${said})` };
  if (code === NO_RECORDS_CODE) return { kind: 'no_records' };
  if (DOWN_MARKERS.some((marker) => code.includes(marker) || message.toUpperCase().includes(marker))) {
    return { kind: 'failure', outcome: 'unavailable', message: `the GST system is down (${said})` };
  }
  return { kind: 'failure', outcome: 'bad_response', message: `the GSP answered an error we do not know (${said})` };
}

function bad(message: string): { outcome: 'bad_response'; message: string } {
  return { outcome: 'bad_response', message };
}

/** line1 from the building parts the portal keeps separately, in the portal's reading order. */
export function gspAddress(pradr: GspTaxpayer['pradr']): Address {
  const addr = pradr?.addr;
  if (addr === undefined || addr === null) {
    const flat = textOf(pradr?.adr);
    return flat === undefined
      ? { line1: '', locality: '', city: '', district: '', state: '', pincode: '' }
      : parseAddressString(flat);
  }
  const district = textOrEmpty(addr.dst);
  return {
    line1: [addr.bno, addr.flno, addr.bnm, addr.st].map(textOrEmpty).filter((part) => part !== '').join(', '),
    locality: textOrEmpty(addr.loc),
    city: textOf(addr.city) ?? district,
    district,
    state: textOrEmpty(addr.stcd),
    pincode: textOrEmpty(addr.pncd),
  };
}

export function gspTaxpayerRecord(wire: GspTaxpayer, requestedGstin: string): SourceOutcome<GstRecord> {
  const gstin = (textOf(wire.gstin) ?? requestedGstin).toUpperCase();
  if (gstin !== requestedGstin) return bad(`asked for GSTIN ${requestedGstin}, the GSP answered for ${gstin}`);
  const sts = textOf(wire.sts);
  const status = sts === undefined ? undefined : gstStatusOf(sts);
  if (status === undefined) return bad(`unknown GST status ${JSON.stringify(sts ?? null)}`);
  const registered = upstreamDate(wire.rgdt);
  if (!registered) return bad(`registration date ${JSON.stringify(wire.rgdt ?? null)} is not a date`);
  const cancelled = upstreamDate(wire.cxdt);
  if (cancelled === undefined) return bad(`cancellation date ${JSON.stringify(wire.cxdt)} is not a date`);
  const legalName = textOf(wire.lgnm);
  if (legalName === undefined) return bad('the answer has no legal name');
  const stateCode = gstin.slice(0, 2);
  return {
    outcome: 'ok',
    value: {
      gstin,
      legal_name: legalName,
      trade_name: textOrEmpty(wire.tradeNam),
      status,
      registration_date: registered,
      cancellation_date: cancelled,
      taxpayer_type: taxpayerTypeOf(textOrEmpty(wire.dty)),
      constitution: textOrEmpty(wire.ctb),
      state: GST_STATES[stateCode] ?? stateCode,
      state_code: stateCode,
      pan: gstin.slice(2, 12),
      principal_place: gspAddress(wire.pradr),
      nature_of_business: (wire.nba ?? []).flatMap((n) => textOf(n) ?? []),
      einvoice_enabled: textOrEmpty(wire.einvoiceStatus).toLowerCase() === 'yes',
    },
  };
}

const PERIOD_RETURNS: Readonly<Record<string, ReturnFilingEntry['returnType']>> = { GSTR1: 'GSTR1', GSTR3B: 'GSTR3B' };

/** RETTRACK entries → filings; annual returns (GSTR9, GSTR9C) and entries marked invalid are left out. */
export function gspFilings(entries: readonly { valid?: unknown; dof?: unknown; ret_prd?: unknown; rtntype?: unknown }[]): SourceOutcome<ReturnFilingEntry[]> {
  const filings: ReturnFilingEntry[] = [];
  for (const entry of entries) {
    const returnType = PERIOD_RETURNS[textOrEmpty(entry.rtntype).toUpperCase().replace(/[^A-Z0-9]/gu, '')];
    if (returnType === undefined || textOrEmpty(entry.valid).toUpperCase() === 'N') continue;
    const period = returnPeriodOf(entry.ret_prd);
    if (period === undefined) return bad(`return period ${JSON.stringify(entry.ret_prd ?? null)} is not MMYYYY`);
    const filedOn = upstreamDate(entry.dof);
    if (!filedOn) return bad(`filing date ${JSON.stringify(entry.dof ?? null)} is not a date`);
    filings.push({ period, returnType, filedOn });
  }
  return { outcome: 'ok', value: filings };
}

/** The financial year (April to March) of a YYYY-MM month, as RETTRACK spells it: "2025-26". */
export function financialYearOf(month: string): string {
  const year = Number(month.slice(0, 4));
  const start = Number(month.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The financial years to ask RETTRACK for, newest first: those holding the last 12 due
 * periods of the frequency, plus the current one (returns can be filed early), without the
 * years that ended before the registration date. The agreement's "current and previous FY"
 * misses the oldest period between 1 and 20 April, hence the computation.
 */
export function financialYearsFor(
  now: Date,
  frequency: FilingFrequency,
  registrationDate: string | null,
  cancellationDate: string | null = null,
): string[] {
  const today = istDate(now);
  // A cancelled registration lists the periods up to its cancellation (domain/gst-returns.ts),
  // which may lie years back: ask for the years holding those, not the latest ones.
  const lastPeriod = cancellationDate?.slice(0, 7);
  const due = lastPeriod === undefined
    ? duePeriods(frequency, now, MAX_RETURN_PERIODS)
    : duePeriods(frequency, now, MAX_RETURN_PERIODS * 12).filter((period) => period <= lastPeriod).slice(0, MAX_RETURN_PERIODS);
  const months = [...(lastPeriod === undefined ? [today.slice(0, 7)] : []), ...due];
  const years = [...new Set(months.map(financialYearOf))].sort().reverse();
  if (registrationDate === null) return years;
  return years.filter((fy) => `${Number(fy.slice(0, 4)) + 1}-03-31` >= registrationDate);
}

/**
 * The financial years from the one holding `since` (YYYY-MM) to today's, newest first, without
 * those that ended before the registration: what a caller needing older periods (the ITC
 * check) asks RETTRACK for beyond the usual years.
 */
export function financialYearsSince(now: Date, since: string, registrationDate: string | null): string[] {
  const first = Number(financialYearOf(since).slice(0, 4));
  const last = Number(financialYearOf(istDate(now).slice(0, 7)).slice(0, 4));
  const years: string[] = [];
  for (let start = last; start >= first; start--) {
    const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    if (registrationDate === null || `${start + 1}-03-31` >= registrationDate) years.push(fy);
  }
  return years;
}

/** The first month the RETTRACK years asked cover: the earliest year's April, or the registration month if later. */
export function coverageStart(years: readonly string[], registrationDate: string | null): string | undefined {
  const earliest = [...years].sort()[0];
  if (earliest === undefined) return undefined;
  const april = `${earliest.slice(0, 4)}-04`;
  const registered = registrationDate?.slice(0, 7);
  return registered !== undefined && registered > april ? registered : april;
}

/** Monthly and quarterly filers cover different spans: the quarterly years not already asked. */
export function moreYearsIfQuarterly(
  now: Date,
  registrationDate: string | null,
  asked: readonly string[],
  cancellationDate: string | null = null,
): string[] {
  return financialYearsFor(now, 'quarterly', registrationDate, cancellationDate).filter((fy) => !asked.includes(fy));
}

/** With no filings the frequency cannot be read from them: composition taxpayers file quarterly. */
export function returnsFrequency(filings: readonly ReturnFilingEntry[], taxpayerType: TaxpayerType): FilingFrequency {
  if (filings.length === 0) return taxpayerType === 'Composition' ? 'quarterly' : 'monthly';
  return inferFrequency(filings);
}

/** What gst.returns needs from the search answer: less than a full record, so a thin answer still serves. */
export interface GspRegistration {
  gstin: string;
  registrationDate: string;
  cancellationDate: string | null;
  taxpayerType: TaxpayerType;
}

export function gspRegistration(wire: GspTaxpayer, requestedGstin: string): SourceOutcome<GspRegistration> {
  const gstin = (textOf(wire.gstin) ?? requestedGstin).toUpperCase();
  if (gstin !== requestedGstin) return bad(`asked for GSTIN ${requestedGstin}, the GSP answered for ${gstin}`);
  const registered = upstreamDate(wire.rgdt);
  if (!registered) return bad(`registration date ${JSON.stringify(wire.rgdt ?? null)} is not a date`);
  const cancelled = upstreamDate(wire.cxdt);
  if (cancelled === undefined) return bad(`cancellation date ${JSON.stringify(wire.cxdt)} is not a date`);
  return {
    outcome: 'ok',
    value: { gstin, registrationDate: registered, cancellationDate: cancelled, taxpayerType: taxpayerTypeOf(textOrEmpty(wire.dty)) },
  };
}

export function gspReturnsAnswer(registration: GspRegistration, filings: ReturnFilingEntry[], yearsAsked: readonly string[] = []): GstReturnsAnswer {
  const coversFrom = coverageStart(yearsAsked, registration.registrationDate);
  return {
    gstin: registration.gstin,
    frequency: returnsFrequency(filings, registration.taxpayerType),
    // The sandbox's order: most recent period first, GSTR-1 before GSTR-3B.
    filings: [...filings].sort((a, b) =>
      a.period !== b.period ? (a.period < b.period ? 1 : -1) : a.returnType === b.returnType ? 0 : a.returnType === 'GSTR1' ? -1 : 1,
    ),
    registrationDate: registration.registrationDate,
    cancellationDate: registration.cancellationDate,
    ...(coversFrom === undefined ? {} : { coversFrom }),
  };
}
