// Pieces every screen uses: the page heading (focused on each route change) and error handling.
import { ITC_CHECK, OPERATIONS } from '../catalog.js';
import { button, errorBanner, h, setChildren } from '../dom.js';

/** The page's h1 (tabindex -1 so the router can move focus to it) with an optional line and actions. */
export function pageHeader(title, { subtitle, actions, badge } = {}) {
  return h('div', { class: 'page-head' },
    h('div', { class: 'page-head-text' },
      h('h1', { id: 'page-title', tabindex: '-1' }, title, badge ? ' ' : null, badge ?? null),
      subtitle ? h('p', { class: 'page-subtitle' }, subtitle) : null),
    actions ? h('div', { class: 'page-actions' }, actions) : null);
}

/**
 * What a file picker for bulk rows offers: what the API reads (docs/bulk.md): CSV,
 * tab-separated text (.txt as Excel saves "Unicode Text", .tsv) and .xlsx workbooks.
 */
export const UPLOAD_ACCEPT = [
  '.csv', 'text/csv', '.txt', 'text/plain', '.tsv', 'text/tab-separated-values',
  '.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

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

/**
 * Whether a failed call is worth trying again: a network error or a broken stream (no HTTP
 * status), a 5xx, 408 or 429. Any other 4xx (401, 403, 404 after retention removed a job…)
 * will answer the same however often it is asked.
 */
export function isRetryable(error) {
  const status = error?.status;
  if (typeof status !== 'number') return true;
  return !(status >= 400 && status < 500) || status === 408 || status === 429;
}

/** The wait before retry number `attempt` (1, 2, …): 2 s, doubling, at most `maxMs`. */
export function retryDelay(attempt, { baseMs = 2000, maxMs = 30_000 } = {}) {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(maxMs, baseMs * 2 ** Math.min(n - 1, 20));
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

/** An operation's name in the interface document's words (its api identifier when unknown). */
export function operationLabel(api) {
  return OPERATIONS.find((op) => op.api === api)?.label ?? (api === ITC_CHECK.bulk ? ITC_CHECK.label : api);
}

/**
 * A button that asks for a second click before it acts (cancel a job, delete a portfolio). The
 * first click arms it: its label becomes `confirmLabel` for `timeoutMs`, then goes back. A second
 * click in that time clears the timer and runs `action` through busy(). An action that throws
 * has failed: `onError(error)` shows why (an abort, the screen being left, is not a failure).
 * Either way the button ends disarmed with its own label, so a failed attempt never leaves it
 * saying "Click again…" and the next click asks again. It also disarms when `signal` aborts.
 */
export function confirmButton(buttonEl, { confirmLabel, busyLabel, action, onError, timeoutMs = 5000, signal }) {
  const label = buttonEl.textContent;
  let timer = null;
  function disarm() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    delete buttonEl.dataset.confirm;
    buttonEl.textContent = label;
  }
  buttonEl.addEventListener('click', async () => {
    if (buttonEl.disabled) return;
    if (timer === null) {
      buttonEl.dataset.confirm = 'yes';
      buttonEl.textContent = confirmLabel;
      timer = setTimeout(disarm, timeoutMs);
      return;
    }
    disarm();
    try {
      await busy(buttonEl, busyLabel, action);
    } catch (error) {
      if (isAbort(error)) return;
      if (!onError) throw error;
      onError(error);
    } finally {
      disarm();
    }
  });
  signal?.addEventListener('abort', disarm, { once: true });
  return buttonEl;
}

/**
 * At least the first `count` items of a paged listing (newest first), following next_cursor a
 * page at a time: `{ items, more }`, where `more` says older items remain. A list shown this
 * way never silently stops at the API's page size.
 */
export async function firstItems(api, path, field, count, { pageSize = 50, signal } = {}) {
  let items = [];
  let cursor = null;
  do {
    const query = `limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await api.get(`${path}?${query}`, { signal })).data;
    items = items.concat(page[field]);
    cursor = page.next_cursor ?? null;
  } while (cursor !== null && items.length < count);
  return { items, more: cursor !== null };
}

/**
 * A "Show older …" button under a list in `slot` (see firstItems): `more` loads a page more
 * and redraws the slot, the button busy meanwhile. The redraw removes the focused button, so
 * focus goes on to the next page's button, or to the last row's link when none is left.
 */
export function showOlderButton(label, slot, more) {
  const older = button(label, {
    onClick: () =>
      busy(older, 'Loading…', async () => {
        await more();
        if (older.isConnected) return;
        (slot.querySelector('.table-foot button') ?? slot.querySelector('tbody tr:last-child a'))?.focus();
      }),
  });
  return h('div', { class: 'table-foot' }, older);
}
