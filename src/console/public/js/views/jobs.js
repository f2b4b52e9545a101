import { OPERATIONS } from '../catalog.js';
import { banner, button, card, clear, emptyState, errorBanner, field, h, link, loading, pill, saveBlob, setChildren, table } from '../dom.js';
import { formatCount, formatDateTime, formatInr, formatPaise, jobProgress } from '../format.js';
import { busy, every, firstItems, isAbort, operationLabel, pageHeader, showError, showOlderButton, UPLOAD_ACCEPT } from './common.js';

function columnsHint(op) {
  const needs = op.columns.map((c) => h('code', {}, c));
  const parts = [op.columns.length > 1 ? 'The CSV needs a header row with one of the columns ' : 'The CSV needs a header row with the column '];
  needs.forEach((node, index) => parts.push(index === 0 ? '' : index === needs.length - 1 ? ' or ' : ', ', node));
  if (op.optional) parts.push(' (optional: ', op.optional.map((c, i) => [i ? ', ' : '', h('code', {}, c)]), ')');
  parts.push('. Other columns are carried through to the results. Invalid rows are reported, never charged.');
  return parts;
}

function priceText(op) {
  return op.api === 'business360' ? `up to ${formatPaise(op.pricePaise)} per row` : `${formatPaise(op.pricePaise)} per row`;
}

/** A small inline progress bar for table rows. */
export function miniProgress(job) {
  const { done, cancelled, toVerify, percent } = jobProgress(job);
  return h('div', { class: 'mini-progress' },
    h('div', { class: `bar bar-sm bar-${job.status}`, role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(percent), 'aria-label': `${done} of ${toVerify} rows verified${cancelled > 0 ? `, ${cancelled} cancelled` : ''}` },
      h('span', { class: 'bar-fill', style: null, dataset: { percent: String(percent) } })),
    h('span', { class: 'small muted num' }, `${formatCount(done)}/${formatCount(toVerify)}`));
}

/** Sets bar widths from data-percent (no inline style attributes: the CSP forbids them in markup, not in CSSOM). */
export function paintBars(root) {
  for (const fill of root.querySelectorAll('.bar-fill[data-percent]')) fill.style.width = `${fill.dataset.percent}%`;
}

const JOBS_PAGE = 50;

