import { DEFAULT_TZ, NAMED_SCHEDULES, PORTFOLIO_OPERATIONS, namedScheduleText } from '../catalog.js';
import { banner, button, card, clear, emptyState, errorBanner, field, h, loading, pill, setChildren, table } from '../dom.js';
import { formatCount, formatDateTime } from '../format.js';
import { busy, firstItems, operationLabel, pageHeader, showError, showOlderButton, UPLOAD_ACCEPT } from './common.js';

export function scheduleText(schedule) {
  const named = schedule?.every ? namedScheduleText(schedule.every) : null;
  if (named) return named;
  if (schedule?.cron) return `cron ${schedule.cron} (${schedule.tz ?? DEFAULT_TZ})`;
  return '—';
}

/** What the paste boxes take: the API reads the text as it reads an uploaded CSV. */
export const PASTE_PLACEHOLDER = '24AHRPM2741D1ZG\tSharma Traders\tV0042\n27AAGFS6183P1ZD';
export const PASTE_HINT = 'One supplier a line: its GSTIN (for Business360 also a CIN or PAN), then optionally its name and code, or cells copied from a spreadsheet with their header row.';

/** An invalid row: pasted text names its line, a file its row. */
const rowLabel = (r) => (r.line !== undefined ? `Line ${r.line}` : `Row ${r.row}`);

/** The add-rows result ({added, replaced, invalid, invalid_rows}) as a banner. */
export function rowsResultBanner(result) {
  const problems = (result.invalid_rows ?? []).flatMap((r) => r.problems.map((p) => h('li', {}, `${rowLabel(r)}: `, h('code', {}, p.field), `: ${p.message}`)));
  return banner(result.invalid > 0 ? 'warning' : 'success',
    `${result.added} added, ${result.replaced} replaced${result.invalid > 0 ? `, ${result.invalid} invalid (not added)` : ''}`,
    h('p', {}, `The portfolio now holds ${formatCount(result.rows)} rows.`),
    problems.length > 0 ? h('ul', { class: 'banner-details' }, problems) : null);
}

