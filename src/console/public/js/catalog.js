// What the console knows about the server: operations with their paths, prices and CSV
// columns, the portfolio checks and named schedules, the Business360 modules, the verify
// forms and the sandbox examples. Pure data (no DOM, no imports), so that
// test/unit/console-server-facts.test.ts can compare each table with the server's own.

/** The operations, their paths, list prices (paise) and the CSV columns a bulk row needs one of. */
export const OPERATIONS = [
  { api: 'gst.verify', label: 'GST Verify', path: '/v1/gst/verify', pricePaise: 75, columns: ['gstin'] },
  { api: 'gst.returns', label: 'GST Returns', path: '/v1/gst/returns', pricePaise: 100, columns: ['gstin'], optional: ['periods'] },
  { api: 'gst.by_pan', label: 'GST by PAN', path: '/v1/gst/by-pan', pricePaise: 100, columns: ['pan'] },
  { api: 'pan.verify', label: 'PAN Verify', path: '/v1/pan/verify', pricePaise: 200, columns: ['pan'], optional: ['name'] },
  { api: 'mca.company', label: 'Company', path: '/v1/mca/company', pricePaise: 350, columns: ['cin', 'llpin'] },
  { api: 'mca.search', label: 'Company Search', path: '/v1/mca/search', pricePaise: 350, columns: ['name'] },
  { api: 'mca.cin_to_pan', label: 'CIN ↔ PAN', path: '/v1/mca/cin-to-pan', pricePaise: 350, columns: ['cin', 'pan'] },
  { api: 'mca.directors', label: 'Directors', path: '/v1/mca/directors', pricePaise: 400, columns: ['cin', 'llpin'] },
  { api: 'mca.din', label: 'DIN Lookup', path: '/v1/mca/din', pricePaise: 400, columns: ['din'] },
  { api: 'business360', label: 'Business360', path: '/v1/business360', pricePaise: 1000, columns: ['gstin', 'cin', 'pan'], optional: ['include'] },
];

/**
 * The ITC check (an addition to the ten): the sync call's path, price and invoice cap, and the
 * bulk operation's name and register columns (a tax amount, or its parts, besides these).
 */
export const ITC_CHECK = {
  api: 'gst.itc_check',
  bulk: 'itc.check',
  label: 'ITC check',
  path: '/v1/gst/itc-check',
  pricePaise: 175,
  maxInvoices: 100,
  columns: ['gstin', 'invoice_number', 'invoice_date'],
  taxColumns: ['tax', 'igst', 'cgst', 'sgst', 'cess'],
  optional: ['availed_in'],
};

/** The checks a portfolio can re-run, and what its change report compares. */
export const PORTFOLIO_OPERATIONS = [
  { api: 'gst.verify', label: 'GST Verify', hint: 'GST status, cancellation date, names and taxpayer type' },
  { api: 'gst.returns', label: 'GST Returns', hint: 'return filing per period: a GSTR-1 or GSTR-3B not filed' },
  { api: 'business360', label: 'Business360', hint: 'GST, returns, company status, directors’ DINs and the risk level with its flags' },
];

/** The time zone of the named schedules, and of a cron schedule sent without one. */
export const DEFAULT_TZ = 'Asia/Kolkata';

/** The named schedules as the cron patterns the server runs them at (in DEFAULT_TZ). */
export const NAMED_SCHEDULES = {
  daily: '0 6 * * *',
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
};

const EVERY_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "Weekly, Mon 06:00 IST": a named schedule in words, read from its cron pattern; null for another name. */
export function namedScheduleText(every) {
  const cron = Object.hasOwn(NAMED_SCHEDULES, every) ? NAMED_SCHEDULES[every] : undefined;
  if (cron === undefined) return null;
  const [minute, hour, dayOfMonth, , dayOfWeek] = cron.split(' ');
  const time = `${hour.padStart(2, '0')}:${minute.padStart(2, '0')} IST`;
  const day = dayOfWeek !== '*' ? `${WEEKDAYS[Number(dayOfWeek) % 7]} ` : dayOfMonth !== '*' ? `${ordinal(Number(dayOfMonth))} ` : '';
  return `${EVERY_LABELS[every]}, ${day}${time}`;
}

