import { banner, button, card, emptyState, errorBanner, field, h, loading, pill, setChildren, stat, table } from '../dom.js';
import { formatCount, formatDateTime, formatInr } from '../format.js';
import { busy, confirmButton, every, firstItems, isAbort, operationLabel, pageHeader, showOlderButton, UPLOAD_ACCEPT } from './common.js';
import { PASTE_HINT, PASTE_PLACEHOLDER, rowsResultBanner, scheduleText } from './portfolios.js';

const ROWS_SHOWN = 200;

/** The change summary of a run, in words and colours. */
export function changesCell(run) {
  if (run.status === 'queued' || run.status === 'running') return h('span', { class: 'muted' }, 'Running…');
  if (!run.changes) return run.status === 'completed' ? h('span', { class: 'muted' }, 'Preparing report…') : h('span', { class: 'muted' }, 'No report');
  if (run.changes.previous_run_id === null) return h('span', { class: 'muted' }, 'Baseline (first run)');
  if (run.changes.changed === 0) return pill('no_changes', { label: 'No changes', tone: 'good' });
  return h('span', { class: 'pill-row' },
    pill('changed', { label: `${run.changes.changed} changed`, tone: 'warn' }),
    run.changes.new_high_severity > 0 ? pill('high', { label: `${run.changes.new_high_severity} high`, tone: 'bad' }) : null);
}

