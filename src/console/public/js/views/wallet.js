import { button, card, clear, emptyState, errorBanner, h, loading, pill, saveBlob, setChildren, stat, table } from '../dom.js';
import { formatCount, formatDateTime, formatInr } from '../format.js';
import { busy, pageHeader, showError } from './common.js';

const TYPE_LABELS = { topup: 'Top-up', hold: 'Hold', commit: 'Charge', release: 'Release', job: 'Bulk job' };
const TYPE_HINTS = {
  topup: 'Credit added to the wallet',
  hold: 'Set aside while a call or job runs',
  commit: 'Charged for a successful check',
  release: 'Hold returned unused',
  job: 'A bulk job or portfolio run: what its rows were charged, in one line',
};

function typeLabel(entry) {
  if (entry.type === 'job' && entry.job?.kind === 'portfolio_run') return 'Portfolio run';
  return TYPE_LABELS[entry.type] ?? entry.type;
}

/** What a line is for: a call's operation and identifier, or a job's name and rows (linked). */
function forCell(entry) {
  if (entry.type === 'job' && entry.job) {
    const job = entry.job;
    const rows = job.rows === null ? '' : `${formatCount(job.rows)} row${job.rows === 1 ? '' : 's'}`;
    const what = [entry.operation, rows, job.status].filter(Boolean).join(' · ');
    return h('span', {}, h('a', { href: `#/jobs/${job.job_id}` }, job.name || job.job_id), h('span', { class: 'muted small' }, ` ${what}`));
  }
  if (!entry.operation) return h('span', { class: 'muted' }, '—');
  return h('span', {}, h('span', { class: 'mono small' }, entry.operation), entry.identifier ? h('span', { class: 'mono small' }, ` ${entry.identifier}`) : null);
}

/** A ledger reference that names a bulk job links to it. */
function referenceCell(reference) {
  const text = String(reference ?? '');
  const match = /\b(job_[0-9a-f]{20})\b/.exec(text);
  if (!match) return h('span', { class: 'mono small' }, text || '—');
  const [before, after] = [text.slice(0, match.index), text.slice(match.index + match[1].length)];
  return h('span', { class: 'mono small' }, before, h('a', { href: `#/jobs/${match[1]}` }, match[1]), after);
}

function amountCell(entry) {
  if (entry.amount_inr === null) return h('span', { class: 'num muted' }, '—');
  // A job line is what its rows were charged.
  if (entry.type === 'job') return h('span', { class: 'num amount-commit' }, formatInr(-entry.amount_inr));
  // Top-ups add and charges take; holds and releases move money between "held" and "available".
  const signed = entry.type === 'topup' ? formatInr(entry.amount_inr, { signed: true }) : entry.type === 'commit' ? formatInr(-entry.amount_inr) : formatInr(entry.amount_inr);
  return h('span', { class: `num amount-${entry.type}` }, signed);
}

