// The ITC check's shared rendering: the disclaimer, verdicts, deadlines (marked when passed or
// within 30 days) and the invoice table, for a register's supplier and a sync answer alike.
import { h, pill, table } from '../dom.js';
import { formatDate, formatInr } from '../format.js';
import { deadlineDistance, deadlineUrgency, SEVERITY_TONES, verdictLabel, verdictTone } from '../itc.js';

export const DISCLAIMER = 'From public registration and filing data; not tax advice.';

export function disclaimer() {
  return h('p', { class: 'hint', 'data-testid': 'itc-disclaimer' }, DISCLAIMER);
}

export function verdictPill(verdict) {
  return pill(verdict ?? 'none', { label: verdictLabel(verdict), tone: verdictTone(verdict) });
}

/** A deadline, marked when it has passed or falls within 30 days (the words say it, not only the colour). */
export function deadlineCell(deadline, today) {
  const urgency = deadlineUrgency(deadline, today);
  if (urgency === null) return h('span', { class: 'muted' }, '—');
  const text = formatDate(deadline);
  if (urgency === 'later') return h('span', { class: 'nowrap' }, text);
  return h('span', { class: `nowrap deadline-${urgency}`, 'data-urgency': urgency },
    h('span', { class: urgency === 'passed' ? 'text-bad' : 'text-warn' }, text),
    h('span', { class: 'small' }, ` (${urgency === 'passed' ? 'passed, ' : ''}${deadlineDistance(deadline, today)})`));
}

function reasonsList(reasons) {
  if (reasons.length === 0) return h('span', { class: 'muted' }, 'Nothing to note');
  return h('ul', { class: 'reasons' }, reasons.map((r) => h('li', { 'data-code': r.code },
    pill(r.severity, { label: r.severity, tone: SEVERITY_TONES[r.severity] ?? 'neutral' }), ' ',
    r.message, r.rule ? h('span', { class: 'small muted' }, ` (${r.rule})`) : null)));
}

/** Invoices with their verdict, reasons and deadlines: one supplier's rows of a register, or a sync answer's. */
export function invoiceTable(invoices, { label, today }) {
  return table({
    label,
    caption: label,
    rows: invoices,
    rowKey: (inv, i) => String(inv.row ?? i),
    className: 'itc-invoices',
    columns: [
      { label: 'Invoice', render: (inv) => (inv.number === null ? h('span', { class: 'muted' }, `Row ${inv.row}`) : h('span', { class: 'mono nowrap' }, inv.number)) },
      { label: 'Date', render: (inv) => (inv.date ? h('span', { class: 'nowrap' }, formatDate(inv.date)) : '—') },
      { label: 'Period', render: (inv) => inv.period ?? '—' },
      { label: 'Verdict', render: (inv) => verdictPill(inv.verdict) },
      { label: 'Reasons', render: (inv) => (inv.problem ? h('span', { class: 'text-bad' }, inv.problem) : reasonsList(inv.reasons)) },
      { label: 'Claim by', render: (inv) => deadlineCell(inv.claim_by, today) },
      { label: 'Reverse by', render: (inv) => deadlineCell(inv.reverse_by, today) },
      { label: 'Tax', numeric: true, render: (inv) => (inv.tax_inr === null ? '—' : formatInr(inv.tax_inr)) },
      { label: 'Tax at risk', numeric: true, render: (inv) => (inv.tax_at_risk_inr === null ? '—' : h('span', { class: inv.tax_at_risk_inr > 0 ? 'text-bad' : null }, formatInr(inv.tax_at_risk_inr))) },
    ],
  });
}
