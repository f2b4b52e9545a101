// A finished job's results on its page, without downloading them: the breakdown ("16
// cancelled, 6 suspended") and the rows from GET /v1/bulk/jobs/{id}/results, filtered by
// outcome, by the operation's key field, "problems only" and a search, with "Load more".
//
// Every filter, the search included, is the API's (q=), so it covers the whole job, not only
// the rows loaded so far. What a problem is, and which field is the key field, is the API's
// too (src/domain/result-breakdown.ts): the page of results names the key field and its fine
// value, so this file keeps no second copy of either.
import { button, card, clear, emptyState, errorBanner, h, pill, setChildren, table } from '../dom.js';
import { breakdownText, formatCount } from '../format.js';
import { isAbort } from './common.js';

const PAGE_ROWS = 50;
/** Empty pages followed at most for one "Load more": a rare filter over a large job reads the file a budget at a time. */
const EMPTY_PAGES_FOLLOWED = 20;

const OUTCOMES = [
  ['', 'All outcomes'],
  ['ok', 'Verified'],
  ['not_found', 'Not found'],
  ['failed', 'Failed'],
  ['invalid', 'Invalid'],
  ['cancelled', 'Cancelled'],
  ['duplicate', 'Duplicate'],
];
const OUTCOME_TONES = { ok: 'good', not_found: 'neutral', failed: 'bad', invalid: 'bad', cancelled: 'neutral', duplicate: 'neutral' };

/** Where a record keeps the supplier's name, by operation (the same places the API's q= searches). */
function recordName(data) {
  if (data === null || typeof data !== 'object') return null;
  return data.legal_name ?? data.trade_name ?? data.name ?? data.registered_name ?? data.company_name ?? data.summary?.legal_name ?? null;
}

function keyValue(data, keyField) {
  if (!keyField || data === null || typeof data !== 'object') return undefined;
  const value = keyField.name === 'level' ? data.summary?.risk?.level : data[keyField.name];
  return value === undefined || value === null ? undefined : String(value);
}

