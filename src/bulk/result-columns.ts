/**
 * The key fields of each operation's record, flattened into the columns results.csv
 * appends after its fixed columns. results.jsonl carries the whole record instead; these
 * columns are the part a spreadsheet user filters and sorts on.
 *
 * No column here is named like a fixed column (`row`, `status`, `error_code`, ...): where a
 * record field is called `status` it becomes `<thing>_status`, as `gst_status` does in the
 * interface document, so the CSV never has two `status` columns.
 */
import type { Business360Profile, ModuleName } from '../domain/business360/profile.js';
import { MODULES } from '../domain/business360/profile.js';
import type { InvoiceRowData } from '../domain/itc/register-results.js';
import type { BulkOperationName } from '../domain/operations.js';
import type {
  CinPanMapping,
  CompanyRecord,
  CompanySearchResult,
  DinRecord,
  DirectorsRecord,
  GstByPanResult,
  GstRecord,
  GstReturnsRecord,
  PanVerification,
} from '../domain/records.js';

/** What each operation answers with in `data` when a row is ok. */
interface OperationData {
  business360: Business360Profile;
  'gst.verify': GstRecord;
  'gst.returns': GstReturnsRecord;
  'gst.by_pan': GstByPanResult;
  'pan.verify': PanVerification;
  'mca.company': CompanyRecord;
  'mca.search': CompanySearchResult;
  'mca.cin_to_pan': CinPanMapping;
  'mca.directors': DirectorsRecord;
  'mca.din': DinRecord;
  'itc.check': InvoiceRowData;
}

/**
 * A flattener reads its record through `Partial`-style optional access: a row's data is
 * `unknown` once it has been through the queue, and one odd record must cost one row its
 * cells, not the whole job its result file.
 */
interface Flattener<O extends BulkOperationName> {
  columns: readonly string[];
  values: (data: OperationData[O]) => Record<string, unknown>;
}

/** Multi-valued cells (GSTINs, risk flag codes) are `;`-joined, as bulk uploads are. */
const LIST_SEPARATOR = ';';

const moduleColumn = (module: ModuleName): string => `module_${module}`;
const SUMMARY_COLUMNS = ['legal_name', 'gstin', 'pan', 'cin', 'llpin'] as const;

