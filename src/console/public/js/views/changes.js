import { button, card, emptyState, errorBanner, h, loading, pill, saveBlob, setChildren, stat, table } from '../dom.js';
import { formatCount, formatDateTime, humanizeKey } from '../format.js';
import { busy, isAbort, operationLabel, pageHeader } from './common.js';

const SEVERITIES = ['high', 'medium', 'low'];
const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 };


function valueCell(value) {
  if (value === null || value === undefined || value === '') return h('span', { class: 'muted' }, '—');
  return h('span', { class: 'change-value' }, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** The supplier as the customer knows it (the row's own name and code), with its identifier. */
function supplierCell(c) {
  const code = c.vendor_code ? ` · ${c.vendor_code}` : '';
  return h('div', { class: 'change-supplier' },
    c.vendor_name ? h('div', { class: 'strong' }, c.vendor_name) : null,
    h('div', { class: c.vendor_name ? 'small muted' : '' }, h('span', { class: 'mono' }, c.identifier), code));
}

/** A run's change report (changes.json) as a table with severity colours, a filter and the files. */
export function changesView(main, ctx) {
  const { portfolioId, runId } = ctx.params;
  const subtitle = h('span', {}, runId);
  const files = h('div', { class: 'page-actions-inline' });
  const header = pageHeader('Change report', { subtitle, actions: files });
  const crumb = h('a', { href: `#/portfolios/${portfolioId}` }, '← Portfolio');
  const body = h('div', { class: 'stack' }, loading('Loading the change report…'));
  main.append(h('p', { class: 'breadcrumb' }, crumb), header, body);

  function fileButton(file, label, variant) {
    const b = button(label, {
      variant,
      'data-testid': `download-changes-${file}`,
      onClick: () => busy(b, 'Preparing…', async () => {
        try {
          const { blob, filename } = await ctx.api.download(`/v1/portfolios/${portfolioId}/runs/${runId}/changes.${file}`, `${runId}-changes.${file}`, { signal: ctx.signal });
          saveBlob(blob, filename);
          ctx.announce(`Downloaded ${filename}.`);
        } catch (error) {
          if (!isAbort(error)) body.prepend(errorBanner(error));
        }
      }),
    });
    return b;
  }

  /** The run, looked for page by page (an older run is not on the first page of runs). */
  async function findRun() {
    let cursor = null;
    do {
      const page = (await ctx.api.get(`/v1/portfolios/${portfolioId}/runs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal: ctx.signal })).data;
      const found = page.runs.find((r) => r.run_id === runId);
      if (found) return found;
      cursor = page.next_cursor ?? null;
    } while (cursor !== null);
    return undefined;
  }

  (async () => {
    let portfolio;
    let run;
    let changes;
    try {
      const [p, found] = await Promise.all([
        ctx.api.get(`/v1/portfolios/${portfolioId}`, { signal: ctx.signal }).then((a) => a.data).catch(() => null),
        findRun(),
      ]);
      portfolio = p;
      run = found;
      if (!run) throw Object.assign(new Error(`Portfolio ${portfolioId} has no run ${runId}`), { code: 'NOT_FOUND' });
      const response = await ctx.api.download(`/v1/portfolios/${portfolioId}/runs/${runId}/changes.json`, 'changes.json', { signal: ctx.signal });
      changes = JSON.parse(await response.blob.text());
    } catch (error) {
      if (!isAbort(error)) setChildren(body, errorBanner(error, error.code === 'NOT_FOUND' ? { title: 'No change report here', extra: h('p', {}, 'The run may still be going, or has passed retention. ', h('a', { href: `#/portfolios/${portfolioId}` }, 'Back to the portfolio')) } : {}));
      return;
    }

    if (portfolio) crumb.textContent = `← ${portfolio.name}`;
    setChildren(subtitle, `${portfolio ? `${portfolio.name} · ` : ''}run of ${formatDateTime(run.created_at)} · `, h('span', { class: 'mono' }, runId));
    document.title = `Changes · ${portfolio?.name ?? runId} · Console`;
    setChildren(files, fileButton('csv', 'Download changes.csv', 'primary'), fileButton('xlsx', 'changes.xlsx', 'secondary'), fileButton('json', 'changes.json', 'secondary'));

    const counts = Object.fromEntries(SEVERITIES.map((s) => [s, changes.filter((c) => c.severity === s).length]));
    const identifiers = new Set(changes.map((c) => c.identifier)).size;
    const summary = h('div', { class: 'stats stats-4' },
      stat('Changes', formatCount(changes.length), { testId: 'changes-total' }),
      stat('High severity', formatCount(counts.high), { tone: counts.high > 0 ? 'bad' : 'neutral', hint: 'Costs input tax credit or signals trouble' }),
      stat('Medium / low', `${formatCount(counts.medium)} / ${formatCount(counts.low)}`, { tone: counts.medium > 0 ? 'warn' : 'neutral' }),
      stat('Suppliers changed', `${formatCount(identifiers)} of ${formatCount(run.changes?.rows ?? 0)}`),
    );

    if (changes.length === 0) {
      setChildren(body, card(null, { className: 'card-flat' }, summary),
        card('Changes', {}, emptyState(run.changes?.previous_run_id ? 'Nothing changed since the previous run' : 'This is the baseline run',
          run.changes?.previous_run_id ? 'Every supplier answered as before.' : 'The next run is compared with this one.')));
      return;
    }

    // Filter buttons (a toggle group): one pressed at a time.
    let filter = 'all';
    const tableSlot = h('div', {});
    const filterButtons = ['all', ...SEVERITIES].map((s) => {
      const b = button(s === 'all' ? `All (${changes.length})` : `${humanizeKey(s)} (${counts[s]})`, {
        variant: 'chip', 'aria-pressed': String(s === 'all'), dataset: { severity: s },
        onClick: () => {
          filter = s;
          for (const other of filterButtons) other.setAttribute('aria-pressed', String(other === b));
          renderTable();
          ctx.announce(`Showing ${s === 'all' ? 'all' : s} changes.`);
        },
      });
      return b;
    });
    const sorted = [...changes].sort((a, b) => (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3) || String(a.identifier).localeCompare(String(b.identifier)));

    function renderTable() {
      const rows = filter === 'all' ? sorted : sorted.filter((c) => c.severity === filter);
      setChildren(tableSlot, rows.length === 0 ? emptyState(`No ${filter} severity changes`, null) : table({
        label: 'Changes',
        className: 'table-changes',
        rows,
        columns: [
          { label: 'Severity', render: (c) => pill(c.severity) },
          { label: 'Supplier', render: supplierCell },
          // The sentence first; the check and field path stay beside it for whoever filters the CSV.
          { label: 'What changed', render: (c) => h('div', { class: 'change-what' },
            h('span', { class: 'change-description' }, c.description ?? c.field),
            h('div', { class: 'small muted' }, `${operationLabel(c.check)} · `, h('span', { class: 'mono' }, c.field))) },
          { label: 'Before', render: (c) => valueCell(c.before) },
          { label: 'After', render: (c) => valueCell(c.after) },
          { label: 'Detected', render: (c) => h('span', { class: 'nowrap small' }, formatDateTime(c.detected_at)) },
        ],
      }));
    }
    renderTable();
    setChildren(body, 
      card(null, { className: 'card-flat' }, summary),
      card('Changes', { subtitle: 'Compared with each supplier’s last answer in the earlier runs.', actions: h('div', { class: 'chips', role: 'group', 'aria-label': 'Filter by severity' }, filterButtons) }, tableSlot),
    );
  })();
}
