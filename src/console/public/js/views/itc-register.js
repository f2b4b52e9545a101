// One purchase register on the ITC check page (#/itc/{job}): its progress, then its suppliers
// ranked by tax at risk (GET /v1/bulk/jobs/{id}/suppliers) with a totals line, a supplier's
// invoices (GET .../results?q=<gstin>, page by page) and the four files.
import { ITC_CHECK } from '../catalog.js';
import { banner, button, card, clear, emptyState, errorBanner, h, loading, pill, saveBlob, setChildren, stat, table } from '../dom.js';
import { formatCount, formatDate, formatInr, jobProgress } from '../format.js';
import { deadlineDistance, deadlineUrgency, invoiceOfRow, todayIn } from '../itc.js';
import { busy, isAbort, isRetryable, pageHeader, retryDelay, sleep } from './common.js';
import { deadlineCell, disclaimer, invoiceTable, verdictPill } from './itc-invoices.js';

const SUPPLIERS_PAGE = 50;
const INVOICE_PAGE = 100;
/** Pages read at most for one "Load more" of a supplier's invoices (a page reads up to 10,000 rows of the register). */
const INVOICE_SCAN_PAGES = 20;

/** q= matches the GSTIN in any input cell: a row is the supplier's when its record, or (unchecked) its own cell, says so. */
function ofSupplier(row, gstin) {
  if (row.data && typeof row.data === 'object') return row.data.supplier_gstin === gstin;
  return Object.values(row.input ?? {}).some((v) => String(v).trim().toUpperCase() === gstin);
}

