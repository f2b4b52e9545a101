/**
 * Business360 risk flags and level: docs/business360.md "Risk flags", the table, rule by rule.
 *
 * Flags come only from modules whose status is `ok` (a module that failed, was not found or
 * was skipped has no facts to judge); the one exception is MODULE_UNAVAILABLE, raised for each
 * module that `failed`, because then part of the picture is missing. `not_found` and
 * `skipped` are answers, not gaps, so they raise nothing.
 *
 * Order is deterministic: modules in MODULES order (gst, gst_returns, pan, company,
 * directors, cin_pan), and within a module the table's order. Each code appears at most once
 * per module; a flag's message names every fact behind it.
 */
import { daysBetween, istDate, isRealIsoDate } from '../dates.js';
import type {
  CompanyRecord,
  DirectorsRecord,
  GstRecord,
  GstReturnsRecord,
  NameMatch,
  PanVerification,
  ReturnPeriod,
} from '../records.js';
import { isLessThanMonthsBefore, isMoreThanMonthsBefore } from './calendar.js';
import {
  MODULES,
  okData,
  type Business360Modules,
  type ModuleName,
  type ModuleWrapper,
  type RiskFlag,
  type Severity,
} from './profile.js';

export interface RiskContext {
  now: Date;
  /**
   * GST legal name vs the PAN holder's full name, computed by the orchestration: the pan
   * module's registered_name is masked for individuals, so it cannot be compared here.
   * Null or absent when no comparison was made.
   */
  panNameMatch?: NameMatch['result'] | null;
}

/** docs/business360.md "Risk flags": "2+ / 1 of the last 6 periods not filed". */
export const NOT_FILED_WINDOW_PERIODS = 6;
/** docs/business360.md "Risk flags": "3+ of the last 12 periods late". */
export const LATE_WINDOW_PERIODS = 12;
export const LATE_THRESHOLD_PERIODS = 3;
export const RECENT_GST_REGISTRATION_DAYS = 180;
export const FILINGS_OVERDUE_MONTHS = 18;
export const RECENT_INCORPORATION_MONTHS = 12;

/** Facts shared by the rules: today's date in India, and the other modules' results. */
interface RuleContext {
  today: string;
  panNameMatch: NameMatch['result'] | null;
  gst: GstRecord | null;
}

function flag(module: ModuleName, code: string, severity: Severity, message: string): RiskFlag {
  return { code, severity, message, module };
}

function gstFlags(gst: GstRecord, ctx: RuleContext): RiskFlag[] {
  const flags: RiskFlag[] = [];
  if (gst.status === 'Cancelled') {
    const when = gst.cancellation_date ? `was cancelled on ${gst.cancellation_date}` : 'is cancelled';
    flags.push(flag('gst', 'GST_CANCELLED', 'high', `GSTIN ${gst.gstin} ${when}`));
  }
  if (gst.status === 'Suspended') {
    flags.push(flag('gst', 'GST_SUSPENDED', 'high', `GSTIN ${gst.gstin} is suspended`));
  }
  // Day count in India time; an unreadable date is not evidence of a recent registration.
  if (
    isRealIsoDate(gst.registration_date) &&
    daysBetween(gst.registration_date, ctx.today) < RECENT_GST_REGISTRATION_DAYS
  ) {
    flags.push(
      flag(
        'gst',
        'GST_RECENTLY_REGISTERED',
        'low',
        `GSTIN ${gst.gstin} was registered on ${gst.registration_date}, less than ${RECENT_GST_REGISTRATION_DAYS} days ago`,
      ),
    );
  }
  return flags;
}

/**
 * A period is not filed when either of its returns (GSTR-1 or GSTR-3B) is not_filed, and
 * late when none is not_filed and at least one is late. This is exactly how the returns
 * record's own summary counts not_filed and filed_late (src/domain/gst-returns.ts), so a
 * period is never both, and the flags agree with the numbers shown next to them.
 */
export function isPeriodNotFiled(period: ReturnPeriod): boolean {
  return period.gstr1.status === 'not_filed' || period.gstr3b.status === 'not_filed';
}

export function isPeriodLate(period: ReturnPeriod): boolean {
  return !isPeriodNotFiled(period) && (period.gstr1.status === 'late' || period.gstr3b.status === 'late');
}

