// The bulk upload form, shared by Bulk jobs (any check, chosen in a list) and ITC check (a
// purchase register: one fixed operation). File, template downloads, an optional name, and
// More options (Sheet, Column mapping) sent as ?sheet= and ?columns=.
import { banner, button, clear, errorBanner, field, h, link, saveBlob, setChildren } from '../dom.js';
import { formatInr } from '../format.js';
import { busy, isAbort, showError, UPLOAD_ACCEPT } from './common.js';

/** The upload's query string: ?sheet= and ?columns= when filled (the API reads them from the URL, not the form). */
export function uploadQuery({ sheet, columns }) {
  const parts = [];
  if (sheet.trim() !== '') parts.push(`sheet=${encodeURIComponent(sheet.trim())}`);
  if (columns.trim() !== '') parts.push(`columns=${encodeURIComponent(columns.trim())}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/**
 * The form. `choices` are [{api, label}] for a select (Bulk jobs), or one entry for a fixed
 * operation (no select). `hintFor(api)` gives the columns hint's children, `columnsExample(api)`
 * the Column mapping placeholder. Ids are `${prefix}-file`, `${prefix}-sheet`, …; once created,
 * `onCreated(data)` gets the 202's data.
 */
export function uploadForm(ctx, { prefix, choices, initial, choiceLabel, hintFor, columnsExample, fileLabel, missingFile, namePlaceholder, submitLabel = 'Upload and start', onCreated }) {
  const fileInput = h('input', { type: 'file', id: `${prefix}-file`, name: 'file', accept: UPLOAD_ACCEPT, required: true, class: 'input input-file' });
  const fixed = choices.length === 1;
  const opSelect = fixed ? null : h('select', { id: `${prefix}-operation`, name: 'operation', class: 'input' },
    choices.map((op) => h('option', { value: op.api, selected: op.api === initial }, op.label)));
  const operation = () => (fixed ? choices[0].api : opSelect.value);
  const nameInput = h('input', { id: `${prefix}-name`, name: 'name', type: 'text', maxlength: '200', class: 'input', placeholder: namePlaceholder, autocomplete: 'off' });
  const hint = h('p', { class: 'hint', id: `${prefix}-columns-hint`, 'aria-live': 'polite' });
  const formError = h('div', { class: 'form-error' });
  // The operation's upload template (GET /v1/bulk/templates/{operation}.xlsx|.csv): its columns
  // and example rows that verify with a sandbox key. Fetched with the key, so a button.
  const templateButton = (api, format) => {
    const b = button(`${api}.${format}`, {
      variant: 'ghost',
      'data-testid': `template-${format}`,
      onClick: () => busy(b, 'Preparing…', async () => {
        try {
          const { blob, filename } = await ctx.api.download(`/v1/bulk/templates/${api}.${format}`, `bulk-template-${api}.${format}`, { signal: ctx.signal });
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
  const template = h('p', { class: 'hint', id: `${prefix}-template` });
  const showHint = () => {
    setChildren(hint, ...hintFor(operation()));
    setChildren(template, 'Start from a template: ', templateButton(operation(), 'xlsx'), ' or ', templateButton(operation(), 'csv'), '.');
  };
  // Only for files the API cannot read alone: a workbook whose first sheet is not the list, or
  // a header it does not recognise. Collapsed, so the usual upload stays three fields.
  const sheetInput = h('input', { id: `${prefix}-sheet`, name: 'sheet', type: 'text', maxlength: '100', class: 'input', placeholder: 'e.g. Vendors', autocomplete: 'off' });
  const columnsInput = h('input', { id: `${prefix}-columns`, name: 'columns', type: 'text', maxlength: '1000', class: 'input mono', autocomplete: 'off', spellcheck: 'false' });
  const moreOptions = h('details', { class: 'more-options', id: `${prefix}-more-options` },
    h('summary', {}, 'More options'),
    h('div', { class: 'form-grid' },
      field('Sheet', sheetInput, { optional: true, hint: 'For an .xlsx: the tab to read. Left empty, the first visible sheet with a header row.' }),
      field('Column mapping', columnsInput, { optional: true, hint: 'When the header names a column in a way the service does not recognise: column:Header, several separated by commas.' })));
  const showColumnsExample = () => {
    columnsInput.placeholder = `e.g. ${columnsExample(operation())}`;
  };
  opSelect?.addEventListener('change', showHint);
  opSelect?.addEventListener('change', showColumnsExample);
  showHint();
  showColumnsExample();
  const submit = button(submitLabel, { type: 'submit', variant: 'primary', id: `${prefix}-submit` });

  const form = h('form', { class: 'form form-grid', novalidate: true },
    field(fileLabel, fileInput, { hint: '.csv (comma, semicolon, tab or | separated), .xlsx, or .txt / .tsv (Excel’s “Unicode Text”).' }),
    fixed
      ? h('div', { class: 'field' }, hint, template)
      : h('div', { class: 'field' }, h('label', { for: `${prefix}-operation` }, choiceLabel), opSelect, hint, template),
    field('Job name', nameInput, { optional: true, hint: 'Shown in the job list; the file name when left empty.' }),
    moreOptions,
    formError,
    h('div', { class: 'form-actions' }, submit));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = fileInput.files?.[0];
    if (!file) {
      setChildren(formError, banner('error', 'Choose a CSV or Excel file', h('p', {}, missingFile)));
      fileInput.focus();
      return;
    }
    clear(formError);
    const body = new FormData();
    // The API reads the operation before the file streams in: it must come first.
    body.append('operation', operation());
    if (nameInput.value.trim() !== '') body.append('name', nameInput.value.trim());
    body.append('file', file, file.name);
    await busy(submit, 'Uploading…', async () => {
      try {
        const query = uploadQuery({ sheet: sheetInput.value, columns: columnsInput.value });
        const created = await ctx.api.upload(`/v1/bulk/jobs${query}`, body, { signal: ctx.signal });
        ctx.announce(`Job created with ${created.data.rows.total} rows; ${formatInr(created.data.reserved_inr)} held.`);
        onCreated(created.data);
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
  return form;
}
