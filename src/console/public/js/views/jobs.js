import { OPERATIONS } from '../catalog.js';
import { button, card, emptyState, errorBanner, h, loading, pill, setChildren, table } from '../dom.js';
import { formatCount, formatDateTime, formatInr, formatPaise, jobProgress } from '../format.js';
import { every, firstItems, operationLabel, pageHeader, showOlderButton } from './common.js';
import { uploadForm } from './upload-form.js';

// Kept importable from here, where it was first written.
export { uploadQuery } from './upload-form.js';

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

/** Upload a CSV as a bulk job, and the account's past jobs. */
export function jobsView(main, ctx) {
  const form = uploadForm(ctx, {
    prefix: 'job',
    choices: OPERATIONS.map((op) => ({ api: op.api, label: `${op.label} · ${priceText(op)}` })),
    initial: 'gst.verify',
    choiceLabel: 'Check to run on every row',
    hintFor: (api) => columnsHint(OPERATIONS.find((op) => op.api === api) ?? OPERATIONS[0]),
    columnsExample: (api) => `${(OPERATIONS.find((op) => op.api === api) ?? OPERATIONS[0]).columns[0]}:Vendor Tax ID`,
    fileLabel: 'CSV or Excel (.xlsx) file',
    missingFile: 'Pick the vendor list to verify, with a header row.',
    namePlaceholder: 'e.g. November vendor master',
    onCreated: (created) => ctx.navigate(`#/jobs/${created.job_id}`),
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