const FLATTENERS: { [O in BulkOperationName]: Flattener<O> } = {
  business360: {
    // The entity's name and the identifiers the profile resolved come after the interface
    // document's columns (an addition), so a row uploaded by CIN or PAN alone names its company.
    columns: ['risk_level', 'risk_flags', ...MODULES.map(moduleColumn), ...SUMMARY_COLUMNS],
    values: (p) => ({
      risk_level: p.summary?.risk?.level,
      risk_flags: p.summary?.risk?.flags?.map((flag) => flag.code),
      ...Object.fromEntries(MODULES.map((m) => [moduleColumn(m), p[m]?.status])),
      ...Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, p.summary?.[c]])),
    }),
  },
  'gst.verify': {
    columns: [
      'legal_name',
      'trade_name',
      'gst_status',
      'registration_date',
      'cancellation_date',
      'taxpayer_type',
      'state',
      'pan',
      'einvoice_enabled',
    ],
    values: (r) => ({ ...r, gst_status: r.status }),
  },
  'gst.returns': {
    columns: ['filing_frequency', 'periods', 'filed_on_time', 'filed_late', 'not_filed', 'last_filed_period'],
    values: (r) => ({ ...r.summary, filing_frequency: r.filing_frequency }),
  },
  'gst.by_pan': {
    columns: ['count', 'gstins'],
    values: (r) => ({ count: r.count, gstins: r.gstins?.map((entry) => entry.gstin) }),
  },
  'pan.verify': {
    columns: ['valid', 'pan_status', 'category', 'registered_name', 'name_match_result', 'name_match_score'],
    values: (r) => ({
      ...r,
      pan_status: r.status,
      name_match_result: r.name_match?.result,
      name_match_score: r.name_match?.score,
    }),
  },
  'mca.company': {
    columns: [
      'name',
      'company_status',
      'class',
      'date_of_incorporation',
      'roc',
      'paid_up_capital_inr',
      'state',
      'last_agm_date',
    ],
    values: (r) => ({ ...r, company_status: r.status, state: r.registered_address?.state }),
  },
  'mca.search': {
    columns: ['count', 'top_name', 'top_cin', 'top_llpin', 'top_score'],
    values: (r) => {
      // The source ranks hits best first, so the first is the one a reviewer checks.
      const top = r.results?.[0];
      return { count: r.count, top_name: top?.name, top_cin: top?.cin, top_llpin: top?.llpin, top_score: top?.score };
    },
  },
  'mca.cin_to_pan': {
    columns: ['cin', 'llpin', 'pan', 'company_name'],
    values: (r) => ({ ...r }),
  },
  'mca.directors': {
    columns: ['company_name', 'count', 'current', 'disqualified_current'],
    values: (r) => ({
      ...r,
      disqualified_current: r.directors?.filter((d) => d.ceased_on === null && d.din_status === 'Disqualified').length,
    }),
  },
  'mca.din': {
    columns: ['name', 'din_status', 'companies'],
    values: (r) => ({ ...r, companies: r.companies?.length }),
  },
  // An invoice of a purchase register: its verdict, the reasons' codes and messages, its deadlines.
  'itc.check': {
    columns: ['verdict', 'reason_codes', 'reasons', 'period', 'claim_by', 'reverse_by', 'tax_inr', 'tax_at_risk_inr', 'supplier_name', 'as_of'],
    values: (r) => ({
      ...r,
      reason_codes: r.reasons?.map((reason) => reason.code),
      // One message a line (in the quoted cell): messages contain `;` and `,`, never a line break.
      reasons: r.reasons?.map((reason) => reason.message.replace(/\s*[\r\n]+\s*/g, ' ')).join(REASONS_SEPARATOR),
      tax_inr: rupees(r.tax_inr),
      tax_at_risk_inr: rupees(r.tax_at_risk_inr),
    }),
  },
};

/** Between an itc.check row's reason messages in results.csv's `reasons` cell: a line break, which no message holds. */
export const REASONS_SEPARATOR = '\n';

/** Rupees with two decimals, as charged_inr and suppliers.csv write them ("5400.00", not "5400"). */
function rupees(amount: number | null | undefined): string | undefined {
  return typeof amount === 'number' && Number.isFinite(amount) ? amount.toFixed(2) : undefined;
}

/** Key-field columns that are rupee amounts: results.xlsx writes them as numbers, as it does charged_inr. */
export const AMOUNT_RESULT_COLUMNS: ReadonlySet<string> = new Set(['tax_inr', 'tax_at_risk_inr']);

/** The flattened key-field columns of `operation`, in CSV order, after the fixed columns. */
export function resultColumns(operation: BulkOperationName): string[] {
  return [...FLATTENERS[operation].columns];
}

/**
 * One row's key fields as CSV text, keyed by exactly `resultColumns(operation)`. `data` null
 * (not found, failed, invalid, cancelled) gives every column ''; so does a record whose shape
 * a flattener cannot read (a list field that is not a list): optional access alone does not
 * stop `.map` on a string, and the row is rendered by its chunk, which must not fail for it.
 */
export function flatten(operation: BulkOperationName, data: unknown): Record<string, string> {
  const flattener = FLATTENERS[operation] as Flattener<BulkOperationName>;
  let values: Record<string, unknown> = {};
  if (data !== null && typeof data === 'object') {
    try {
      values = flattener.values(data as OperationData[BulkOperationName]);
    } catch {
      values = {};
    }
  }
  return Object.fromEntries(flattener.columns.map((column) => [column, cellText(values[column])]));
}

/** Booleans as 'true'/'false' and absent values as '' so every row reads the same way. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(LIST_SEPARATOR);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
