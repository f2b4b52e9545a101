import { banner, button, clear, errorBanner, h, setChildren } from '../dom.js';
import { keyProblem, keyEnvironment } from '../session.js';
import { isAbort } from './common.js';

/**
 * Sign in with an API key. The key is checked with GET /v1/wallet before it is kept (in this
 * tab's sessionStorage only), so a mistyped key never gets as far as the other screens.
 */
export function signInView(main, ctx) {
  const input = h('input', {
    id: 'api-key', name: 'api-key', type: 'password', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
    required: true, 'aria-describedby': 'api-key-hint', placeholder: 'bv_test_…', class: 'input input-mono',
  });
  const reveal = button('Show', {
    className: 'btn-reveal', 'aria-pressed': 'false', 'aria-controls': 'api-key',
    onClick: () => {
      const shown = input.type === 'text';
      input.type = shown ? 'password' : 'text';
      reveal.textContent = shown ? 'Show' : 'Hide';
      reveal.setAttribute('aria-pressed', String(!shown));
    },
  });
  const errorSlot = h('div', { class: 'form-error', id: 'signin-error' });
  const submit = button('Sign in', { type: 'submit', variant: 'primary', className: 'btn-block', id: 'sign-in' });

  const form = h('form', { class: 'form', novalidate: true, 'aria-labelledby': 'page-title' },
    h('div', { class: 'field' },
      h('label', { for: 'api-key' }, 'API key'),
      h('div', { class: 'input-group' }, input, reveal),
      h('p', { class: 'hint', id: 'api-key-hint' },
        'Starts with ', h('code', {}, 'bv_test_'), ' (sandbox) or ', h('code', {}, 'bv_live_'), ' (live). ',
        'It stays in this browser tab only and is forgotten when you close the tab or sign out.')),
    errorSlot,
    submit);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const key = input.value.trim();
    const problem = keyProblem(key);
    if (problem) {
      input.setAttribute('aria-invalid', 'true');
      setChildren(errorSlot, banner('error', 'Check the key', h('p', {}, problem)));
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    clear(errorSlot);
    submit.disabled = true;
    submit.textContent = 'Checking key…';
    try {
      const answer = await ctx.api.get('/v1/wallet', { key, signal: ctx.signal });
      ctx.onSignedIn(key, answer.meta.environment ?? keyEnvironment(key));
    } catch (error) {
      if (isAbort(error)) return;
      input.setAttribute('aria-invalid', 'true');
      setChildren(errorSlot, errorBanner(error, error.code === 'AUTH_INVALID_KEY' ? { title: 'This key was not accepted' } : {}));
      input.focus();
    } finally {
      submit.disabled = false;
      submit.textContent = 'Sign in';
    }
  });

  main.append(
    h('div', { class: 'auth' },
      h('div', { class: 'auth-intro' },
        h('p', { class: 'eyebrow' }, 'Business verification for India'),
        h('p', { class: 'auth-lead' }, 'Verify GSTIN, PAN, CIN, LLPIN and DIN, run vendor lists in bulk, and watch your supplier portfolios for changes.'),
        h('ul', { class: 'auth-points' },
          h('li', {}, 'Single checks with the full record'),
          h('li', {}, 'CSV uploads with live progress and result files'),
          h('li', {}, 'Scheduled re-verification with change reports'))),
      h('div', { class: 'card auth-card' },
        h('h1', { id: 'page-title', tabindex: '-1' }, 'Sign in to the console'),
        h('p', { class: 'muted' }, 'Use an API key of your account.'),
        ctx.flashed ? banner(ctx.flashed.kind, ctx.flashed.title, h('p', {}, ctx.flashed.message)) : null,
        form,
        h('details', { class: 'help' },
          h('summary', {}, 'Where do I find my key?'),
          h('p', {}, 'The first start of the service prints a sandbox key (', h('code', {}, 'npm start'), '). An operator can issue more with ',
            h('code', {}, 'POST /admin/v1/accounts/{id}/keys'), ' or ', h('code', {}, 'bv admin keys create'), '. Only a hash is stored, so a lost key cannot be shown again: issue a new one.')))),
  );
}