/** The results card of a job's page: `update(job)` on every status the page receives. */
export function jobResults(ctx, jobId) {
  const summary = h('div', { class: 'results-breakdown', 'data-testid': 'job-breakdown', 'aria-live': 'polite' });
  const outcome = h('select', { id: 'results-outcome', class: 'input', 'aria-label': 'Outcome' }, OUTCOMES.map(([value, label]) => h('option', { value }, label)));
  const keySelect = h('select', { id: 'results-key', class: 'input', 'aria-label': 'Key field', hidden: true });
  const problems = h('input', { type: 'checkbox', id: 'results-problems', 'data-testid': 'results-problems' });
  const search = h('input', { type: 'search', id: 'results-q', class: 'input', placeholder: 'GSTIN, PAN or name', maxlength: '100', 'aria-label': 'Search by identifier or name', autocomplete: 'off' });
  const searchForm = h('form', { class: 'results-search', role: 'search' }, search, button('Search', { type: 'submit' }));
  const tools = h('div', { class: 'results-tools', hidden: true },
    outcome, keySelect,
    h('span', { class: 'checkbox' }, problems, h('label', { for: 'results-problems', title: 'Not verified, or verified with a key field that needs a look (for GST: not Active)' }, 'Problems only')),
    searchForm);
  const tableSlot = h('div', {}, h('p', { class: 'hint' }, 'The rows can be looked at here when the job finishes.'));
  const moreSlot = h('div', { class: 'table-foot' });
  const errorSlot = h('div', {});
  // The retry links (retry_of, retried_by) and the button that retries the failed rows.
  const retrySlot = h('div', { class: 'results-retry' });
  const element = card('Rows', { subtitle: 'Each row’s outcome in upload order; filter for what needs a look.', id: 'job-rows' }, summary, retrySlot, tools, errorSlot, tableSlot, moreSlot);

  let job = null;
  let keyField = null;
  let rows = [];
  let cursor = null;
  // Each load's number: an answer to an older filter must not land over a newer one.
  let loads = 0;
  let started = false;

  /** The filters as query parameters (a plain object: queryString() writes it). */
  function query() {
    const params = { limit: String(PAGE_ROWS) };
    if (outcome.value) params.outcome = outcome.value;
    if (keyField && keySelect.value) {
      params.field = keyField.name;
      params.value = keySelect.value;
    }
    if (problems.checked) params.problems = 'true';
    if (search.value.trim()) params.q = search.value.trim();
    return params;
  }

  const queryString = (params) => Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

  function renderSummary() {
    if (!job?.breakdown) {
      clear(summary);
      return;
    }
    const text = breakdownText(job.breakdown, keyField);
    setChildren(summary,
      text.key ? h('p', { class: 'results-key strong', 'data-testid': 'job-breakdown-key' }, text.key) : null,
      h('p', { class: 'small muted' }, text.outcomes));
  }

  function renderKeySelect() {
    const name = keyField?.name;
    const values = name && job?.breakdown?.[name] ? Object.keys(job.breakdown[name]) : [];
    keySelect.hidden = values.length === 0;
    if (values.length === 0) return;
    const chosen = keySelect.value;
    setChildren(keySelect, h('option', { value: '' }, `Any ${name}`), values.map((v) => h('option', { value: v, selected: v === chosen }, v)));
  }

  function renderRows() {
    if (rows.length === 0) {
      setChildren(tableSlot, emptyState(cursor ? 'No matching rows yet' : 'No matching rows', cursor ? 'Load more to read further into the job.' : 'Change or clear the filters to see more rows.'));
      return;
    }
    setChildren(tableSlot, table({
      label: 'Result rows',
      caption: 'Result rows in upload order',
      rows,
      rowKey: (r) => String(r.row),
      columns: [
        { label: 'Row', numeric: true, render: (r) => String(r.row) },
        { label: 'Input', render: (r) => h('span', { class: 'mono small' }, Object.values(r.input ?? {}).filter((v) => v !== '' && v !== null).map(String).join(' · ')) },
        { label: 'Name', render: (r) => recordName(r.data) ?? h('span', { class: 'muted' }, '—') },
        { label: 'Outcome', render: (r) => {
          const o = r.duplicate_of !== undefined ? 'duplicate' : r.status;
          return pill(o, { label: o === 'duplicate' ? `Duplicate of ${r.duplicate_of}` : OUTCOMES.find(([v]) => v === o)?.[1] ?? o, tone: OUTCOME_TONES[o] });
        } },
        keyField ? { label: keyField.name[0].toUpperCase() + keyField.name.slice(1), render: (r) => {
          const value = keyValue(r.data, keyField);
          if (value === undefined) return h('span', { class: 'muted' }, '—');
          return value.toLowerCase() === keyField.fine_value.toLowerCase() ? value : h('span', { class: 'text-bad' }, value);
        } } : null,
        { label: 'Why', render: (r) => r.error?.message ?? '' },
      ].filter(Boolean),
    }));
  }

  function renderMore() {
    if (!cursor) {
      clear(moreSlot);
      return;
    }
    const more = button('Load more', { 'data-testid': 'results-more', onClick: () => next(more) });
    setChildren(moreSlot, more);
  }

  /** Pages on from the cursor until rows come (or the end): a page of a rare filter may hold none. */
  async function fetchPages(seq, params, from) {
    let at = from;
    const found = [];
    for (let pages = 0; pages < EMPTY_PAGES_FOLLOWED; pages++) {
      if (at) params.cursor = at;
      const page = (await ctx.api.get(`/v1/bulk/jobs/${jobId}/results?${queryString(params)}`, { signal: ctx.signal })).data;
      if (seq !== loads) return null;
      keyField = page.key_field;
      found.push(...page.rows);
      at = page.next_cursor;
      if (found.length > 0 || !at) break;
    }
    return { found, at };
  }

  async function load() {
    const seq = ++loads;
    clear(errorSlot);
    try {
      const result = await fetchPages(seq, query(), null);
      if (result === null) return;
      rows = result.found;
      cursor = result.at;
      renderSummary();
      renderKeySelect();
      renderRows();
      renderMore();
      ctx.announce(`${formatCount(rows.length)} rows shown${cursor ? ', more to load' : ''}.`);
    } catch (error) {
      if (!isAbort(error)) setChildren(errorSlot, errorBanner(error, { title: 'The rows could not be loaded' }));
    }
  }

  async function next(more) {
    const seq = loads;
    more.disabled = true;
    more.textContent = 'Loading…';
    try {
      const result = await fetchPages(seq, query(), cursor);
      if (result === null) return;
      rows = rows.concat(result.found);
      cursor = result.at;
      renderRows();
      renderMore();
    } catch (error) {
      if (!isAbort(error)) setChildren(errorSlot, errorBanner(error, { title: 'More rows could not be loaded' }));
      more.disabled = false;
      more.textContent = 'Load more';
    }
  }

  for (const control of [outcome, keySelect, problems]) control.addEventListener('change', () => load());
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });

  function renderRetry() {
    const links = [];
    if (job.retry_of) links.push(h('p', { class: 'small' }, 'Retries the failed rows of ', h('a', { href: `#/jobs/${job.retry_of}`, class: 'mono' }, job.retry_of), '.'));
    if (job.retried_by) links.push(h('p', { class: 'small' }, 'Its failed rows were retried by ', h('a', { href: `#/jobs/${job.retried_by}`, class: 'mono', 'data-testid': 'retried-by' }, job.retried_by), '.'));
    const canRetry = job.finished_at && job.status !== 'failed' && job.rows.failed > 0 && !job.retried_by;
    const retry = canRetry ? button(`Retry ${formatCount(job.rows.failed)} failed rows`, {
      'data-testid': 'retry-failed',
      onClick: async () => {
        retry.disabled = true;
        try {
          const created = (await ctx.api.post(`/v1/bulk/jobs/${jobId}/retry`, {}, { signal: ctx.signal })).data;
          ctx.announce(`Retry job created with ${created.rows.total} rows.`);
          ctx.navigate(`#/jobs/${created.job_id}`);
        } catch (error) {
          retry.disabled = false;
          if (!isAbort(error)) setChildren(errorSlot, errorBanner(error, { title: 'The failed rows were not retried' }));
        }
      },
    }) : null;
    setChildren(retrySlot, ...links, retry);
  }

  function update(latest) {
    job = latest;
    renderSummary();
    renderRetry();
    // The rows are there once the job has its result files.
    if (!started && latest.results) {
      started = true;
      tools.hidden = false;
      load();
    }
  }

  return { element, update };
}
