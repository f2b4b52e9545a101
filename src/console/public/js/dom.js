// DOM building blocks. Text from the API only ever enters the page as text nodes
// (createElement + textContent): never innerHTML.
import { formatInr, statusLabel, statusTone } from './format.js';

/**
 * h('a', {href: '#/jobs', class: 'link', onClick: fn, 'aria-label': '…'}, 'text', child, [more])
 * Attributes are set with setAttribute (or as properties for value/checked/disabled…);
 * `on<Event>` keys add listeners; strings and numbers become text nodes; null/false are skipped.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'class') {
      el.className = value;
    } else if (name === 'text') {
      el.textContent = String(value);
    } else if (name === 'value' || name === 'checked' || name === 'selected' || name === 'disabled' || name === 'hidden') {
      el[name] = value;
      if (name === 'disabled' || name === 'hidden') el.toggleAttribute(name, Boolean(value));
    } else if (name === 'dataset') {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === '') continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** Replaces an element's children; null, undefined and false are skipped (replaceChildren would print "null"). */
export function setChildren(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

let idCounter = 0;
/** A document-unique id for label/aria wiring. */
export function uid(prefix = 'id') {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** A coloured status word: green ok/completed, amber running/queued, red failed/cancelled, grey not_found. */
export function pill(status, { label, tone } = {}) {
  const text = label ?? statusLabel(status);
  return h('span', { class: `pill pill-${tone ?? statusTone(status)}`, dataset: { status: String(status ?? '') } }, text);
}

export function money(amountInr, options) {
  return h('span', { class: 'num' }, formatInr(amountInr, options));
}

/** Headline of an API error code, in the customer's terms. */
const ERROR_TITLES = {
  VALIDATION_FAILED: 'Please check the input',
  AUTH_INVALID_KEY: 'The API key was refused',
  WALLET_INSUFFICIENT_BALANCE: 'Not enough balance in the wallet',
  RECORD_NOT_FOUND: 'No record found',
  NOT_FOUND: 'Not found',
  IDEMPOTENCY_IN_PROGRESS: 'Still working on it',
  RUN_IN_PROGRESS: 'A run is already in progress',
  RESULTS_NOT_READY: 'Not finished yet',
  PAYLOAD_TOO_LARGE: 'The file is too large',
  REQUEST_TIMEOUT: 'The request was too slow to arrive',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  RATE_LIMITED: 'Too many requests',
  PROVIDER_UNAVAILABLE: 'The source is unavailable',
  PROVIDER_TIMEOUT: 'The source took too long',
  SERVICE_UNAVAILABLE: 'The service is restarting: try again',
  NETWORK: 'Cannot reach the service',
  INTERNAL_ERROR: 'Something went wrong on our side',
};

export function errorTitle(error) {
  return ERROR_TITLES[error?.code] ?? 'Something went wrong';
}

/** A banner: kind info | success | warning | error. Errors are announced (role=alert). */
export function banner(kind, title, ...body) {
  return h(
    'div',
    { class: `banner banner-${kind}`, role: kind === 'error' || kind === 'warning' ? 'alert' : 'status' },
    h('span', { class: 'banner-icon', 'aria-hidden': 'true' }, kind === 'error' ? '!' : kind === 'warning' ? '!' : kind === 'success' ? '✓' : 'i'),
    h('div', { class: 'banner-body' }, title ? h('p', { class: 'banner-title' }, title) : null, ...body),
  );
}

/** Text compared as a reader would: case, spacing and a closing full stop ignored. */
function sameText(a, b) {
  const plain = (text) => String(text ?? '').trim().replace(/\.$/, '').replace(/\s+/g, ' ').toLowerCase();
  return plain(a) === plain(b);
}

/**
 * An API error as a banner: its message, each field rule, and the request id for support. A
 * detail that only repeats the message (an intake refusal's one detail does) is left out, so
 * the same sentence is not shown twice.
 */
export function errorBanner(error, { title, extra } = {}) {
  const details = (Array.isArray(error?.details) ? error.details : []).filter((d) => !sameText(d?.message, error?.message));
  const retry = error?.retryable ? ' You can try again in a moment.' : '';
  return banner(
    error?.code === 'RECORD_NOT_FOUND' ? 'warning' : 'error',
    title ?? errorTitle(error),
    h('p', {}, `${error?.message ?? String(error)}${retry}`),
    details.length > 0
      ? h('ul', { class: 'banner-details' }, details.map((d) => h('li', {}, h('code', {}, String(d.field ?? '')), ': ', String(d.message ?? ''))))
      : null,
    extra ?? (error?.code === 'WALLET_INSUFFICIENT_BALANCE' ? h('p', {}, h('a', { href: '#/wallet' }, 'See the wallet'), ' for what is available.') : null),
    error?.requestId ? h('p', { class: 'banner-meta' }, `Request ${error.requestId}${error.code ? ` · ${error.code}` : ''}`) : null,
  );
}

export function emptyState(title, text, action) {
  return h('div', { class: 'empty' }, h('div', { class: 'empty-mark', 'aria-hidden': 'true' }), h('p', { class: 'empty-title' }, title), text ? h('p', { class: 'empty-text' }, text) : null, action ?? null);
}

export function loading(text = 'Loading…') {
  return h('div', { class: 'loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, text));
}

export function card(title, { actions, id, className, headingLevel = 2, subtitle } = {}, ...children) {
  const headingId = id ?? uid('card');
  return h(
    'section',
    { class: `card${className ? ` ${className}` : ''}`, 'aria-labelledby': title ? headingId : null },
    title || actions
      ? h('div', { class: 'card-head' },
        h('div', {}, title ? h(`h${headingLevel}`, { class: 'card-title', id: headingId }, title) : null, subtitle ? h('p', { class: 'card-subtitle' }, subtitle) : null),
        actions ? h('div', { class: 'card-actions' }, actions) : null)
      : null,
    ...children,
  );
}

export function stat(label, value, { tone, hint, testId } = {}) {
  return h('div', { class: `stat${tone ? ` stat-${tone}` : ''}`, 'data-testid': testId ?? null },
    h('p', { class: 'stat-label' }, label),
    h('p', { class: 'stat-value' }, value),
    hint ? h('p', { class: 'stat-hint' }, hint) : null);
}

/**
 * A table in a horizontally scrollable, keyboard-focusable region (narrow screens).
 * columns: [{label, render(row) → node|string, className?, numeric?}]
 */
export function table({ columns, rows, caption, label, rowKey, className }) {
  const wrap = h('div', { class: 'table-wrap', role: 'region', tabindex: '0', 'aria-label': label ?? caption ?? 'Table' });
  const t = h('table', { class: `table${className ? ` ${className}` : ''}` },
    caption ? h('caption', { class: 'visually-hidden' }, caption) : null,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', class: c.numeric ? 'num' : c.className ?? null }, c.label)))),
    h('tbody', {}, rows.map((row, index) => h('tr', { 'data-key': rowKey ? rowKey(row, index) : null },
      columns.map((c) => {
        const value = c.render ? c.render(row, index) : row[c.key];
        return h('td', { class: [c.numeric ? 'num' : '', c.className ?? ''].join(' ').trim() || null, 'data-label': c.label }, value ?? '—');
      })))),
  );
  wrap.append(t);
  return wrap;
}

export function button(label, { variant = 'secondary', onClick, type = 'button', disabled, className, ...rest } = {}) {
  return h('button', { type, class: `btn btn-${variant}${className ? ` ${className}` : ''}`, onClick, disabled, ...rest }, label);
}

export function link(label, href, { className, ...rest } = {}) {
  return h('a', { href, class: className ?? null, ...rest }, label);
}

/** A labelled form field: label, control, hint, and an error slot wired by aria-describedby. */
export function field(labelText, control, { hint, optional } = {}) {
  const id = control.id || uid('field');
  control.id = id;
  const hintId = hint ? `${id}-hint` : null;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  return h('div', { class: 'field' },
    h('label', { for: id }, labelText, optional ? h('span', { class: 'optional' }, ' (optional)') : null),
    control,
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null);
}

/** Saves a Blob under a file name: an object URL clicked as a download link, then revoked. */
export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A definition list from [label, value] pairs (values may be nodes). */
export function definitionList(entries, { className } = {}) {
  return h('dl', { class: `kv${className ? ` ${className}` : ''}` },
    entries.filter(Boolean).map(([label, value]) => h('div', { class: 'kv-row' }, h('dt', {}, label), h('dd', {}, value ?? '—'))));
}
