// A verification record (any operation's `data`) as readable HTML: scalars in a definition
// list, lists of objects as tables, nested records as sub-sections. Business360 gets its own
// summary (risk level, flags, modules) on top of the same pieces.
import { card, definitionList, h, pill, table } from './dom.js';
import { formatDate, formatInr, humanizeKey, statusTone } from './format.js';

const ID_KEYS = new Set(['gstin', 'pan', 'cin', 'llpin', 'din']);
const STATUS_KEYS = new Set(['status', 'din_status', 'gst_status', 'result', 'level', 'severity']);
const ADDRESS_KEYS = ['line1', 'line2', 'locality', 'city', 'district', 'state', 'pincode'];
const MODULE_LABELS = { gst: 'GST registration', gst_returns: 'GST returns', pan: 'PAN', company: 'Company', directors: 'Directors', cin_pan: 'CIN ↔ PAN' };

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

export function isAddress(value) {
  return isPlainObject(value) && 'pincode' in value && ('city' in value || 'line1' in value);
}

export function formatAddress(address) {
  return ADDRESS_KEYS.map((key) => address[key]).filter((part) => part !== null && part !== undefined && part !== '').join(', ');
}

/** One value for display: pills for statuses, ₹ for *_inr, dates as "22 Aug 2011", Yes/No. */
export function formatValue(key, value) {
  const base = String(key).split('.').pop();
  if (value === null || value === undefined || value === '') return h('span', { class: 'muted' }, '—');
  if (base === 'valid' && typeof value === 'boolean') return pill(value ? 'valid' : 'invalid', { label: value ? 'Valid' : 'Not valid' });
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (STATUS_KEYS.has(base) && typeof value === 'string') return pill(value);
  if (ID_KEYS.has(base) && typeof value === 'string') return h('span', { class: 'mono' }, value);
  if (/_inr$/.test(base) && typeof value === 'number') return h('span', { class: 'num' }, formatInr(value));
  if (base === 'score' && typeof value === 'number') return h('span', { class: 'num' }, `${Math.round(value * 100)}%`);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return h('span', { class: 'nowrap' }, formatDate(value));
  if (typeof value === 'number') return h('span', { class: 'num' }, String(value));
  if (isAddress(value)) return formatAddress(value);
  if (Array.isArray(value) && value.every(isScalar)) return value.length === 0 ? h('span', { class: 'muted' }, 'None') : value.join(', ');
  if (isPlainObject(value)) return inlineObject(value);
  return String(value);
}

/** A small object ({nic_code, description}) on one line: "NIC code 10611 · Description Flour milling". */
function inlineObject(object) {
  const parts = [];
  for (const [key, value] of Object.entries(object)) {
    if (parts.length > 0) parts.push(h('span', { class: 'sep', 'aria-hidden': 'true' }, ' · '));
    parts.push(h('span', { class: 'inline-kv' }, h('span', { class: 'muted' }, `${humanizeKey(key)} `), formatValue(key, value)));
  }
  return h('span', {}, parts);
}

/** Rows of objects flattened one level deep: {gstr1: {status}} → column "gstr1.status". */
export function flattenRows(rows) {
  const columns = [];
  const flat = rows.map((row) => {
    const out = {};
    for (const [key, value] of Object.entries(row ?? {})) {
      if (isPlainObject(value) && !isAddress(value)) {
        for (const [sub, subValue] of Object.entries(value)) out[`${key}.${sub}`] = subValue;
      } else {
        out[key] = value;
      }
    }
    for (const key of Object.keys(out)) if (!columns.includes(key)) columns.push(key);
    return out;
  });
  return { columns, rows: flat };
}

/** Any record: scalars and small objects in a definition list, lists of objects as tables, nested records below. */
export function renderRecord(data, { headingLevel = 3, skip = [] } = {}) {
  const scalars = [];
  const sections = [];
  for (const [key, value] of Object.entries(data ?? {})) {
    if (skip.includes(key)) continue;
    if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) {
      const { columns, rows } = flattenRows(value);
      sections.push(h('div', { class: 'record-section' },
        h(`h${headingLevel}`, { class: 'record-heading' }, `${humanizeKey(key)} `, h('span', { class: 'count' }, String(value.length))),
        table({ label: humanizeKey(key), rows, columns: columns.map((c) => ({ label: humanizeKey(c), render: (row) => formatValue(c, row[c]) })) })));
    } else if (isPlainObject(value) && !isAddress(value) && Object.values(value).some((v) => !isScalar(v))) {
      sections.push(h('div', { class: 'record-section' },
        h(`h${headingLevel}`, { class: 'record-heading' }, humanizeKey(key)),
        renderRecord(value, { headingLevel: Math.min(headingLevel + 1, 6) })));
    } else {
      scalars.push([humanizeKey(key), formatValue(key, value)]);
    }
  }
  return h('div', { class: 'record' }, scalars.length > 0 ? definitionList(scalars, { className: 'kv-grid' }) : null, sections);
}