function describePeriods(periods: readonly ReturnPeriod[], status: 'not_filed' | 'late'): string {
  return periods
    .map((p) => {
      const returns = [p.gstr1.status === status ? 'GSTR-1' : null, p.gstr3b.status === status ? 'GSTR-3B' : null];
      return `${p.period} (${returns.filter((r) => r !== null).join(', ')})`;
    })
    .join(', ');
}

function periodCount(count: number, window: number): string {
  return `${count} of the last ${window} GST return ${window === 1 ? 'period' : 'periods'} ${count === 1 ? 'was' : 'were'}`;
}

function returnsFlags(returns: GstReturnsRecord): RiskFlag[] {
  const flags: RiskFlag[] = [];
  // The record lists periods most recent first; with fewer periods than the window (a new
  // registration) the rule looks at those that exist.
  const recent = returns.periods.slice(0, NOT_FILED_WINDOW_PERIODS);
  const notFiled = recent.filter(isPeriodNotFiled);
  if (notFiled.length > 0) {
    flags.push(
      flag(
        'gst_returns',
        'GST_RETURNS_NOT_FILED',
        notFiled.length >= 2 ? 'high' : 'medium',
        `${periodCount(notFiled.length, recent.length)} not filed: ${describePeriods(notFiled, 'not_filed')}`,
      ),
    );
  }
  const window = returns.periods.slice(0, LATE_WINDOW_PERIODS);
  const late = window.filter(isPeriodLate);
  if (late.length >= LATE_THRESHOLD_PERIODS) {
    flags.push(
      flag(
        'gst_returns',
        'GST_RETURNS_LATE',
        'medium',
        `${periodCount(late.length, window.length)} filed late: ${describePeriods(late, 'late')}`,
      ),
    );
  }
  return flags;
}

/**
 * Flags judged from a module besides their own: PAN_NAME_MISMATCH is the pan module's, but it
 * compares the GST legal name (panFlags). Whoever takes a module's flags from another answer
 * (a portfolio's change report) must take these with it.
 */
export const FLAGS_ALSO_FROM: Readonly<Record<string, readonly ModuleName[]>> = { PAN_NAME_MISMATCH: ['gst'] };

function panFlags(pan: PanVerification, ctx: RuleContext): RiskFlag[] {
  const flags: RiskFlag[] = [];
  if (!pan.valid) flags.push(flag('pan', 'PAN_INVALID', 'high', `PAN ${pan.pan} is not valid`));
  // The comparison needs the GST legal name, so it is judged only when the gst module is ok.
  // The PAN holder's name is left out of the message: it is personal data for individuals.
  if (ctx.panNameMatch === 'no_match' && ctx.gst !== null) {
    flags.push(
      flag(
        'pan',
        'PAN_NAME_MISMATCH',
        'medium',
        `GST legal name "${ctx.gst.legal_name}" does not match the name registered for PAN ${pan.pan}`,
      ),
    );
  }
  return flags;
}

function companyLabel(company: CompanyRecord): string {
  const kind = company.entity_type === 'llp' ? 'LLP' : 'Company';
  const id = company.cin ?? company.llpin;
  return id === null ? `${kind} ${company.name}` : `${kind} ${id} (${company.name})`;
}

/**
 * Why the filings are overdue, or an empty list when they are not. A date more than 18
 * calendar months before today is overdue (exactly 18 months is not). A missing date counts
 * as overdue only when the entity was incorporated more than 18 months ago: a younger one
 * may not have reached its first AGM or balance sheet yet. An LLP holds no AGM, so only its
 * balance sheet (statement of accounts) date is judged. A date that cannot be read is not
 * judged either way.
 */
export function overdueFilings(company: CompanyRecord, today: string): string[] {
  const old = isRealIsoDate(company.date_of_incorporation) &&
    isMoreThanMonthsBefore(company.date_of_incorporation, FILINGS_OVERDUE_MONTHS, today);
  const checks: { label: string; date: string | null }[] = [];
  if (company.entity_type !== 'llp') checks.push({ label: 'AGM', date: company.last_agm_date });
  checks.push({ label: 'balance sheet', date: company.last_balance_sheet_date });

  const reasons: string[] = [];
  for (const { label, date } of checks) {
    if (date === null) {
      if (old) reasons.push(`no ${label} on record since incorporation on ${company.date_of_incorporation}`);
    } else if (isRealIsoDate(date) && isMoreThanMonthsBefore(date, FILINGS_OVERDUE_MONTHS, today)) {
      reasons.push(`last ${label} ${date}`);
    }
  }
  return reasons;
}

