// "Check one supplier" on the ITC check page: a GSTIN and a few invoice lines sent to
// POST /v1/gst/itc-check, the answer shown with the register's invoice table.
import { ITC_CHECK } from '../catalog.js';
import { banner, button, card, clear, field, h, setChildren, stat } from '../dom.js';
import { formatDate, formatInr, formatPaise } from '../format.js';
import { parseInvoiceLines } from '../itc.js';
import { busy, showError } from './common.js';
import { invoiceTable } from './itc-invoices.js';

/** "Check one supplier": the sync call, shown with the same invoice table. */
export function oneSupplierCard(ctx) {
  const gstin = h('input', { id: 'itc-one-gstin', name: 'gstin', type: 'text', maxlength: '15', class: 'input mono', autocomplete: 'off', spellcheck: 'false', placeholder: 'e.g. 09CKDPG5907R1ZK' });
  const lines = h('textarea', { id: 'itc-one-invoices', name: 'invoices', rows: '4', class: 'input mono', spellcheck: 'false', placeholder: 'INV-2024-118, 2024-07-10, 18000\nINV-2024-064, 20-04-2024, 5400' });
  const formError = h('div', { class: 'form-error' });
  const resultSlot = h('div', { class: 'itc-one-result', 'data-testid': 'itc-one-result', 'aria-live': 'polite' });
  const submit = button('Check supplier', { type: 'submit', variant: 'primary', id: 'itc-one-submit' });
  const form = h('form', { class: 'form form-grid', novalidate: true },
    field('Supplier GSTIN', gstin),
    field('Invoices', lines, { hint: `One invoice a line: its number, date (YYYY-MM-DD or DD-MM-YYYY) and optionally the tax in rupees, separated by commas or tabs; up to ${ITC_CHECK.maxInvoices}.` }),
    formError,
    h('div', { class: 'form-actions' }, submit));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clear(formError);
    const { invoices, problems } = parseInvoiceLines(lines.value);
    if (problems.length > 0 || invoices.length === 0) {
      // An answer shown under a refused form would read as the answer to what is now typed.
      clear(resultSlot);
      setChildren(formError, banner('error', 'Please check the invoices',
        problems.length > 0 ? h('ul', { class: 'banner-details' }, problems.map((p) => h('li', {}, p.message))) : h('p', {}, 'Write at least one invoice.')));
      lines.focus();
      return;
    }
    await busy(submit, 'Checking…', async () => {
      try {
        const answer = await ctx.api.post(ITC_CHECK.path, { gstin: gstin.value.trim().toUpperCase(), invoices }, { signal: ctx.signal });
        setChildren(resultSlot, oneSupplierResult(answer.data));
        ctx.announce(`${answer.data.supplier.legal_name}: ${formatInr(answer.data.totals.tax_at_risk_inr)} of tax at risk over ${answer.data.totals.invoices} invoices.`);
      } catch (error) {
        clear(resultSlot);
        showError(formError, error);
      }
    });
  });
  return card('Check one supplier', { subtitle: `A supplier’s GSTIN and a few of its invoices, answered at once; ${formatPaise(ITC_CHECK.pricePaise)} per check.`, id: 'itc-one-title' }, form, resultSlot);
}

function oneSupplierResult(data) {
  const s = data.supplier;
  const t = data.totals;
  return h('div', { class: 'stack' },
    h('h3', { class: 'card-title' }, s.legal_name, ' ', h('span', { class: 'mono small muted' }, s.gstin)),
    h('p', { class: 'small' }, `${s.status} · ${s.taxpayer_type} · files ${s.filing_frequency}${s.cancellation_date ? ` · cancelled from ${formatDate(s.cancellation_date)}` : ''} · as of ${formatDate(data.as_of)}`),
    h('div', { class: 'stats stats-3' },
      stat('Tax at risk', formatInr(t.tax_at_risk_inr), { tone: t.tax_at_risk_inr > 0 ? 'bad' : 'good', testId: 'itc-one-at-risk' }),
      stat('Tax', formatInr(t.tax_inr)),
      stat('Earliest deadline', t.earliest_deadline ? formatDate(t.earliest_deadline) : '—')),
    invoiceTable(data.invoices, { label: `Invoices of ${s.legal_name}`, today: data.as_of }));
}
