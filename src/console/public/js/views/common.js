// Pieces every screen uses: the page heading (focused on each route change) and error handling.
import { errorBanner, h, setChildren } from '../dom.js';

/** The page's h1 (tabindex -1 so the router can move focus to it) with an optional line and actions. */
export function pageHeader(title, { subtitle, actions, badge } = {}) {
  return h('div', { class: 'page-head' },
    h('div', { class: 'page-head-text' },
      h('h1', { id: 'page-title', tabindex: '-1' }, title, badge ? ' ' : null, badge ?? null),
      subtitle ? h('p', { class: 'page-subtitle' }, subtitle) : null),
    actions ? h('div', { class: 'page-actions' }, actions) : null);
}

export function isAbort(error) {
  return error?.name === 'AbortError';
}

/** Replaces a slot's content with an error banner, unless the screen was left (aborted). */
export function showError(slot, error, options) {
  if (isAbort(error)) return;
  setChildren(slot, errorBanner(error, options));
}

/** setInterval that stops when the route changes. */
export function every(ms, signal, fn) {
  const timer = setInterval(() => {
    if (signal.aborted) clearInterval(timer);
    else fn();
  }, ms);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return timer;
}

/** Waits `ms`, or less when the route changes. */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** Runs an async action from a button, disabling it meanwhile and showing a busy label. */
export async function busy(buttonEl, busyLabel, action) {
  const label = buttonEl.textContent;
  buttonEl.disabled = true;
  buttonEl.setAttribute('aria-busy', 'true');
  buttonEl.textContent = busyLabel;
  try {
    return await action();
  } finally {
    buttonEl.disabled = false;
    buttonEl.removeAttribute('aria-busy');
    buttonEl.textContent = label;
  }
}

/** The operations, their paths and list prices (paise), in the interface document's words. */
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

export function operationLabel(api) {
  return OPERATIONS.find((op) => op.api === api)?.label ?? api;
}