/** The name a record is best known by, and the status to show beside it. */
export function recordHeadline(api, data) {
  if (api === 'business360') {
    const s = data?.summary ?? {};
    return { title: s.legal_name ?? s.trade_name ?? s.gstin ?? s.cin ?? s.pan ?? 'Business360 profile', status: s.risk?.level ? { value: s.risk.level, label: `${humanizeKey(s.risk.level)} risk` } : null };
  }
  const title = data?.legal_name ?? data?.name ?? data?.company_name ?? data?.registered_name ?? (data?.query ? `Search: ${data.query}` : null) ?? data?.gstin ?? data?.pan ?? data?.cin ?? data?.din ?? 'Record';
  const status = data?.status ?? data?.din_status ?? null;
  if (api === 'pan.verify') return { title: data?.registered_name || data?.pan || 'PAN', status: { value: data?.valid ? 'valid' : 'invalid', label: data?.status ?? (data?.valid ? 'Valid' : 'Not valid') } };
  return { title, status: status ? { value: status, label: status } : null };
}

/** Business360: risk level and flags, each module's outcome and price, then every module's record. */
export function renderBusiness360(data) {
  const summary = data.summary ?? {};
  const risk = summary.risk ?? { level: null, flags: [] };
  const modules = Object.keys(MODULE_LABELS).filter((m) => data[m]);
  const flags = risk.flags ?? [];

  const flagsList = flags.length === 0
    ? h('p', { class: 'muted' }, 'No risk flags: nothing in the answered modules calls for attention.')
    : h('ul', { class: 'flags' }, flags.map((flag) => h('li', { class: `flag flag-${statusTone(flag.severity)}` },
      pill(flag.severity),
      h('div', {}, h('p', { class: 'flag-code mono' }, flag.code), h('p', { class: 'flag-message' }, flag.message ?? ''), flag.module ? h('p', { class: 'small muted' }, `From ${MODULE_LABELS[flag.module] ?? flag.module}`) : null))));

  const identity = definitionList([
    ['Legal name', summary.legal_name ?? '—'],
    summary.trade_name && summary.trade_name !== summary.legal_name ? ['Trade name', summary.trade_name] : null,
    ['Entity type', summary.entity_type ? humanizeKey(summary.entity_type) : '—'],
    ['GSTIN', formatValue('gstin', summary.gstin)],
    ['PAN', formatValue('pan', summary.pan)],
    summary.llpin ? ['LLPIN', formatValue('llpin', summary.llpin)] : ['CIN', formatValue('cin', summary.cin)],
    ['State', formatValue('state', summary.state)],
  ]);

  const moduleTable = table({
    label: 'Modules',
    rows: modules.map((m) => ({ module: m, ...data[m] })),
    columns: [
      { label: 'Module', render: (r) => MODULE_LABELS[r.module] ?? r.module },
      { label: 'Status', render: (r) => pill(r.status) },
      { label: 'Charged', numeric: true, render: (r) => formatInr(r.amount_inr ?? 0) },
      { label: 'Note', render: (r) => (r.error?.message ?? r.reason ?? '') || h('span', { class: 'muted' }, '—') },
    ],
  });

  const details = modules
    .filter((m) => data[m].status === 'ok' && data[m].data)
    .map((m) => h('details', { class: 'module-details' },
      h('summary', {}, MODULE_LABELS[m] ?? m),
      renderRecord(data[m].data, { headingLevel: 4 })));

  return h('div', { class: 'stack' },
    h('div', { class: 'grid-2' },
      card('Risk', { headingLevel: 3, className: `card-risk risk-${risk.level ?? 'unknown'}` },
        h('p', { class: 'risk-level' }, pill(risk.level ?? 'unknown', { label: risk.level ? `${humanizeKey(risk.level)} risk` : 'Risk unknown' }),
          h('span', { class: 'muted small' }, ` ${flags.length} flag${flags.length === 1 ? '' : 's'}`)),
        flagsList),
      card('Business', { headingLevel: 3 }, identity)),
    card('Modules', { headingLevel: 3 }, moduleTable),
    details.length > 0 ? card('Module records', { headingLevel: 3, subtitle: 'Open a module to read its full record.' }, details) : null);
}