/** The upload's query string: ?sheet= and ?columns= when filled (the API reads them from the URL, not the form). */
export function uploadQuery({ sheet, columns }) {
  const parts = [];
  if (sheet.trim() !== '') parts.push(`sheet=${encodeURIComponent(sheet.trim())}`);
  if (columns.trim() !== '') parts.push(`columns=${encodeURIComponent(columns.trim())}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Upload a CSV as a bulk job, and the account's past jobs. */
export function jobsView(main, ctx) {
  const fileInput = h('input', { type: 'file', id: 'job-file', name: 'file', accept: UPLOAD_ACCEPT, required: true, class: 'input input-file' });
  const opSelect = h('select', { id: 'job-operation', name: 'operation', class: 'input' },
    OPERATIONS.map((op) => h('option', { value: op.api, selected: op.api === 'gst.verify' }, `${op.label} · ${priceText(op)}`)));
  const nameInput = h('input', { id: 'job-name', name: 'name', type: 'text', maxlength: '200', class: 'input', placeholder: 'e.g. November vendor master', autocomplete: 'off' });
  const hint = h('p', { class: 'hint', id: 'job-columns-hint', 'aria-live': 'polite' });
  const formError = h('div', { class: 'form-error' });
  // The selected check's upload template (GET /v1/bulk/templates/{operation}.xlsx|.csv): its
  // columns and example rows that verify with a sandbox key. Fetched with the key, so a button.
  const templateButton = (operation, format) => {
    const b = button(`${operation}.${format}`, {
      variant: 'ghost',
      'data-testid': `template-${format}`,
      onClick: () => busy(b, 'Preparing…', async () => {
        try {
          const { blob, filename } = await ctx.api.download(`/v1/bulk/templates/${operation}.${format}`, `bulk-template-${operation}.${format}`, { signal: ctx.signal });
          saveBlob(blob, filename);
          clear(formError);
          ctx.announce(`Downloaded ${filename}.`);
        } catch (error) {
          if (!isAbort(error)) setChildren(formError, errorBanner(error));
        }
      }),
    });
    return b;
  };
  const template = h('p', { class: 'hint', id: 'job-template' });
  const showHint = () => {
    setChildren(hint, ...columnsHint(OPERATIONS.find((op) => op.api === opSelect.value) ?? OPERATIONS[0]));
    setChildren(template, 'Start from a template: ', templateButton(opSelect.value, 'xlsx'), ' or ', templateButton(opSelect.value, 'csv'), '.');
  };
  // Only for files the API cannot read alone: a workbook whose first sheet is not the list, or
  // a header it does not recognise. Collapsed, so the usual upload stays three fields.
  const sheetInput = h('input', { id: 'job-sheet', name: 'sheet', type: 'text', maxlength: '100', class: 'input', placeholder: 'e.g. Vendors', autocomplete: 'off' });
  const columnsInput = h('input', { id: 'job-columns', name: 'columns', type: 'text', maxlength: '1000', class: 'input mono', autocomplete: 'off', spellcheck: 'false' });
  const moreOptions = h('details', { class: 'more-options', id: 'job-more-options' },
    h('summary', {}, 'More options'),
    h('div', { class: 'form-grid' },
      field('Sheet', sheetInput, { optional: true, hint: 'For an .xlsx: the tab to read. Left empty, the first visible sheet with a header row.' }),
      field('Column mapping', columnsInput, { optional: true, hint: 'When the header names a column in a way the service does not recognise: column:Header, several separated by commas.' })));
  const showColumnsExample = () => {
    const op = OPERATIONS.find((o) => o.api === opSelect.value) ?? OPERATIONS[0];
    columnsInput.placeholder = `e.g. ${op.columns[0]}:Vendor Tax ID`;
  };
  opSelect.addEventListener('change', showHint);
  opSelect.addEventListener('change', showColumnsExample);
  showHint();
  showColumnsExample();
  const submit = button('Upload and start', { type: 'submit', variant: 'primary', id: 'job-submit' });

  const form = h('form', { class: 'form form-grid', novalidate: true },
    field('CSV or Excel (.xlsx) file', fileInput, { hint: '.csv (comma, semicolon, tab or | separated), .xlsx, or .txt / .tsv (Excel’s “Unicode Text”).' }),
    h('div', { class: 'field' }, h('label', { for: 'job-operation' }, 'Check to run on every row'), opSelect, hint, template),
    field('Job name', nameInput, { optional: true, hint: 'Shown in the job list; the file name when left empty.' }),
    moreOptions,
    formError,
    h('div', { class: 'form-actions' }, submit));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = fileInput.files?.[0];
    if (!file) {
      setChildren(formError, banner('error', 'Choose a CSV or Excel file', h('p', {}, 'Pick the vendor list to verify, with a header row.')));
      fileInput.focus();
      return;
    }
    clear(formError);
    const body = new FormData();
    // The API reads the operation before the file streams in: it must come first.
    body.append('operation', opSelect.value);
    if (nameInput.value.trim() !== '') body.append('name', nameInput.value.trim());
    body.append('file', file, file.name);
    await busy(submit, 'Uploading…', async () => {
      try {
        const query = uploadQuery({ sheet: sheetInput.value, columns: columnsInput.value });
        const created = await ctx.api.upload(`/v1/bulk/jobs${query}`, body, { signal: ctx.signal });
        ctx.announce(`Job created with ${created.data.rows.total} rows; ${formatInr(created.data.reserved_inr)} held.`);
        ctx.navigate(`#/jobs/${created.data.job_id}`);
      } catch (error) {
        // The API's words name its query parameters; say where they are on this form, and open it.
        const names = (option) => (error.message ?? '').includes(`?${option}=`) || (error.details ?? []).some((d) => d.field === option);
        const options = [['columns', 'Column mapping'], ['sheet', 'Sheet']].filter(([option]) => names(option));
        if (options.length > 0) moreOptions.open = true;
        const extra = error.code === 'WALLET_INSUFFICIENT_BALANCE'
          ? h('p', {}, 'The whole job’s maximum cost is held when it starts. ', link('Open the wallet', '#/wallet'), ' to see what is available, or upload fewer rows.')
          : options.length > 0 ? h('p', { 'data-testid': 'job-options-hint' }, 'On this form: ', options.map(([option, label], i) => [i ? '; ' : '', h('code', {}, `?${option}=`), ` is ${label} under More options`]), '.')
          : null;
        showError(formError, error, { extra });
        formError.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
      }
    });
  });

  const listSlot = h('div', {}, loading('Loading jobs…'));
  const refresh = button('Refresh', { onClick: () => load() });

  main.append(
    pageHeader('Bulk jobs', { subtitle: 'Upload a vendor list, watch it being verified, and download the results.' }),
    card('New bulk job', { subtitle: 'The job’s maximum cost is held from the wallet at upload; unused money is released when it ends.' }, form),
    card('Past jobs', { actions: refresh }, listSlot),
  );

  const olderButton = () =>
    showOlderButton('Show older jobs', listSlot, async () => {
      wanted += JOBS_PAGE;
      await load();
    });

  let timer = null;
  let shown = '';
  // Jobs wanted on screen: a page more each time "Show older jobs" is pressed.
  let wanted = JOBS_PAGE;
  // Each load's number: a poll that started before "Show older jobs" must not redraw over it.
  let loads = 0;
  async function load() {
    const seq = ++loads;
    try {
      const { items: jobs, more } = await firstItems(ctx.api, '/v1/bulk/jobs', 'jobs', wanted, { pageSize: JOBS_PAGE, signal: ctx.signal });
      if (seq !== loads) return;
      // Polling redraws only what changed, so keyboard focus in the table survives a quiet tick.
      const text = JSON.stringify([jobs, more]);
      if (text === shown) return;
      shown = text;
      if (jobs.length === 0) {
        setChildren(listSlot, emptyState('No jobs yet — upload a CSV', 'Your bulk jobs and their result files will be listed here.'));
      } else {
        setChildren(listSlot, table({
          label: 'Past bulk jobs',
          rows: jobs,
          rowKey: (job) => job.job_id,
          columns: [
            { label: 'Job', render: (job) => h('div', {}, h('a', { href: `#/jobs/${job.job_id}`, class: 'strong' }, job.name || job.job_id), h('div', { class: 'small muted mono' }, job.job_id)) },
            { label: 'Check', render: (job) => operationLabel(job.operation), className: 'nowrap' },
            { label: 'Status', render: (job) => pill(job.status) },
            { label: 'Progress', render: (job) => h('div', {}, miniProgress(job), job.rows.failed > 0 ? h('p', { class: 'small text-bad' }, `${formatCount(job.rows.failed)} failed`) : null) },
            { label: 'Rows', numeric: true, render: (job) => formatCount(job.rows.total) },
            { label: 'Charged', numeric: true, render: (job) => formatInr(job.charged_inr) },
            { label: 'Created', render: (job) => h('span', { class: 'nowrap' }, formatDateTime(job.created_at)) },
          ],
        }), more ? olderButton() : null);
        paintBars(listSlot);
      }
      // Keep the list moving while something runs; stop once everything has ended.
      const active = jobs.some((job) => job.status === 'queued' || job.status === 'running');
      if (active && timer === null) timer = every(2000, ctx.signal, load);
      if (!active && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    } catch (error) {
      if (error?.name === 'AbortError') return;
      setChildren(listSlot, errorBanner(error));
    }
  }
  load();
}
