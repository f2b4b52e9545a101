// ITC check (#/itc): which purchase invoices put input tax credit at risk, and by when to act.
// Upload a purchase register (the bulk upload form, operation itc.check), the recent registers,
// and "check one supplier". A register's own page is itc-register.js.
import { ITC_CHECK } from '../catalog.js';
import { card, emptyState, h, loading, pill, setChildren, table } from '../dom.js';
import { formatCount, formatDateTime, formatPaise } from '../format.js';
import { firstItems, pageHeader, showError } from './common.js';
import { disclaimer } from './itc-invoices.js';
import { oneSupplierCard } from './itc-one-supplier.js';
import { miniProgress, paintBars } from './jobs.js';
import { uploadForm } from './upload-form.js';

export { itcJobView } from './itc-register.js';

function registerHint() {
  const code = (c) => h('code', {}, c);
  return [
    'One row per purchase invoice: the supplier’s ', code('gstin'), ', ', code('invoice_number'), ', ', code('invoice_date'),
    ' and the tax, as one ', code('tax'), ' column or ', code('igst'), ', ', code('cgst'), ', ', code('sgst'), ' and ', code('cess'),
    ' (optional: ', code('availed_in'), ', the return period in which you took the credit). Tally purchase registers and the GST portal’s GSTR-2B/2A B2B download are read as they are. ',
    `Each supplier is checked once, at ${formatPaise(ITC_CHECK.pricePaise)}; invoice rows are free.`,
  ];
}

/** The upload, recent registers and the one-supplier form. */
export function itcView(main, ctx) {
  const form = uploadForm(ctx, {
    prefix: 'itc',
    choices: [{ api: ITC_CHECK.bulk, label: ITC_CHECK.label }],
    hintFor: registerHint,
    columnsExample: () => 'invoice_date:Bill Dt',
    fileLabel: 'Purchase register (CSV or Excel .xlsx)',
    missingFile: 'Pick the purchase register to check, with a header row.',
    namePlaceholder: 'e.g. Purchases FY 2024-25',
    submitLabel: 'Upload and check',
    onCreated: (created) => ctx.navigate(`#/itc/${created.job_id}`),
  });
  const recentSlot = h('div', {}, loading('Loading registers…'));
  main.append(
    pageHeader('ITC check', { subtitle: 'Which purchase invoices put your input tax credit at risk, and by when you must act.' }),
    disclaimer(),
    card('Check a purchase register', { subtitle: 'The suppliers’ maximum cost is held from the wallet at upload; unused money is released when the check ends.' }, form),
    card('Recent registers', {}, recentSlot),
    oneSupplierCard(ctx),
  );
  loadRecent(ctx, recentSlot);
}

async function loadRecent(ctx, slot) {
  try {
    const { items } = await firstItems(ctx.api, '/v1/bulk/jobs', 'jobs', 50, { pageSize: 50, signal: ctx.signal });
    const registers = items.filter((job) => job.operation === ITC_CHECK.bulk);
    if (registers.length === 0) {
      setChildren(slot, emptyState('No registers checked yet', 'Upload a purchase register above; its suppliers will be ranked here.'));
      return;
    }
    setChildren(slot, table({
      label: 'Recent purchase registers',
      rows: registers,
      rowKey: (job) => job.job_id,
      columns: [
        { label: 'Register', render: (job) => h('a', { href: `#/itc/${job.job_id}`, class: 'strong' }, job.name || job.job_id) },
        { label: 'Status', render: (job) => pill(job.status) },
        { label: 'Suppliers checked', render: (job) => miniProgress(job) },
        { label: 'Invoices', numeric: true, render: (job) => formatCount(job.rows.total) },
        { label: 'Created', render: (job) => h('span', { class: 'nowrap' }, formatDateTime(job.created_at)) },
      ],
    }));
    paintBars(slot);
  } catch (error) {
    showError(slot, error);
  }
}