/** Create a portfolio, and list them with their last run. */
export function portfoliosView(main, ctx) {
  const name = h('input', { id: 'pf-name', name: 'name', type: 'text', required: true, maxlength: '200', class: 'input', placeholder: 'e.g. Key suppliers', autocomplete: 'off' });
  const operation = h('select', { id: 'pf-operation', name: 'operation', class: 'input' },
    PORTFOLIO_OPERATIONS.map((op) => h('option', { value: op.api, selected: op.api === 'business360' }, op.label)));
  const operationHint = h('p', { class: 'hint', id: 'pf-operation-hint' });
  const showOperationHint = () => setChildren(operationHint, `Compares ${PORTFOLIO_OPERATIONS.find((op) => op.api === operation.value)?.hint ?? ''}.`);
  operation.setAttribute('aria-describedby', 'pf-operation-hint');
  operation.addEventListener('change', showOperationHint);
  showOperationHint();
  const schedule = h('select', { id: 'pf-schedule', name: 'schedule', class: 'input' },
    Object.keys(NAMED_SCHEDULES).map((every) => h('option', { value: every, selected: every === 'weekly' }, namedScheduleText(every))),
    h('option', { value: 'cron' }, 'Custom (cron expression)…'));
  const cron = h('input', { id: 'pf-cron', name: 'cron', type: 'text', class: 'input input-mono', placeholder: '30 7 * * 1-5', autocomplete: 'off' });
  const tz = h('input', { id: 'pf-tz', name: 'tz', type: 'text', class: 'input', value: DEFAULT_TZ, autocomplete: 'off' });
  const cronFields = h('div', { class: 'form-row', hidden: true }, field('Cron (5 fields)', cron, { hint: 'At most hourly.' }), field('Time zone', tz));
  schedule.addEventListener('change', () => {
    cronFields.hidden = schedule.value !== 'cron';
  });
  const webhook = h('input', { id: 'pf-webhook', name: 'webhook_url', type: 'url', class: 'input', placeholder: 'https://example.com/hooks/bv', autocomplete: 'off' });
  const identifiers = h('textarea', { id: 'pf-rows', name: 'rows', rows: '4', class: 'input input-mono', placeholder: PASTE_PLACEHOLDER, spellcheck: 'false' });
  const file = h('input', { id: 'pf-file', name: 'file', type: 'file', accept: UPLOAD_ACCEPT, class: 'input input-file' });
  const formError = h('div', { class: 'form-error' });
  const submit = button('Create portfolio', { type: 'submit', variant: 'primary', id: 'pf-submit' });

  const form = h('form', { class: 'form form-grid', novalidate: true },
    field('Name', name),
    h('div', { class: 'field' }, h('label', { for: 'pf-operation' }, 'Check'), operation, operationHint),
    h('div', { class: 'field' }, h('label', { for: 'pf-schedule' }, 'Re-verify'), schedule),
    cronFields,
    field('Webhook URL', webhook, { optional: true, hint: 'Gets a signed portfolio.changes event when a run finds changes.' }),
    field('Suppliers', identifiers, { optional: true, hint: PASTE_HINT }),
    field('Or a CSV or Excel file of rows', file, { optional: true, hint: 'A header row with gstin (or cin, pan for Business360); other columns are kept.' }),
    formError,
    h('div', { class: 'form-actions' }, submit));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (name.value.trim() === '') {
      setChildren(formError, banner('error', 'Name the portfolio', h('p', {}, 'A name tells your portfolios apart, e.g. "Key suppliers".')));
      name.setAttribute('aria-invalid', 'true');
      name.focus();
      return;
    }
    name.removeAttribute('aria-invalid');
    clear(formError);
    const body = {
      name: name.value.trim(),
      operation: operation.value,
      schedule: schedule.value === 'cron' ? { cron: cron.value.trim(), tz: tz.value.trim() || undefined } : { every: schedule.value },
    };
    if (webhook.value.trim() !== '') body.webhook_url = webhook.value.trim();
    // Sent as text: the API keeps the valid lines and names each refused one by its line.
    if (identifiers.value.trim() !== '') body.text = identifiers.value;
    await busy(submit, 'Creating…', async () => {
      try {
        const created = (await ctx.api.post('/v1/portfolios', body, { signal: ctx.signal })).data;
        const chosen = file.files?.[0];
        if (chosen) {
          const upload = new FormData();
          upload.append('file', chosen, chosen.name);
          try {
            const added = (await ctx.api.upload(`/v1/portfolios/${created.portfolio_id}/rows`, upload, { signal: ctx.signal })).data;
            ctx.flash({ kind: added.invalid > 0 ? 'warning' : 'success', title: 'Portfolio created', message: `${added.added} rows added from ${chosen.name}${added.invalid > 0 ? `; ${added.invalid} invalid rows were left out` : ''}.` });
          } catch (error) {
            ctx.flash({ kind: 'warning', title: 'Portfolio created, but the CSV was not added', message: error.message });
          }
        } else if (created.invalid > 0) {
          ctx.flash({
            kind: 'warning',
            title: 'Portfolio created',
            message: `${created.rows} rows added; ${created.invalid === 1 ? '1 pasted line was' : `${created.invalid} pasted lines were`} left out: ${(created.invalid_rows ?? []).map((r) => `line ${r.line} (${r.problems.map((p) => `${p.field}: ${p.message}`).join('; ')})`).join(', ')}.`,
          });
        } else {
          ctx.flash({
            kind: 'success',
            title: 'Portfolio created',
            message: created.rows > 0
              ? `${created.rows} rows. Run it now to take the baseline the next runs compare with.`
              : 'Add the suppliers to watch below, then run it to take the baseline.',
          });
        }
        ctx.navigate(`#/portfolios/${created.portfolio_id}`);
      } catch (error) {
        showError(formError, error);
      }
    });
  });

  const listSlot = h('div', {}, loading('Loading portfolios…'));
  main.append(
    pageHeader('Portfolios', { subtitle: 'Supplier lists re-verified on a schedule, with a change report after every run.' }),
    h('div', { class: 'grid-aside' },
      card('Your portfolios', {}, listSlot),
      card('New portfolio', {}, form)),
  );

  const PAGE = 50;
  let wanted = PAGE;
  async function loadList() {
    try {
      const { items: list, more } = await firstItems(ctx.api, '/v1/portfolios', 'portfolios', wanted, { pageSize: PAGE, signal: ctx.signal });
      if (list.length === 0) {
        setChildren(listSlot, emptyState('No portfolios yet', 'Create one with the form: name it, pick the check and the schedule, and add your suppliers.'));
        return;
      }
      setChildren(listSlot, table({
        label: 'Portfolios',
        rows: list,
        rowKey: (p) => p.portfolio_id,
        columns: [
          { label: 'Portfolio', render: (p) => h('div', {}, h('a', { href: `#/portfolios/${p.portfolio_id}`, class: 'strong' }, p.name), h('div', { class: 'small muted' }, scheduleText(p.schedule))) },
          { label: 'Check', render: (p) => operationLabel(p.operation), className: 'nowrap' },
          { label: 'Rows', numeric: true, render: (p) => formatCount(p.rows) },
          { label: 'Last run', render: (p) => (p.last_run ? h('div', {}, pill(p.last_run.status), h('div', { class: 'small muted nowrap' }, formatDateTime(p.last_run.created_at))) : h('span', { class: 'muted' }, 'Never')) },
          { label: 'Next run', render: (p) => h('span', { class: 'nowrap' }, p.next_run_at ? formatDateTime(p.next_run_at) : '—') },
        ],
      }), more ? olderButton() : null);
    } catch (error) {
      if (error?.name !== 'AbortError') setChildren(listSlot, errorBanner(error));
    }
  }
  const olderButton = () =>
    showOlderButton('Show older portfolios', listSlot, async () => {
      wanted += PAGE;
      await loadList();
    });
  loadList();
}