/** One portfolio: run now, its runs with change summaries, its rows, adding and removing rows, deleting it. */
export function portfolioView(main, ctx) {
  const { portfolioId } = ctx.params;
  const subtitle = h('span', {}, portfolioId);
  const runButton = button('Run now', { variant: 'primary', id: 'pf-run', disabled: true });
  const deleteButton = button('Delete', { variant: 'danger-outline', id: 'pf-delete', disabled: true });
  const header = pageHeader('Portfolio', { subtitle, actions: [runButton, deleteButton] });
  const title = header.querySelector('h1');
  const notices = h('div', { class: 'stack-sm' });
  const stats = h('div', { class: 'stats stats-4' });
  const runsSlot = h('div', {}, loading('Loading runs…'));
  const rowsSlot = h('div', {}, loading('Loading rows…'));
  const body = h('div', { class: 'stack' }, loading('Loading portfolio…'));
  main.append(h('p', { class: 'breadcrumb' }, h('a', { href: '#/portfolios' }, '← Portfolios')), header, notices, body);

  let portfolio = null;

  // Add rows: pasted lines (sent as text, read as an upload is) or a CSV (multipart).
  const addText = h('textarea', { id: 'pf-add-rows', rows: '3', class: 'input input-mono', spellcheck: 'false', placeholder: PASTE_PLACEHOLDER });
  const addFile = h('input', { id: 'pf-add-file', type: 'file', accept: UPLOAD_ACCEPT, class: 'input input-file' });
  const addResult = h('div', {});
  const addButton = button('Add rows', { type: 'submit', id: 'pf-add-submit' });
  const addForm = h('form', { class: 'form', novalidate: true },
    field('Paste rows', addText, { optional: true, hint: PASTE_HINT }),
    field('Or a CSV or Excel file', addFile, { optional: true, hint: 'A row whose identifier the portfolio already has replaces it.' }),
    addResult,
    h('div', { class: 'form-actions' }, addButton));
  addForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = addText.value.trim() === '' ? null : addText.value;
    const chosen = addFile.files?.[0];
    if (text === null && !chosen) {
      setChildren(addResult, banner('error', 'Nothing to add', h('p', {}, 'Paste identifiers or choose a CSV file.')));
      return;
    }
    busy(addButton, 'Adding…', async () => {
      try {
        // Both, when both were given (as the create form does): the pasted rows, then the file's.
        const results = [];
        if (text !== null) {
          results.push((await ctx.api.post(`/v1/portfolios/${portfolioId}/rows`, { text }, { signal: ctx.signal })).data);
          addText.value = '';
        }
        if (chosen) {
          const form = new FormData();
          form.append('file', chosen, chosen.name);
          const fromFile = (await ctx.api.upload(`/v1/portfolios/${portfolioId}/rows`, form, { signal: ctx.signal })).data;
          // With pasted rows too, a file's row numbers say whose they are.
          if (results.length > 0) fromFile.invalid_rows = (fromFile.invalid_rows ?? []).map((r) => ({ ...r, row: `${r.row} of ${chosen.name}` }));
          results.push(fromFile);
        }
        setChildren(addResult, rowsResultBanner(combinedRowsResult(results)));
        addText.value = '';
        addFile.value = '';
        await Promise.all([loadPortfolio(), loadRows()]);
      } catch (error) {
        if (!isAbort(error)) setChildren(addResult, errorBanner(error));
      }
    });
  });

  /** Two answers of adding rows as one: counts summed, the portfolio's size from the last. */
  function combinedRowsResult(results) {
    const last = results[results.length - 1];
    const sum = (field) => results.reduce((total, r) => total + (r[field] ?? 0), 0);
    return { ...last, added: sum('added'), replaced: sum('replaced'), repeated: sum('repeated'), invalid: sum('invalid'), invalid_rows: results.flatMap((r) => r.invalid_rows ?? []) };
  }

  function renderPortfolio(p) {
    portfolio = p;
    title.textContent = p.name;
    document.title = `${p.name} · Console`;
    setChildren(subtitle, `${operationLabel(p.operation)} · ${scheduleText(p.schedule)} · `, h('span', { class: 'mono' }, p.portfolio_id));
    setChildren(stats, 
      stat('Rows', formatCount(p.rows), { testId: 'pf-rows' }),
      stat('Last run', p.last_run ? pill(p.last_run.status) : h('span', { class: 'muted' }, 'Never'), { hint: p.last_run ? formatDateTime(p.last_run.created_at) : null }),
      stat('Next scheduled run', p.next_run_at ? formatDateTime(p.next_run_at) : '—'),
      stat('Webhook', p.webhook_url ? h('span', { class: 'break small' }, p.webhook_url) : h('span', { class: 'muted' }, 'None')),
    );
    const skipped = p.skipped_runs ?? [];
    setChildren(notices, skipped.length > 0
      ? banner('warning', 'Some scheduled runs were skipped',
        h('ul', { class: 'banner-details' }, skipped.slice(0, 3).map((s) => h('li', {}, `${formatDateTime(s.at)}: ${s.message}`))))
      : null);
    runButton.disabled = false;
    deleteButton.disabled = false;
  }

  async function loadPortfolio() {
    renderPortfolio((await ctx.api.get(`/v1/portfolios/${portfolioId}`, { signal: ctx.signal })).data);
  }

  let poll = null;
  let shownRuns = '';
  const RUNS_PAGE = 25;
  // Runs wanted on screen: a page more each time "Show older runs" is pressed.
  let wantedRuns = RUNS_PAGE;
  const olderRunsButton = () =>
    showOlderButton('Show older runs', runsSlot, async () => {
      wantedRuns += RUNS_PAGE;
      await loadRuns();
    });
  // Each load's number: a poll that started before "Show older runs" must not redraw over it.
  let runLoads = 0;
  async function loadRuns() {
    const seq = ++runLoads;
    try {
      const { items: runs, more } = await firstItems(ctx.api, `/v1/portfolios/${portfolioId}/runs`, 'runs', wantedRuns, { pageSize: RUNS_PAGE, signal: ctx.signal });
      if (seq !== runLoads) return;
      const text = JSON.stringify([runs, more]);
      if (text === shownRuns) return;
      shownRuns = text;
      if (runs.length === 0) {
        setChildren(runsSlot, emptyState('No runs yet', 'Run the portfolio now to take a baseline; every later run is compared with the runs before it.'));
      } else {
        setChildren(runsSlot, table({
          label: 'Runs',
          rows: runs,
          rowKey: (run) => run.run_id,
          columns: [
            { label: 'Run', render: (run) => h('div', {}, h('span', { class: 'nowrap' }, formatDateTime(run.created_at)), h('div', { class: 'small mono' }, h('a', { href: `#/jobs/${run.run_id}` }, run.run_id))) },
            { label: 'Status', render: (run) => pill(run.status) },
            { label: 'Rows', numeric: true, render: (run) => formatCount(run.job?.rows?.total ?? run.changes?.rows ?? 0) },
            { label: 'Charged', numeric: true, render: (run) => formatInr(run.charged_inr) },
            { label: 'Changes', render: changesCell },
            { label: '', render: (run) => (run.files && run.changes?.previous_run_id ? h('a', { href: `#/portfolios/${portfolioId}/runs/${run.run_id}`, class: 'btn btn-secondary btn-sm', 'data-testid': 'view-changes' }, 'View changes') : null) },
          ],
        }), more ? olderRunsButton() : null);
      }
      const pending = runs.some((run) => run.status === 'queued' || run.status === 'running' || (run.status === 'completed' && !run.changes));
      if (pending && poll === null) poll = every(1500, ctx.signal, () => loadRuns());
      if (!pending && poll !== null) {
        clearInterval(poll);
        poll = null;
        ctx.announce('The run has finished.');
        loadPortfolio().catch(() => {});
      }
    } catch (error) {
      if (!isAbort(error)) setChildren(runsSlot, errorBanner(error));
    }
  }

  // Rows wanted on screen: a page more each time "Show more rows" is pressed.
  let wantedRows = ROWS_SHOWN;
  const moreRowsButton = () =>
    showOlderButton('Show more rows', rowsSlot, async () => {
      wantedRows += ROWS_SHOWN;
      await loadRows();
    });
  async function loadRows() {
    try {
      const { items: rows, more } = await firstItems(ctx.api, `/v1/portfolios/${portfolioId}/rows`, 'rows', wantedRows, { pageSize: ROWS_SHOWN, signal: ctx.signal });
      if (rows.length === 0) {
        setChildren(rowsSlot, emptyState('No rows yet', 'Add the suppliers to watch: paste identifiers or upload a CSV.'));
        return;
      }
      const named = rows.some((row) => row.vendor_name || row.vendor_code);
      const extra = [...new Set(rows.flatMap((row) => Object.keys(row.columns)))].filter((key) => addsToIdentifier(rows, key) && !(named && isSupplierColumn(rows, key)));
      setChildren(rowsSlot, 
        table({
          label: 'Portfolio rows',
          rows,
          rowKey: (row) => row.identifier,
          columns: [
            { label: 'Identifier', render: (row) => h('span', { class: 'mono' }, row.identifier) },
            ...(named ? [
              { label: 'Supplier', render: (row) => row.vendor_name || h('span', { class: 'muted' }, '—') },
              { label: 'Code', render: (row) => row.vendor_code || h('span', { class: 'muted' }, '—') },
            ] : []),
            ...extra.map((key) => ({ label: key, render: (row) => row.columns[key] || '—' })),
            { label: '', render: (row) => removeButton(row.identifier) },
          ],
        }),
        more ? h('p', { class: 'hint' }, `Showing the first ${formatCount(rows.length)}${portfolio ? ` of ${formatCount(portfolio.rows)}` : ''} rows.`) : null,
        more ? moreRowsButton() : null,
      );
    } catch (error) {
      if (!isAbort(error)) setChildren(rowsSlot, errorBanner(error));
    }
  }

  /** A column shown as the Supplier or Code already (the API found the name and code in it). */
  function isSupplierColumn(rows, key) {
    return rows.every((row) => (row.columns[key] ?? '').trim() === '' || [row.vendor_name, row.vendor_code].includes(row.columns[key].trim()));
  }

  /** Columns other than the one that holds the identifier itself. */
  function addsToIdentifier(rows, key) {
    return !rows.every((row) => String(row.columns[key] ?? '').toUpperCase() === row.identifier || (row.columns[key] ?? '') === '');
  }

  function removeButton(identifier) {
    const b = button('Remove', { variant: 'ghost', className: 'btn-sm', 'aria-label': `Remove ${identifier}` });
    b.addEventListener('click', () => busy(b, 'Removing…', async () => {
      try {
        await ctx.api.del(`/v1/portfolios/${portfolioId}/rows/${encodeURIComponent(identifier)}`, { signal: ctx.signal });
        ctx.announce(`Removed ${identifier}.`);
        await Promise.all([loadPortfolio(), loadRows()]);
      } catch (error) {
        if (!isAbort(error)) rowsSlot.prepend(errorBanner(error));
      }
    }));
    return b;
  }

  runButton.addEventListener('click', () => busy(runButton, 'Starting…', async () => {
    try {
      const started = (await ctx.api.post(`/v1/portfolios/${portfolioId}/run`, {}, { signal: ctx.signal })).data;
      setChildren(notices, banner('info', 'Run started', h('p', {}, 'Every row is being re-verified; the change report appears in the runs below when it ends. ', h('a', { href: `#/jobs/${started.run_id}` }, 'Follow the job'))));
      ctx.announce('Run started.');
      await loadRuns();
    } catch (error) {
      if (!isAbort(error)) setChildren(notices, errorBanner(error, error.code === 'WALLET_INSUFFICIENT_BALANCE' ? { extra: h('p', {}, h('a', { href: '#/wallet' }, 'Open the wallet')) } : {}));
    }
  }));

  confirmButton(deleteButton, {
    confirmLabel: 'Click again to delete',
    busyLabel: 'Deleting…',
    signal: ctx.signal,
    action: async () => {
      await ctx.api.del(`/v1/portfolios/${portfolioId}`, { signal: ctx.signal });
      ctx.flash({ kind: 'success', title: 'Portfolio deleted', message: `${portfolio?.name ?? portfolioId} will not run again. Its past runs and reports stay available until retention.` });
      ctx.navigate('#/portfolios');
    },
    onError: (error) => setChildren(notices, errorBanner(error)),
  });

  (async () => {
    try {
      await loadPortfolio();
    } catch (error) {
      if (!isAbort(error)) setChildren(body, errorBanner(error, error.code === 'NOT_FOUND' ? { title: 'No such portfolio', extra: h('p', {}, h('a', { href: '#/portfolios' }, 'Back to portfolios')) } : {}));
      return;
    }
    setChildren(body, 
      card(null, { className: 'card-flat' }, stats),
      card('Runs', { subtitle: 'Each run is a bulk job; from the second on, it is compared with the earlier runs.' }, runsSlot),
      h('div', { class: 'grid-2' },
        card('Rows', {}, rowsSlot),
        card('Add rows', {}, addForm)),
    );
    loadRuns();
    loadRows();
  })();
}