/** Balance, held and available money, and the ledger newest first with "Load more". */
export function walletView(main, ctx) {
  const statsSlot = h('div', { class: 'stats stats-3', 'aria-live': 'polite' }, loading('Loading balance…'));
  const ledgerSlot = h('div', {}, loading('Loading ledger…'));
  const moreSlot = h('div', { class: 'table-foot' });
  const refresh = button('Refresh', { onClick: () => load() });
  // A job as one line by default; every hold, charge and release of its rows on request.
  const everyEntry = h('input', { type: 'checkbox', id: 'ledger-every-entry', 'data-testid': 'ledger-every-entry' });
  everyEntry.addEventListener('change', () => load());
  const csvButton = button('Download CSV', {
    'data-testid': 'download-ledger-csv',
    onClick: () => busy(csvButton, 'Preparing…', async () => {
      try {
        const { blob, filename } = await ctx.api.download(`/v1/wallet/ledger.csv?group=${group()}`, 'ledger.csv', { signal: ctx.signal });
        saveBlob(blob, filename);
        ctx.announce(`Downloaded ${filename}.`);
      } catch (error) {
        ledgerSlot.prepend(errorBanner(error));
      }
    }),
  });
  const ledgerTools = h('div', { class: 'ledger-tools' },
    h('span', { class: 'checkbox' }, everyEntry, h('label', { for: 'ledger-every-entry' }, 'Show every entry of bulk jobs')),
    csvButton,
  );
  const group = () => (everyEntry.checked ? 'entry' : 'job');
  // Which wallet the key sees (sandbox keys spend sandbox money), and, for a sandbox key, its own top-up.
  const walletNote = h('p', { class: 'muted small', 'data-testid': 'wallet-environment', 'aria-live': 'polite' });
  const topupSlot = h('div', {});
  const topupButton = button('Add ₹10,000 of sandbox money', {
    'data-testid': 'sandbox-topup',
    onClick: () => busy(topupButton, 'Adding…', async () => {
      try {
        const answer = await ctx.api.post('/v1/wallet/sandbox-topup', {}, { signal: ctx.signal });
        ctx.announce(`Added ${formatInr(answer.data.topped_up_inr)} to the sandbox wallet.`);
        await load();
      } catch (error) {
        showError(topupSlot, error);
      }
    }),
  });

  main.append(
    pageHeader('Wallet', {
      subtitle: 'Prepaid balance for every check, bulk job and portfolio run. A call is charged only when it succeeds.',
      actions: refresh,
    }),
    card(null, { className: 'card-flat' }, walletNote, statsSlot, topupSlot),
    card('Ledger', { subtitle: 'Top-ups and charges newest first; a bulk job or portfolio run is one line with its rows.' }, ledgerTools, ledgerSlot, moreSlot),
  );

  let entries = [];
  let cursor = null;

  function renderLedger() {
    if (entries.length === 0) {
      setChildren(ledgerSlot, emptyState('No ledger entries yet', 'Top-ups and charges appear here as soon as the wallet is used.'));
      return;
    }
    setChildren(ledgerSlot, table({
      label: 'Wallet ledger',
      caption: 'Wallet ledger, newest first',
      rows: entries,
      rowKey: (entry) => entry.id,
      columns: [
        { label: 'When', render: (e) => h('span', { class: 'nowrap' }, formatDateTime(e.at)) },
        { label: 'Type', render: (e) => pill(e.type, { label: typeLabel(e), tone: e.type === 'topup' ? 'good' : e.type === 'commit' || e.type === 'job' ? 'info' : e.type === 'hold' ? 'warn' : 'neutral' }), className: 'nowrap' },
        { label: 'For', render: forCell },
        { label: 'Amount', numeric: true, render: amountCell },
        { label: 'Balance after', numeric: true, render: (e) => (e.balance_inr === null ? h('span', { class: 'muted' }, '—') : formatInr(e.balance_inr)) },
        { label: 'Reference', render: (e) => h('span', { title: TYPE_HINTS[e.type] ?? '' }, referenceCell(e.reference)) },
      ],
    }));
  }

  function renderMore() {
    if (!cursor) {
      clear(moreSlot);
      return;
    }
    const more = button('Load more', {
      onClick: () => busy(more, 'Loading…', async () => {
        try {
          const page = await ctx.api.get(`/v1/wallet/ledger?limit=50&group=${group()}&cursor=${encodeURIComponent(cursor)}`, { signal: ctx.signal });
          entries = entries.concat(page.data.entries);
          cursor = page.data.next_cursor;
          renderLedger();
          renderMore();
        } catch (error) {
          showError(moreSlot, error);
        }
      }),
    });
    setChildren(moreSlot, more);
  }

  async function load() {
    try {
      const [wallet, ledger] = await Promise.all([
        ctx.api.get('/v1/wallet', { signal: ctx.signal }),
        ctx.api.get(`/v1/wallet/ledger?limit=25&group=${group()}`, { signal: ctx.signal }),
      ]);
      const w = wallet.data;
      walletNote.textContent = w.environment === 'sandbox'
        ? 'Sandbox wallet: test money that only sandbox keys spend. Live credit is separate.'
        : 'Live wallet: the credit your live keys spend.';
      // Up to ₹10,000 at a time, 10 a day, ₹1,00,000 at most (docs/money.md); the API says when it is refused.
      if (w.environment === 'sandbox') setChildren(topupSlot, topupButton);
      else clear(topupSlot);
      setChildren(statsSlot, 
        stat('Available', formatInr(w.available_inr), { tone: 'primary', hint: 'What new calls and jobs can use', testId: 'wallet-available' }),
        stat('Balance', formatInr(w.balance_inr), { hint: 'Including money on hold', testId: 'wallet-balance' }),
        stat('On hold', formatInr(w.held_inr), { hint: 'Set aside for running calls and jobs', testId: 'wallet-held' }),
      );
      entries = ledger.data.entries;
      cursor = ledger.data.next_cursor;
      renderLedger();
      renderMore();
    } catch (error) {
      showError(statsSlot, error);
      clear(ledgerSlot);
    }
  }
  load();
}
