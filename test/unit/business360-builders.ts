/**
 * Hand-built Business360 records for the unit tests. The defaults describe a clean,
 * long-established company that raises no risk flag at NOW; each test overrides only the
 * fact it is about.
 */
import type { Business360Modules, ModuleData, ModuleName, ModuleWrapper } from '../../src/domain/business360/profile.js';
import type {
  Address,
  CinPanMapping,
  CompanyRecord,
  Director,
  DirectorsRecord,
  GstRecord,
  GstReturnsRecord,
  PanVerification,
  ReturnPeriod,
  ReturnStatus,
} from '../../src/domain/records.js';

/** 21 Nov 2026, noon in India: "today" is 2026-11-21 for every rule. */
export const NOW = new Date('2026-11-21T06:30:00Z');

const address: Address = {
  line1: '12 Industrial Estate',
  locality: 'Andheri East',
  city: 'Mumbai',
  district: 'Mumbai Suburban',
  state: 'Maharashtra',
  pincode: '400093',
};

export function gstRecord(overrides: Partial<GstRecord> = {}): GstRecord {
  return {
    gstin: '27AAPFU0939F1ZV',
    legal_name: 'UNITED TRADERS',
    trade_name: 'UNITED TRADING CO',
    status: 'Active',
    registration_date: '2017-07-01',
    cancellation_date: null,
    taxpayer_type: 'Regular',
    constitution: 'Partnership',
    state: 'Maharashtra',
    state_code: '27',
    pan: 'AAPFU0939F',
    principal_place: address,
    nature_of_business: ['Wholesale Business'],
    einvoice_enabled: true,
    ...overrides,
  };
}

/** One return period; both returns filed on time unless told otherwise. */
export function period(month: string, gstr1: ReturnStatus = 'filed', gstr3b: ReturnStatus = 'filed'): ReturnPeriod {
  const filing = (status: ReturnStatus, dueDay: string) => ({
    status,
    filed_on: status === 'not_filed' ? null : `${month}-${status === 'late' ? '28' : '05'}`,
    due_date: `${month}-${dueDay}`,
  });
  return { period: month, gstr1: filing(gstr1, '11'), gstr3b: filing(gstr3b, '20') };
}

/** Months most recent first, starting at 2026-10 (the latest due period at NOW). */
export function months(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const index = 2026 * 12 + 9 - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** A returns record from periods given most recent first. */
export function returnsRecord(periods: ReturnPeriod[]): GstReturnsRecord {
  return {
    gstin: '27AAPFU0939F1ZV',
    filing_frequency: 'monthly',
    periods,
    // The rules read the periods, not this summary; it is filled plausibly for realism.
    summary: {
      periods: periods.length,
      filed_on_time: periods.length,
      filed_late: 0,
      not_filed: 0,
      last_filed_period: periods[0]?.period ?? null,
    },
  };
}

/** 12 monthly periods, all filed on time, except those overridden by index (0 = most recent). */
export function twelvePeriods(overrides: Record<number, [ReturnStatus, ReturnStatus]> = {}): ReturnPeriod[] {
  return months(12).map((m, i) => {
    const statuses = overrides[i];
    return statuses ? period(m, statuses[0], statuses[1]) : period(m);
  });
}

export function panRecord(overrides: Partial<PanVerification> = {}): PanVerification {
  return {
    pan: 'AAPFU0939F',
    valid: true,
    status: 'Valid',
    category: 'Firm',
    registered_name: 'UNITED TRADERS',
    name_match: null,
    ...overrides,
  };
}

export function companyRecord(overrides: Partial<CompanyRecord> = {}): CompanyRecord {
  return {
    entity_type: 'company',
    cin: 'U51909MH2010PTC201234',
    llpin: null,
    name: 'UNITED TRADERS PRIVATE LIMITED',
    status: 'Active',
    class: 'Private',
    category: 'Company limited by Shares',
    sub_category: 'Non-govt company',
    date_of_incorporation: '2010-04-01',
    roc: 'RoC-Mumbai',
    listing_status: 'Unlisted',
    authorised_capital_inr: 1_000_000,
    paid_up_capital_inr: 500_000,
    industry: null,
    last_agm_date: '2026-09-30',
    last_balance_sheet_date: '2026-03-31',
    registered_address: { ...address, state: 'Karnataka' },
    ...overrides,
  };
}

export function llpRecord(overrides: Partial<CompanyRecord> = {}): CompanyRecord {
  return companyRecord({
    entity_type: 'llp',
    cin: null,
    llpin: 'AAB-1234',
    name: 'UNITED TRADERS LLP',
    class: 'LLP',
    authorised_capital_inr: 0,
    last_agm_date: null,
    ...overrides,
  });
}

export function director(overrides: Partial<Director> = {}): Director {
  return {
    din: '01234567',
    name: 'ASHA MEHTA',
    designation: 'Director',
    appointed_on: '2010-04-01',
    ceased_on: null,
    din_status: 'Approved',
    ...overrides,
  };
}

export function directorsRecord(directors: Director[] = [director(), director({ din: '07654321', name: 'RAVI MEHTA' })]): DirectorsRecord {
  return {
    cin: 'U51909MH2010PTC201234',
    llpin: null,
    company_name: 'UNITED TRADERS PRIVATE LIMITED',
    count: directors.length,
    current: directors.filter((d) => d.ceased_on === null).length,
    directors,
  };
}

export function cinPanRecord(overrides: Partial<CinPanMapping> = {}): CinPanMapping {
  return {
    cin: 'U51909MH2010PTC201234',
    llpin: null,
    pan: 'AAACU1234B',
    company_name: 'UNITED TRADERS PRIVATE LIMITED',
    direction: 'cin_to_pan',
    ...overrides,
  };
}

export function ok<M extends ModuleName>(data: ModuleData[M]): ModuleWrapper<M> {
  return { status: 'ok', data, charged: true, amount_inr: 0, attempts: 1, latency_ms: 120 };
}

export function failed<M extends ModuleName>(data: ModuleData[M] | null = null): ModuleWrapper<M> {
  return {
    status: 'failed',
    data,
    error: { code: 'SOURCE_UNAVAILABLE', message: 'The source did not answer' },
    charged: false,
    amount_inr: 0,
    attempts: 3,
    latency_ms: 4000,
  };
}

export function notFound<M extends ModuleName>(): ModuleWrapper<M> {
  return {
    status: 'not_found',
    data: null,
    error: { code: 'NOT_FOUND', message: 'No such record' },
    charged: false,
    amount_inr: 0,
    attempts: 1,
    latency_ms: 90,
  };
}

export function skipped<M extends ModuleName>(reason = 'not requested'): ModuleWrapper<M> {
  return { status: 'skipped', data: null, reason, charged: false, amount_inr: 0, attempts: 0, latency_ms: 0 };
}

/** Every module ok with a clean record, then the overrides. */
export function cleanModules(overrides: Partial<Business360Modules> = {}): Business360Modules {
  return {
    gst: ok(gstRecord()),
    gst_returns: ok(returnsRecord(twelvePeriods())),
    pan: ok(panRecord()),
    company: ok(companyRecord()),
    directors: ok(directorsRecord()),
    cin_pan: ok(cinPanRecord()),
    ...overrides,
  };
}

/** Every module skipped, then the overrides. */
export function skippedModules(overrides: Partial<Business360Modules> = {}): Business360Modules {
  return {
    gst: skipped(),
    gst_returns: skipped(),
    pan: skipped(),
    company: skipped(),
    directors: skipped(),
    cin_pan: skipped(),
    ...overrides,
  };
}