/** One register: progress while it runs, then the ranked suppliers, a supplier's invoices and the files. */
export function itcJobView(main, ctx) {
  const { jobId } = ctx.params;
  const header = pageHeader('ITC check', { subtitle: h('span', { class: 'mono' }, jobId) });
  const title = header.querySelector('h1');
  const body = h('div', { class: 'stack' }, loading('Loading the register…'));
  main.append(h('p', { class: 'breadcrumb' }, h('a', { href: '#/itc' }, '← ITC check')), header, disclaimer(), body);
  const today = todayIn();

  const progressSlot = h('div', {});
  const summarySlot = h('div', { class: 'itc-totals', 'data-testid': 'itc-totals' });
  const suppliersSlot = h('div', {});
  const moreSlot = h('div', { class: 'table-foot' });
  const suppliersError = h('div', {});
  const drillSlot = h('div', {});
  const downloads = h('div', { class: 'downloads' });
  const downloadError = h('div', {});
  const progressCard = card('Progress', { subtitle: 'Each supplier is checked once (GST registration and return filings), however many invoices it has.' }, progressSlot);
  const suppliersCard = card('Suppliers by tax at risk', { subtitle: 'Worst verdict of each supplier’s invoices, the tax at risk and the earliest date by which to act. Deadlines passed or within 30 days are marked.', id: 'itc-suppliers-title' },
    summarySlot, suppliersError, suppliersSlot, moreSlot);
  const filesCard = card('Files', { subtitle: 'Results: one row per invoice. Suppliers: one line per supplier, ranked as above.' }, downloads, downloadError);

  let job = null;
  let suppliers = [];
  let totals = null;
  let cursor = null;

  function fileButton(file, label) {
    const b = button(label, {
      variant: file === 'suppliers.csv' ? 'primary' : 'secondary',
      'data-testid': `download-${file.replace('.', '-')}`,
      onClick: () => busy(b, 'Preparing…', async () => {
        try {
          const { blob, filename } = await ctx.api.download(`/v1/bulk/jobs/${jobId}/${file}`, `${jobId}-${file}`, { signal: ctx.signal });
          saveBlob(blob, filename);
          clear(downloadError);
          ctx.announce(`Downloaded ${filename}.`);
        } catch (error) {
          if (!isAbort(error)) setChildren(downloadError, errorBanner(error));
        }
      }),
    });
    return b;
  }

  function showProgress(latest) {
    const { done, toVerify, percent } = jobProgress(latest);
    const r = latest.rows;
    setChildren(progressSlot,
      h('p', { class: 'progress-label', id: 'itc-progress-label' }, `${formatCount(done)} of ${formatCount(toVerify)} suppliers checked · ${formatCount(r.total)} invoice rows`),
      (() => {
        const fill = h('span', { class: 'bar-fill' });
        fill.style.width = `${percent}%`;
        return h('div', { class: `bar bar-lg bar-${latest.status}`, role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(percent), 'aria-labelledby': 'itc-progress-label', 'data-testid': 'itc-progress' }, fill);
      })(),
      h('p', { class: 'small' }, pill(latest.status, { label: latest.status === 'queued' ? 'Queued' : undefined }), ' ',
        r.invalid > 0 ? `${formatCount(r.invalid)} invalid rows (never charged). ` : '',
        'Counts, money and the full row view are on the ', h('a', { href: `#/jobs/${jobId}` }, 'bulk job page'), '.'));
  }

  function renderTotals() {
    if (!totals) return;
    const urgency = deadlineUrgency(totals.earliest_deadline, today);
    setChildren(summarySlot, h('div', { class: 'stats stats-4' },
      stat('Tax at risk', formatInr(totals.tax_at_risk_inr), { tone: totals.tax_at_risk_inr > 0 ? 'bad' : 'good', testId: 'itc-total-at-risk' }),
      stat('Suppliers needing action', `${formatCount(totals.suppliers_needing_action)} of ${formatCount(totals.suppliers)}`),
      stat('Invoices', formatCount(totals.invoices), { hint: `${formatInr(totals.tax_inr)} tax` }),
      stat('Earliest deadline', totals.earliest_deadline ? formatDate(totals.earliest_deadline) : '—', { tone: urgency === 'passed' ? 'bad' : urgency === 'soon' ? 'warn' : undefined, hint: urgency ? `${urgency === 'passed' ? 'passed, ' : ''}${deadlineDistance(totals.earliest_deadline, today)}` : undefined })));
  }

  function renderSuppliers() {
    if (suppliers.length === 0) {
      setChildren(suppliersSlot, emptyState('No suppliers', 'The register had no valid invoice rows.'));
      clear(moreSlot);
      return;
    }
    const wrap = table({
      label: 'Suppliers ranked by tax at risk',
      caption: 'Suppliers ranked by tax at risk, most first',
      rows: suppliers,
      rowKey: (s) => s.gstin,
      className: 'itc-suppliers',
      columns: [
        { label: 'Rank', numeric: true, render: (s) => String(s.rank) },
        { label: 'Supplier', render: (s) => h('div', {}, h('span', { class: 'strong' }, s.name || 'Name not known'), h('div', { class: 'small muted mono' }, s.gstin)) },
        // A supplier no source knows is judged (blocked: not registered), one whose checks failed is not.
        { label: 'Worst verdict', render: (s) => (s.worst_verdict ? h('div', {}, verdictPill(s.worst_verdict), s.check_status === 'ok' ? null : h('p', { class: 'small' }, s.error_message)) : h('div', {}, pill(s.check_status), h('p', { class: 'small' }, s.error_message))) },
        { label: 'Tax at risk', numeric: true, render: (s) => h('span', { class: s.tax_at_risk_inr > 0 ? 'text-bad' : null }, formatInr(s.tax_at_risk_inr)) },
        { label: 'Tax', numeric: true, render: (s) => formatInr(s.tax_inr) },
        { label: 'Invoices', numeric: true, render: (s) => formatCount(s.invoices) },
        { label: 'Earliest deadline', render: (s) => deadlineCell(s.earliest_deadline, today) },
        { label: 'Invoices and reasons', render: (s) => button('Show invoices', { 'aria-label': `Show the invoices of ${s.name || s.gstin}`, 'data-gstin': s.gstin, onClick: () => drill(s) }) },
      ],
    });
    // The totals line of the whole register (every page of suppliers, not only those shown).
    if (totals) {
      wrap.querySelector('table').append(h('tfoot', {}, h('tr', { 'data-testid': 'itc-totals-line' },
        h('th', { scope: 'row', colspan: '3' }, `Total, ${formatCount(totals.suppliers)} suppliers`),
        h('td', { class: 'num strong' }, formatInr(totals.tax_at_risk_inr)),
        h('td', { class: 'num' }, formatInr(totals.tax_inr)),
        h('td', { class: 'num' }, formatCount(totals.invoices)),
        h('td', {}, deadlineCell(totals.earliest_deadline, today)),
        h('td', {}))));
    }
    setChildren(suppliersSlot, wrap);
    if (cursor) {
      const more = button(`Show more suppliers (${formatCount(suppliers.length)} of ${formatCount(totals?.suppliers ?? 0)} shown)`, {
        'data-testid': 'itc-more-suppliers',
        onClick: () => busy(more, 'Loading…', () => loadSuppliers(true)),
      });
      setChildren(moreSlot, more);
    } else {
      clear(moreSlot);
    }
  }

  async function loadSuppliers(next = false) {
    clear(suppliersError);
    try {
      const page = (await ctx.api.get(`/v1/bulk/jobs/${jobId}/suppliers?limit=${SUPPLIERS_PAGE}${next && cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal: ctx.signal })).data;
      totals = page.totals;
      suppliers = next ? suppliers.concat(page.suppliers) : page.suppliers;
      cursor = page.next_cursor;
      renderTotals();
      renderSuppliers();
      if (!next) ctx.announce(`${formatCount(totals.suppliers)} suppliers; ${formatInr(totals.tax_at_risk_inr)} of tax at risk.`);
    } catch (error) {
      if (!isAbort(error)) setChildren(suppliersError, errorBanner(error, { title: 'The suppliers could not be loaded' }));
    }
  }

  /** A supplier's invoices: the register's rows that name its GSTIN (the API's q= search), page by page. */
  function drill(supplier) {
    const heading = h('h2', { class: 'card-title', id: 'itc-drill-title', tabindex: '-1' }, `Invoices of ${supplier.name || supplier.gstin}`);
    const tableSlot = h('div', {}, loading('Loading invoices…'));
    const foot = h('div', { class: 'table-foot' });
    const errorSlot = h('div', {});
    const close = button('Close', { onClick: () => {
      clear(drillSlot);
      suppliersSlot.querySelector(`button[data-gstin="${supplier.gstin}"]`)?.focus();
    } });
    setChildren(drillSlot, h('section', { class: 'card', 'aria-labelledby': 'itc-drill-title', 'data-testid': 'itc-drill' },
      h('div', { class: 'card-head' },
        h('div', {}, heading, h('p', { class: 'card-subtitle' }, h('span', { class: 'mono' }, supplier.gstin), ` · ${formatCount(supplier.invoices)} invoices · ${formatInr(supplier.tax_at_risk_inr)} at risk`)),
        h('div', { class: 'card-actions' }, close)),
      errorSlot, tableSlot, foot));
    heading.focus();
    drillSlot.scrollIntoView?.({ block: 'start' });
    let invoices = [];
    let at = null;
    const load = async () => {
      // Read on until a page has rows or the register ends: the search reads up to 10,000 rows a page.
      let found = [];
      for (let pages = 0; pages < INVOICE_SCAN_PAGES; pages++) {
        const query = `limit=${INVOICE_PAGE}&q=${encodeURIComponent(supplier.gstin)}${at ? `&cursor=${encodeURIComponent(at)}` : ''}`;
        const page = (await ctx.api.get(`/v1/bulk/jobs/${jobId}/results?${query}`, { signal: ctx.signal })).data;
        // q= searches every input cell: keep the rows of this supplier only.
        found = found.concat(page.rows.filter((r) => ofSupplier(r, supplier.gstin)));
        at = page.next_cursor;
        if (found.length > 0 || !at) break;
      }
      invoices = invoices.concat(found.map(invoiceOfRow));
      setChildren(tableSlot, invoices.length === 0 ? emptyState('No invoices found', 'The register has no rows for this supplier.') : invoiceTable(invoices, { label: `Invoices of ${supplier.name || supplier.gstin}`, today }));
      if (at) {
        const more = button('Load more invoices', { onClick: () => busy(more, 'Loading…', guarded) });
        setChildren(foot, more);
      } else {
        clear(foot);
      }
      ctx.announce(`${formatCount(invoices.length)} invoices of ${supplier.name || supplier.gstin} shown${at ? ', more to load' : ''}.`);
    };
    const guarded = async () => {
      try {
        await load();
      } catch (error) {
        if (!isAbort(error)) setChildren(errorSlot, errorBanner(error, { title: 'The invoices could not be loaded' }));
      }
    };
    guarded();
  }

  function update(latest) {
    const first = job === null;
    const wasFinished = Boolean(job?.finished_at && job?.results);
    job = latest;
    if (first) {
      if (latest.operation !== ITC_CHECK.bulk) {
        setChildren(body, banner('warning', 'Not a purchase register', h('p', {}, `This job is a ${latest.operation} job. `, h('a', { href: `#/jobs/${jobId}` }, 'Open it as a bulk job'), '.')));
        return false;
      }
      setChildren(body, progressCard, suppliersCard, drillSlot, filesCard);
    }
    title.firstChild.textContent = latest.name ? `ITC check: ${latest.name}` : 'ITC check';
    document.title = `${latest.name || 'ITC check'} · Console`;
    showProgress(latest);
    const finished = Boolean(latest.finished_at && latest.results);
    suppliersCard.hidden = !finished;
    filesCard.hidden = !finished;
    if (finished && !wasFinished) {
      setChildren(downloads,
        fileButton('suppliers.csv', 'Download suppliers.csv'),
        fileButton('suppliers.xlsx', 'Download suppliers.xlsx'),
        fileButton('results.csv', 'Download results.csv'),
        fileButton('results.xlsx', 'Download results.xlsx'));
      loadSuppliers();
    }
    if (latest.finished_at && !latest.results) setChildren(suppliersError, banner('error', 'This check ended without results', h('p', {}, latest.failure_reason ?? 'Nothing was charged for what was not checked.')));
    return true;
  }

  // Progress by polling the job (the bulk job page follows the event stream; a register's
  // suppliers are few next to its rows, so a poll every 1.5 s is plenty).
  (async () => {
    let failures = 0;
    while (!ctx.signal.aborted) {
      try {
        const latest = (await ctx.api.get(`/v1/bulk/jobs/${jobId}`, { signal: ctx.signal })).data;
        failures = 0;
        if (!update(latest) || latest.finished_at) return;
      } catch (error) {
        if (isAbort(error)) return;
        if (!isRetryable(error)) {
          setChildren(body, errorBanner(error, error.code === 'NOT_FOUND' ? { title: 'No such register', extra: h('p', {}, h('a', { href: '#/itc' }, 'Back to ITC check')) } : {}));
          return;
        }
        failures += 1;
      }
      await sleep(failures > 0 ? retryDelay(failures) : 1500, ctx.signal);
    }
  })();
}
