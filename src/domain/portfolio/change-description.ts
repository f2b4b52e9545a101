/**
 * One sentence per change of a portfolio's change report, for the people who act on it (an
 * onboarding or finance desk), beside the field path machines filter on: "GST registration
 * cancelled on 30 Nov 2026" rather than `cancellation_date: null → 2026-11-30`. Written for
 * every kind of change that `diffRuns` (changes.ts) produces; anything else still gets a
 * readable sentence from the field path, so a new field never shows a blank description.
 *
 * Dates are written as Indian readers write them (30 Nov 2026). The values are the record's
 * own calendar dates (YYYY-MM-DD, already India's dates), so no time zone arithmetic is done.
 */
/** The parts of a change (changes.ts `PortfolioChange`) a sentence is made of. */
export interface DescribedChange {
  check: string;
  field: string;
  before: string | null;
  after: string | null;
}

type Described = DescribedChange;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-30` → `30 Nov 2026`; anything that is not such a date is given back as it is. */
export function readableDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = match === null ? undefined : MONTHS[Number(match[2]) - 1];
  return match === null || month === undefined ? value : `${Number(match[3])} ${month} ${match[1]}`;
}

/** `2026-10` → `Oct 2026` (a quarter is shown by its last month, as the returns record has it). */
export function readableMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const month = match === null ? undefined : MONTHS[Number(match[2]) - 1];
  return match === null || month === undefined ? value : `${month} ${match[1]}`;
}

/** What a check's record is, as a subject of a sentence. */
const SUBJECT: Readonly<Record<string, string>> = {
  'gst.verify': 'GST registration',
  'gst.returns': 'GST return filings',
  'pan.verify': 'PAN',
  'mca.company': 'Company record',
  'mca.directors': 'Directors list',
  'mca.cin_to_pan': 'CIN–PAN link',
  business360: 'Business',
};

const subject = (check: string): string => SUBJECT[check] ?? check;

const RETURN_NAMES: Readonly<Record<string, string>> = { gstr1: 'GSTR-1', gstr3b: 'GSTR-3B' };

const RETURN_STATUS: Readonly<Record<string, string>> = { filed: 'filed', late: 'filed late', not_filed: 'not filed' };

/** Risk flag codes as words (docs/business360.md "Risk flags"). */
const FLAG_NAMES: Readonly<Record<string, string>> = {
  GST_CANCELLED: 'GST registration cancelled',
  GST_SUSPENDED: 'GST registration suspended',
  GST_RECENTLY_REGISTERED: 'GST registered recently',
  GST_RETURNS_NOT_FILED: 'GST returns not filed',
  GST_RETURNS_LATE: 'GST returns filed late',
  PAN_INVALID: 'PAN not valid',
  PAN_NAME_MISMATCH: 'PAN holder name does not match',
  COMPANY_STRUCK_OFF: 'company struck off',
  COMPANY_UNDER_LIQUIDATION: 'company under liquidation',
  COMPANY_FILINGS_OVERDUE: 'company filings overdue',
  COMPANY_RECENTLY_INCORPORATED: 'company incorporated recently',
  DIRECTOR_DISQUALIFIED: 'director disqualified',
  MODULE_UNAVAILABLE: 'a check was unavailable',
};

/** `SOME_NEW_CODE` → `some new code`, for a flag this table does not know yet. */
const words = (code: string): string => code.toLowerCase().replace(/[_.]+/g, ' ').trim();

const quoted = (value: string | null): string => (value === null ? 'none' : `“${value}”`);

/** "from X to Y", or how a value appeared or vanished. */
function moved(what: string, before: string | null, after: string | null, show: (v: string) => string = (v) => v): string {
  if (before === null && after !== null) return `${what} now ${show(after)}`;
  if (after === null && before !== null) return `${what} no longer shown (was ${show(before)})`;
  return `${what} changed from ${show(before ?? '')} to ${show(after ?? '')}`;
}

const same = (value: string | null, expected: string): boolean => (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase() === expected.toLowerCase();

/** A row found or no longer found (the row's status), or a Business360 module's status. */
function statusSentence(check: string, before: string | null, after: string | null): string {
  const what = subject(check);
  if (after === 'not_found') return `${what} no longer found${before === 'ok' ? '' : ` (was ${before ?? 'not checked'})`}`;
  if (after === 'ok') return `${what} found again${before === 'not_found' ? '' : ` (was ${before ?? 'not checked'})`}`;
  if (after === 'skipped') return `${what} check skipped this time (was ${before ?? 'not checked'})`;
  return moved(`${what} check`, before, after);
}

function gstStatusSentence(before: string | null, after: string | null): string {
  if (same(after, 'Cancelled')) return 'GST registration cancelled';
  if (same(after, 'Suspended')) return 'GST registration suspended';
  if (same(after, 'Active')) return `GST registration active again (was ${before ?? 'not shown'})`;
  return moved('GST registration status', before, after);
}

function cancellationSentence(before: string | null, after: string | null): string {
  if (before === null && after !== null) return `GST registration cancelled on ${readableDate(after)}`;
  if (after === null && before !== null) return `GST cancellation withdrawn (had been cancelled on ${readableDate(before)})`;
  return moved('GST cancellation date', before, after, readableDate);
}

function companyStatusSentence(before: string | null, after: string | null): string {
  if (same(after, 'Strike Off') || same(after, 'Struck Off')) return 'Company struck off the register';
  if (same(after, 'Under Liquidation')) return 'Company under liquidation';
  if (same(after, 'Active')) return `Company active again (was ${before ?? 'not shown'})`;
  return moved('Company status', before, after);
}

function dinSentence(din: string, before: string | null, after: string | null): string {
  if (same(after, 'Disqualified')) return before === null ? `New director ${din} is disqualified` : `Director ${din} disqualified`;
  if (same(after, 'Approved')) return `Director ${din}’s DIN approved again (was ${before ?? 'not shown'})`;
  return moved(`Director ${din}’s DIN status`, before, after);
}

/** `periods.2026-10.gstr3b`: a filing gap opening or closing. */
function returnSentence(period: string, key: string, before: string | null, after: string | null): string {
  const name = `${RETURN_NAMES[key] ?? key.toUpperCase()} for ${readableMonth(period)}`;
  if (after === 'not_filed') return `${name} not filed`;
  const now = after === null ? 'no longer shown' : (RETURN_STATUS[after] ?? after);
  return `${name} now ${now} (was ${before === null ? 'not shown' : (RETURN_STATUS[before] ?? before)})`;
}

const RANK: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2 };

function riskLevelSentence(before: string | null, after: string | null): string {
  if (before === null || after === null) return moved('Risk level', before, after);
  const direction = (RANK[after] ?? -1) > (RANK[before] ?? -1) ? 'rose' : 'fell';
  return `Risk level ${direction} from ${before} to ${after}`;
}

function flagSentence(code: string, before: string | null, after: string | null): string {
  const name = FLAG_NAMES[code] ?? words(code);
  const flag = `Risk flag “${name}”`;
  if (before === null) return `${flag} raised (${after ?? ''} severity)`;
  if (after === null) return `${flag} cleared (was ${before} severity)`;
  const direction = (RANK[after] ?? -1) > (RANK[before] ?? -1) ? 'rose' : 'fell';
  return `${flag} ${direction} from ${before} to ${after} severity`;
}

/** A field path the tables above do not know, read as words: `a.b_c` → `a b c`. */
function fallback(change: Described): string {
  return moved(`${subject(change.check)} ${words(change.field)}`, change.before, change.after);
}

/** The plain-language sentence for one change (no trailing full stop: it is a table cell). */
export function describeChange(change: Described): string {
  const { check, field, before, after } = change;
  if (field === 'status') return statusSentence(check, before, after);
  const directors = /^directors\.([^.]+)\.din_status$/.exec(field);
  if (directors !== null) return dinSentence(directors[1] as string, before, after);
  const returns = /^periods\.(\d{4}-\d{2})\.(gstr1|gstr3b)$/.exec(field);
  if (returns !== null) return returnSentence(returns[1] as string, returns[2] as string, before, after);
  if (field.startsWith('risk.flags.')) return flagSentence(field.slice('risk.flags.'.length), before, after);
  switch (field) {
    case 'gst_status':
      return gstStatusSentence(before, after);
    case 'cancellation_date':
      return cancellationSentence(before, after);
    case 'gstin':
      return `Profiled under GSTIN ${after ?? 'none'} instead of ${before ?? 'none'}`;
    case 'cin':
      return `Company now identified by CIN ${after ?? 'none'} instead of ${before ?? 'none'}`;
    case 'llpin':
      return `LLP now identified by LLPIN ${after ?? 'none'} instead of ${before ?? 'none'}`;
    case 'taxpayer_type':
      return moved('Taxpayer type', before, after);
    case 'legal_name':
      return `Legal name changed from ${quoted(before)} to ${quoted(after)}`;
    case 'trade_name':
      return `Trade name changed from ${quoted(before)} to ${quoted(after)}`;
    case 'einvoice_enabled':
      return after === 'true' ? 'e-invoicing now enabled' : after === 'false' ? 'e-invoicing no longer enabled' : moved('e-invoicing', before, after);
    case 'filing_frequency':
      return moved('Return filing frequency', before, after);
    case 'company_status':
      return companyStatusSentence(before, after);
    case 'risk.level':
      return riskLevelSentence(before, after);
    default:
      return fallback(change);
  }
}
