import { B360_MODULES, EXAMPLES, FORMS, OPERATIONS } from '../catalog.js';
import { banner, card, clear, errorBanner, h, pill, setChildren, uid } from '../dom.js';
import { formatInr, formatPaise } from '../format.js';
import { recordHeadline, renderBusiness360, renderRecord } from '../record.js';
import { busy, isAbort, pageHeader } from './common.js';

function priceOf(op) {
  return op.api === 'business360' ? `up to ${formatPaise(op.pricePaise)}` : formatPaise(op.pricePaise);
}

/** Run one check from a form and read the record. */
export function verifyView(main, ctx) {
  let current = OPERATIONS[0];
  const groupName = uid('op');
  const tiles = h('div', { class: 'op-tiles' }, OPERATIONS.map((op, index) => {
    const id = `op-${op.api.replace(/\W/g, '-')}`;
    const input = h('input', { type: 'radio', name: groupName, id, value: op.api, checked: index === 0, class: 'op-radio' });
    input.addEventListener('change', () => {
      current = op;
      renderFields();
    });
    return h('div', { class: 'op-tile' }, input, h('label', { for: id }, h('span', { class: 'op-name' }, op.label), h('span', { class: 'op-price' }, priceOf(op))));
  }));

  const fieldsSlot = h('div', { class: 'form-grid' });
  const examplesSlot = h('div', { class: 'examples' });
  const formError = h('div', { class: 'form-error' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary', id: 'verify-submit' }, 'Verify');
  const priceHint = h('span', { class: 'hint', id: 'verify-price' });
  const form = h('form', { class: 'form', novalidate: true, id: 'verify-form' },
    h('fieldset', { class: 'op-fieldset' }, h('legend', {}, 'Check'), tiles),
    fieldsSlot,
    examplesSlot,
    formError,
    h('div', { class: 'form-actions' }, submit, priceHint));
  const resultSlot = h('div', { id: 'verify-result' });

  const inputs = {};
  function renderFields() {
    const spec = FORMS[current.api];
    for (const key of Object.keys(inputs)) delete inputs[key];
    setChildren(fieldsSlot, ...spec.fields.map((f) => {
      const id = `verify-${f.name}`;
      const control = h('input', {
        id, name: f.name, type: f.type ?? 'text', class: `input${f.mono ? ' input-mono' : ''}`, placeholder: f.placeholder ?? null,
        min: f.min ?? null, max: f.max ?? null, value: f.value ?? null, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': f.hint ? `${id}-hint` : null,
        dataset: f.hint ? { hint: `${id}-hint` } : null,
      });
      inputs[f.name] = control;
      return h('div', { class: 'field' },
        h('label', { for: id }, f.label, f.optional ? h('span', { class: 'optional' }, ' (optional)') : null),
        control,
        f.hint ? h('p', { class: 'hint', id: `${id}-hint` }, f.hint) : null);
    }), spec.modules ? modulesFieldset() : null);
    const examples = ctx.environment === 'sandbox' ? EXAMPLES[current.api] ?? [] : [];
    setChildren(examplesSlot, examples.length === 0 ? null : h('div', { class: 'examples-inner' },
      h('span', { class: 'examples-label', id: 'examples-label' }, 'Sandbox examples'),
      h('div', { class: 'chips', role: 'group', 'aria-labelledby': 'examples-label' }, examples.map(({ label, values }) => h('button', {
        type: 'button', class: 'btn btn-chip', title: Object.values(values).join(' · '),
        onClick: () => {
          for (const [name, value] of Object.entries(values)) if (inputs[name]) inputs[name].value = value;
          for (const [name, control] of Object.entries(inputs)) if (!(name in values) && name !== 'periods' && name !== 'limit' && control.type !== 'checkbox') control.value = '';
          inputs[Object.keys(values)[0]]?.focus();
        },
      }, label, h('span', { class: 'chip-id mono' }, Object.values(values)[0]))))));
    clear(formError);
    setChildren(priceHint, `${current.label}: ${priceOf(current)} per successful check. Failed checks are not charged.`);
  }

  function modulesFieldset() {
    return h('fieldset', { class: 'checkboxes' }, h('legend', {}, 'Modules'),
      B360_MODULES.map(([value, label]) => {
        const id = `module-${value}`;
        return h('span', { class: 'checkbox' }, h('input', { type: 'checkbox', id, name: 'include', value, checked: true }), h('label', { for: id }, label));
      }));
  }

  function fieldError(control, message) {
    const id = `${control.id}-error`;
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', [id, control.dataset.hint].filter(Boolean).join(' '));
    control.after(h('p', { class: 'field-error', id }, message));
  }

  function clearFieldErrors() {
    for (const p of form.querySelectorAll('.field-error')) p.remove();
    for (const control of Object.values(inputs)) {
      control.removeAttribute('aria-invalid');
      if (control.dataset.hint) control.setAttribute('aria-describedby', control.dataset.hint);
      else control.removeAttribute('aria-describedby');
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearFieldErrors();
    const spec = FORMS[current.api];
    const values = {};
    for (const f of spec.fields) {
      const raw = inputs[f.name].value.trim();
      values[f.name] = f.mono ? raw.toUpperCase() : raw;
      if (!f.optional && raw === '') {
        setChildren(formError, banner('error', `Enter the ${f.label}`, h('p', {}, `${current.label} needs the ${f.label}.`)));
        fieldError(inputs[f.name], `Enter the ${f.label}.`);
        inputs[f.name].focus();
        return;
      }
    }
    if (spec.modules) values.include = [...form.querySelectorAll('input[name="include"]:checked')].map((c) => c.value);
    clear(formError);
    const op = current;
    await busy(submit, 'Verifying…', async () => {
      try {
        const answer = await ctx.api.post(op.path, spec.body(values), { signal: ctx.signal });
        showResult(op, answer);
      } catch (error) {
        if (isAbort(error)) return;
        setChildren(resultSlot, errorBanner(error));
        // Each field rule is shown under the input it is about, and read with it.
        for (const detail of error.details ?? []) {
          const name = Object.keys(inputs).find((n) => n === detail.field || (n === 'id' && ['cin', 'llpin', 'pan', 'gstin'].includes(detail.field)));
          if (name !== undefined) fieldError(inputs[name], detail.message);
        }
      }
    });
  });

  function showResult(op, answer) {
    const { title, status } = recordHeadline(op.api, answer.data);
    const meta = answer.meta ?? {};
    const pricing = meta.pricing ? ` (list ${formatInr(meta.pricing.list_total_inr)}, bundle discount ${formatInr(meta.pricing.discount_inr)})` : '';
    const metaLine = h('p', { class: 'result-meta' },
      pill(meta.charged ? 'charged' : 'free', { label: meta.charged ? `Charged ${formatInr(meta.amount_inr)}${pricing}` : 'Not charged', tone: meta.charged ? 'info' : 'neutral' }),
      h('span', {}, `${op.label}`),
      meta.latency_ms !== undefined ? h('span', {}, `${Math.round(meta.latency_ms)} ms`) : null,
      meta.environment ? h('span', {}, meta.environment) : null,
      meta.data_freshness ? h('span', {}, meta.data_freshness === 'cached' ? 'cached answer' : 'live answer') : null,
      h('span', { class: 'mono' }, answer.requestId ?? ''));
    const raw = h('details', { class: 'raw' }, h('summary', {}, 'Raw JSON'),
      h('pre', { class: 'code' }, h('code', {}, JSON.stringify({ request_id: answer.requestId, api: answer.api, data: answer.data, meta: answer.meta }, null, 2))));
    setChildren(resultSlot, 
      h('section', { class: 'card result-card', 'aria-labelledby': 'result-title' },
        h('div', { class: 'result-head' },
          h('h2', { id: 'result-title', class: 'result-title', tabindex: '-1' }, title),
          status ? pill(status.value, { label: status.label }) : null),
        metaLine,
        op.api === 'business360' ? renderBusiness360(answer.data) : renderRecord(answer.data),
        raw),
    );
    ctx.announce(`${op.label} answered: ${title}${status ? `, ${status.label}` : ''}.`);
    document.getElementById('result-title')?.focus({ preventScroll: false });
  }

  main.append(
    pageHeader('Verify a business', { subtitle: 'Run one check and read the full record. Identifiers are accepted in any case.' }),
    card(null, { className: 'card-form' }, form),
    resultSlot,
  );
  renderFields();
}