function companyFlags(company: CompanyRecord, ctx: RuleContext): RiskFlag[] {
  const flags: RiskFlag[] = [];
  const label = companyLabel(company);
  if (company.status === 'Strike Off') {
    flags.push(flag('company', 'COMPANY_STRUCK_OFF', 'high', `${label} is struck off the register`));
  }
  if (company.status === 'Under Liquidation') {
    flags.push(flag('company', 'COMPANY_UNDER_LIQUIDATION', 'high', `${label} is under liquidation`));
  }
  const overdue = overdueFilings(company, ctx.today);
  if (overdue.length > 0) {
    flags.push(
      flag(
        'company',
        'COMPANY_FILINGS_OVERDUE',
        'medium',
        `${label} filings are more than ${FILINGS_OVERDUE_MONTHS} months old: ${overdue.join('; ')}`,
      ),
    );
  }
  if (
    isRealIsoDate(company.date_of_incorporation) &&
    isLessThanMonthsBefore(company.date_of_incorporation, RECENT_INCORPORATION_MONTHS, ctx.today)
  ) {
    flags.push(
      flag(
        'company',
        'COMPANY_RECENTLY_INCORPORATED',
        'low',
        `${label} was incorporated on ${company.date_of_incorporation}, less than a year ago`,
      ),
    );
  }
  return flags;
}

function directorsFlags(directors: DirectorsRecord): RiskFlag[] {
  // Past directors (ceased_on set) are history, not the board that runs the business now.
  const disqualified = directors.directors.filter((d) => d.ceased_on === null && d.din_status === 'Disqualified');
  if (disqualified.length === 0) return [];
  const names = disqualified.map((d) => `${d.name} (DIN ${d.din})`).join(', ');
  const message =
    disqualified.length === 1
      ? `Current director ${names} is disqualified`
      : `${disqualified.length} current directors are disqualified: ${names}`;
  return [flag('directors', 'DIRECTOR_DISQUALIFIED', 'high', message)];
}

function moduleFlags(module: ModuleName, modules: Business360Modules, ctx: RuleContext): RiskFlag[] {
  switch (module) {
    case 'gst': {
      const data = okData(modules.gst);
      return data ? gstFlags(data, ctx) : [];
    }
    case 'gst_returns': {
      const data = okData(modules.gst_returns);
      return data ? returnsFlags(data) : [];
    }
    case 'pan': {
      const data = okData(modules.pan);
      return data ? panFlags(data, ctx) : [];
    }
    case 'company': {
      const data = okData(modules.company);
      return data ? companyFlags(data, ctx) : [];
    }
    case 'directors': {
      const data = okData(modules.directors);
      return data ? directorsFlags(data) : [];
    }
    case 'cin_pan':
      // The mapping only links identifiers; no rule in the table reads it.
      return [];
  }
}

function unavailable(module: ModuleName, wrapper: ModuleWrapper): RiskFlag {
  const why = wrapper.error ? ` (${wrapper.error.code})` : '';
  return flag(
    module,
    'MODULE_UNAVAILABLE',
    'low',
    `The ${module} check failed${why}, so that part of the profile is missing`,
  );
}

export function riskFlags(modules: Business360Modules, context: RiskContext): RiskFlag[] {
  const ctx: RuleContext = {
    today: istDate(context.now),
    panNameMatch: context.panNameMatch ?? null,
    gst: okData(modules.gst),
  };
  const flags: RiskFlag[] = [];
  for (const module of MODULES) {
    const wrapper: ModuleWrapper = modules[module];
    if (wrapper.status === 'failed') flags.push(unavailable(module, wrapper));
    else flags.push(...moduleFlags(module, modules, ctx));
  }
  return flags;
}

/** docs/business360.md "Risk flags": high if any high flag; medium if any medium flag or 3+ low flags; else low. */
export function riskLevel(flags: readonly RiskFlag[]): Severity {
  if (flags.some((f) => f.severity === 'high')) return 'high';
  const lowCount = flags.filter((f) => f.severity === 'low').length;
  if (flags.some((f) => f.severity === 'medium') || lowCount >= 3) return 'medium';
  return 'low';
}