/** The Business360 modules, in the order the API lists them. */
export const B360_MODULES = [
  ['gst', 'GST registration'], ['gst_returns', 'GST returns'], ['pan', 'PAN'], ['company', 'Company'], ['directors', 'Directors'], ['cin_pan', 'CIN ↔ PAN'],
];

const LLPIN = /^[A-Z]{3}-\d{4}$/i;

/** Each operation's form fields and how their values become the request body. */
export const FORMS = {
  'gst.verify': {
    fields: [{ name: 'gstin', label: 'GSTIN', placeholder: '27AAPFU0939F1ZV', mono: true }],
    body: (v) => ({ gstin: v.gstin }),
  },
  'gst.returns': {
    fields: [
      { name: 'gstin', label: 'GSTIN', placeholder: '27AAJCS4821K1Z1', mono: true },
      { name: 'periods', label: 'Periods', type: 'number', min: 1, max: 12, value: '12', optional: true, hint: 'Latest 1 to 12 return periods.' },
    ],
    body: (v) => ({ gstin: v.gstin, ...(v.periods ? { periods: Number(v.periods) } : {}) }),
  },
  'gst.by_pan': {
    fields: [{ name: 'pan', label: 'PAN', placeholder: 'AAACV7781R', mono: true }],
    body: (v) => ({ pan: v.pan }),
  },
  'pan.verify': {
    fields: [
      { name: 'pan', label: 'PAN', placeholder: 'ABCPV1234D', mono: true },
      { name: 'name', label: 'Name to match', placeholder: 'Rahul Kumar Verma', optional: true, hint: 'Compared with the full name on record; the answer masks an individual’s name.' },
    ],
    body: (v) => ({ pan: v.pan, ...(v.name ? { name: v.name } : {}) }),
  },
  'mca.company': {
    fields: [{ name: 'id', label: 'CIN or LLPIN', placeholder: 'U10611MH2011PTC221847', mono: true }],
    body: (v) => (LLPIN.test(v.id) ? { llpin: v.id } : { cin: v.id }),
  },
  'mca.search': {
    fields: [
      { name: 'name', label: 'Company name', placeholder: 'kaveri logistics' },
      { name: 'limit', label: 'Results', type: 'number', min: 1, max: 20, value: '5', optional: true },
    ],
    body: (v) => ({ name: v.name, ...(v.limit ? { limit: Number(v.limit) } : {}) }),
  },
  'mca.cin_to_pan': {
    fields: [{ name: 'id', label: 'CIN, or a company or LLP PAN', placeholder: 'U10611MH2011PTC221847', mono: true }],
    body: (v) => (v.id.length <= 10 ? { pan: v.id } : { cin: v.id }),
  },
  'mca.directors': {
    fields: [{ name: 'id', label: 'CIN or LLPIN', placeholder: 'U41001MH2016PTC287654', mono: true }],
    body: (v) => (LLPIN.test(v.id) ? { llpin: v.id } : { cin: v.id }),
  },
  'mca.din': {
    fields: [{ name: 'din', label: 'DIN', placeholder: '09900003', mono: true }],
    body: (v) => ({ din: v.din }),
  },
  business360: {
    fields: [{ name: 'id', label: 'GSTIN, CIN or PAN', placeholder: '27AAJCS4821K1Z1', mono: true }],
    modules: true,
    body: (v) => {
      const key = v.id.length === 21 ? 'cin' : v.id.length === 10 ? 'pan' : 'gstin';
      return { [key]: v.id, ...(v.include && v.include.length < B360_MODULES.length ? { include: v.include } : {}) };
    },
  },
};

/**
 * One-click sandbox examples per check: a label, the sandbox scenario (docs/sandbox.md "Sandbox scenario
 * identifiers", samples/sandbox-identifiers.json) and the form values that send its identifiers.
 */
export const EXAMPLES = {
  'gst.verify': [
    { label: 'Active LLP', scenario: 'docs-example-llp', values: { gstin: '27AAPFU0939F1ZV' } },
    { label: 'Cancelled', scenario: 'cancelled-gstin', values: { gstin: '09BCKPY4417Q1ZK' } },
    { label: 'Suspended', scenario: 'suspended-gstin', values: { gstin: '24AAKFS7390R1Z8' } },
    { label: 'Composition', scenario: 'composition-taxpayer', values: { gstin: '08ABHPJ6254M1Z8' } },
    { label: 'Unknown', scenario: 'unknown-gstin', values: { gstin: '27ZZZCZ0404Z1ZT' } },
    { label: 'Source down', scenario: 'unavailable-gstin', values: { gstin: '27ZZZCZ5030Z1ZL' } },
  ],
  'gst.returns': [
    { label: 'On time', scenario: 'clean-company', values: { gstin: '27AAJCS4821K1Z1' } },
    { label: 'Late filer', scenario: 'late-filer', values: { gstin: '03AAEFK3268L1Z9' } },
    { label: 'Non-filer', scenario: 'non-filer', values: { gstin: '33BFLPI5582H1Z9' } },
    { label: 'Quarterly', scenario: 'quarterly-filer', values: { gstin: '23AAMCA7712P1ZA' } },
  ],
  'gst.by_pan': [
    { label: 'Four GSTINs', scenario: 'multi-state-pan', values: { pan: 'AAACV7781R' } },
    { label: 'No GST registration', scenario: 'pan-without-gstin', values: { pan: 'AAECA9012B' } },
    { label: 'Unknown', scenario: 'unknown-pan', values: { pan: 'ZZZCZ0404Z' } },
  ],
  'pan.verify': [
    { label: 'Individual, name match', scenario: 'individual-pan', values: { pan: 'ABCPV1234D', name: 'Rahul Kumar Verma' } },
    { label: 'Company', scenario: 'clean-company', values: { pan: 'AAJCS4821K' } },
    { label: 'Deactivated', scenario: 'pan-deactivated', values: { pan: 'AGWPP3340L' } },
    { label: 'Unknown', scenario: 'unknown-pan', values: { pan: 'ZZZCZ0404Z' } },
  ],
  'mca.company': [
    { label: 'Private company', scenario: 'clean-company', values: { id: 'U10611MH2011PTC221847' } },
    { label: 'LLP', scenario: 'llp', values: { id: 'ABF-4472' } },
    { label: 'Struck off', scenario: 'struck-off-company', values: { id: 'U41001TG2015PTC099871' } },
    { label: 'Under liquidation', scenario: 'company-under-liquidation', values: { id: 'U13111TN1996PLC035421' } },
  ],
  'mca.search': [
    { label: 'Kaveri logistics', scenario: 'company-search', values: { name: 'KAVERI LOGISTICS' } },
  ],
  'mca.cin_to_pan': [
    { label: 'CIN → PAN', scenario: 'clean-company', values: { id: 'U10611MH2011PTC221847' } },
    { label: 'PAN → CIN', scenario: 'clean-company', values: { id: 'AAJCS4821K' } },
  ],
  'mca.directors': [
    { label: 'Disqualified director', scenario: 'disqualified-director', values: { id: 'U41001MH2016PTC287654' } },
    { label: 'LLP partners', scenario: 'docs-example-llp', values: { id: 'AAQ-0939' } },
  ],
  'mca.din': [
    { label: 'Approved', scenario: 'clean-company', values: { din: '09900003' } },
    { label: 'Disqualified', scenario: 'disqualified-director', values: { din: '09900014' } },
  ],
  business360: [
    { label: 'Clean company', scenario: 'clean-company', values: { id: '27AAJCS4821K1Z1' } },
    { label: 'Disqualified director', scenario: 'disqualified-director', values: { id: '27AAKCM5567N1ZN' } },
    { label: 'Struck off', scenario: 'struck-off-company', values: { id: '36AAECV1123H1ZM' } },
    { label: 'Non-filer', scenario: 'non-filer', values: { id: '33BFLPI5582H1Z9' } },
    { label: 'Name mismatch', scenario: 'name-mismatch', values: { id: '19AAICS8823F1Z0' } },
    { label: 'Returns unavailable', scenario: 'returns-unavailable', values: { id: '32BNZPN6620C1ZW' } },
  ],
};
