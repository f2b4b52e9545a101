import { banner, button, card, clear, errorBanner, h, loading, pill, saveBlob, setChildren, stat } from '../dom.js';
import { formatCount, formatDateTime, formatDuration, formatEta, formatInr, jobProgress } from '../format.js';
import { busy, confirmButton, isAbort, isRetryable, operationLabel, pageHeader, retryDelay, sleep } from './common.js';
import { jobResults } from './job-results.js';

const FINISHED = new Set(['completed', 'cancelled', 'failed']);

/** A heading per warning code (src/domain/job-warnings.ts); a code the console does not know yet shows its message alone. */
const WARNING_TITLES = {
  ENCODING_WINDOWS_1252: 'Read as Windows-1252',
  COLUMN_GUESSED: 'Identifier column guessed',
  HEADER_MISSING: 'No header row',
  COLUMN_AMBIGUOUS: 'Column not used',
  IDENTIFIERS_SEVERAL: 'Several identifiers in a row',
  XLSX_ROWS_ABOVE_HEADER: 'Title row skipped',
  CSV_ROWS_ABOVE_HEADER: 'Title row skipped',
  TOTAL_ROW_SKIPPED: 'Total row skipped',
  XLSX_NUMBER_LOST_ZEROS: 'Leading zeros lost',
};

/**
 * What the service read differently from a plain file (the job's `warnings`): shown above the
 * progress, since a guessed column or a re-read encoding changes what every row means.
 */
export function jobWarnings(warnings) {
  if (!Array.isArray(warnings) || warnings.length === 0) return null;
  const sentence = (text) => {
    const t = String(text ?? '');
    return t.charAt(0).toUpperCase() + t.slice(1);
  };
  const mentionsOptions = warnings.some((w) => /\?(columns|sheet)=/.test(String(w.message ?? '')));
  return h('div', { 'data-testid': 'job-warnings' },
    banner('warning', warnings.length === 1 ? 'Check how the file was read' : `Check how the file was read (${warnings.length} notes)`,
      h('ul', { class: 'banner-details' }, warnings.map((w) => h('li', { 'data-code': String(w.code ?? '') },
        WARNING_TITLES[w.code] ? [h('strong', {}, WARNING_TITLES[w.code]), ': '] : null, sentence(w.message)))),
      mentionsOptions ? h('p', {}, 'To choose yourself, upload the file again with the Column mapping or Sheet under More options on the ', h('a', { href: '#/jobs' }, 'upload form'), '.') : null));
}

/**
 * One job: live progress from the event stream (fetch with the key, frames parsed by sse.js),
 * counts, money and ETA, then the result files. Falls back to polling if the stream breaks.
 */
export function jobView(main, ctx) {
  const { jobId } = ctx.params;
  const statusSlot = h('span', { class: 'status-slot' });
  const liveBadge = h('span', { class: 'live-badge', hidden: true }, h('span', { class: 'live-dot', 'aria-hidden': 'true' }), 'Live');
  const subtitle = h('span', {}, jobId);
  const cancelButton = button('Cancel job', { variant: 'danger-outline', hidden: true, id: 'job-cancel' });
  const header = pageHeader('Bulk job', { subtitle, actions: [liveBadge, cancelButton], badge: statusSlot });
  const title = header.querySelector('h1');
  const body = h('div', { class: 'stack' }, loading('Loading job…'));
  main.append(h('p', { class: 'breadcrumb' }, h('a', { href: '#/jobs' }, '← Bulk jobs')), header, body);

  // Built once, then updated in place so focus and screen-reader position survive each event.
  const fill = h('span', { class: 'bar-fill' });
  const bar = h('div', { class: 'bar bar-lg', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-labelledby': 'progress-label', id: 'job-progress' }, fill);
  const progressLabel = h('p', { class: 'progress-label', id: 'progress-label' });
  const percentText = h('span', { class: 'progress-percent num', 'data-testid': 'job-percent' });
  const etaText = h('p', { class: 'progress-eta', 'data-testid': 'job-eta' });
  const counts = h('div', { class: 'stats stats-6', 'data-testid': 'job-counts' });
  const moneyStats = h('div', { class: 'stats stats-3' });
  const timeline = h('dl', { class: 'kv kv-inline' });
  const downloads = h('div', { class: 'downloads' });
  const downloadError = h('div', {});
  const note = h('div', {});
  const cancelError = h('div', {});
  const connection = h('div', { 'data-testid': 'job-connection' });
  const warningsSlot = h('div', { hidden: true });
  let shownWarnings = '';

  const progressCard = card('Progress', { id: 'progress-title' },
    h('div', { class: 'progress-head' }, progressLabel, percentText), bar, etaText, counts, note, cancelError, connection);
  const resultsCard = card('Results', { subtitle: 'One row per input row, in upload order, with the input columns carried through.' }, downloads, downloadError);
  const moneyCard = card('Money', { subtitle: 'The maximum cost is held at upload; each successful row is charged once; the rest is released.' }, moneyStats);
  const timeCard = card('Timeline', {}, timeline);
  const rowsCard = jobResults(ctx, jobId);

  let last = null;
  // Set once the user has pressed Cancel (twice): where keyboard focus goes when the button goes.
  let cancelPressed = false;
  let lastAnnounced = { status: null, quarter: -1 };

  function announce(job, percent) {
    const quarter = Math.floor(percent / 25);
    if (job.status !== lastAnnounced.status || job.cancelling !== lastAnnounced.cancelling) {
      const r = job.rows;
      ctx.announce(FINISHED.has(job.status)
        ? `Job ${job.status}: ${r.ok} verified, ${r.not_found} not found, ${r.failed} failed, ${r.invalid} invalid${r.cancelled > 0 ? `, ${r.cancelled} cancelled` : ''}.`
        : `Job ${job.cancelling ? 'cancelling' : job.status}.`);
    } else if (job.status === 'running' && quarter !== lastAnnounced.quarter && quarter > 0 && quarter < 4) {
      ctx.announce(`${percent}% of rows verified.`);
    }
    lastAnnounced = { status: job.status, cancelling: job.cancelling, quarter };
  }

  function fileButton(file, label) {
    const ready = Boolean(last?.results);
    const b = button(label, {
      variant: file === 'csv' ? 'primary' : 'secondary',
      disabled: !ready,
      'data-testid': `download-${file}`,
      onClick: () => busy(b, 'Preparing…', async () => {
        try {
          const { blob, filename } = await ctx.api.download(last.results[file], `${jobId}-results.${file}`, { signal: ctx.signal });
          saveBlob(blob, filename);
          clear(downloadError);
          ctx.announce(`Downloaded ${filename}.`);
        } catch (error) {
          if (!isAbort(error)) setChildren(downloadError, errorBanner(error));
        }
      }),
    });
    return b;
  }

  function update(job) {
    const first = last === null;
    last = job;
    // A purchase register's suppliers, ranked by tax at risk, are on its ITC check page.
    const itcLink = job.operation === 'itc.check'
      ? h('p', { 'data-testid': 'job-itc-link' }, 'A purchase register: its suppliers ranked by tax at risk, with their deadlines, are on the ', h('a', { href: `#/itc/${job.job_id}` }, 'ITC check page'), '.')
      : null;
    if (first) setChildren(body, warningsSlot, itcLink, progressCard, rowsCard.element, h('div', { class: 'grid-2' }, resultsCard, moneyCard), timeCard);
    // Redrawn only when they change: the banner is an alert, announced each time it is inserted.
    const warningsText = JSON.stringify(job.warnings ?? []);
    if (warningsText !== shownWarnings) {
      shownWarnings = warningsText;
      setChildren(warningsSlot, jobWarnings(job.warnings));
      warningsSlot.hidden = warningsSlot.childElementCount === 0;
    }
    rowsCard.update(job);
    title.firstChild.textContent = job.name || 'Bulk job';
    document.title = `${job.name || 'Bulk job'} · Console`;
    setChildren(subtitle, `${operationLabel(job.operation)} · `, h('span', { class: 'mono' }, job.job_id));
    setChildren(statusSlot, pill(job.status, { label: job.status === 'queued' ? 'Queued' : undefined }));
    statusSlot.firstChild.setAttribute('data-testid', 'job-status');

    const { done, cancelled, toVerify, percent } = jobProgress(job);
    fill.style.width = `${percent}%`;
    bar.className = `bar bar-lg bar-${job.status}`;
    bar.setAttribute('aria-valuenow', String(percent));
    const cancelledText = cancelled > 0 ? `, ${formatCount(cancelled)} cancelled` : '';
    bar.setAttribute('aria-valuetext', `${done} of ${toVerify} rows verified${cancelledText}`);
    progressLabel.textContent = `${formatCount(done)} of ${formatCount(toVerify)} rows verified${cancelledText}`;
    percentText.textContent = `${percent}%`;
    etaText.textContent = FINISHED.has(job.status) && job.finished_at ? `Finished ${formatDateTime(job.finished_at)}` : formatEta(job.eta_seconds, job.status);

    const r = job.rows;
    setChildren(counts, 
      stat('Verified', formatCount(r.ok), { tone: 'good', testId: 'count-ok' }),
      stat('Not found', formatCount(r.not_found), { tone: 'neutral', testId: 'count-not_found' }),
      stat('Failed', formatCount(r.failed), { tone: r.failed > 0 ? 'bad' : 'neutral', testId: 'count-failed' }),
      r.cancelled > 0 ? stat('Cancelled', formatCount(r.cancelled), { tone: 'neutral', hint: 'Not verified or charged', testId: 'count-cancelled' }) : null,
      stat('Invalid', formatCount(r.invalid), { tone: r.invalid > 0 ? 'bad' : 'neutral', hint: 'Never sent or charged', testId: 'count-invalid' }),
      stat('Duplicates', formatCount(r.duplicates), { tone: 'neutral', hint: 'Verified once', testId: 'count-duplicates' }),
      stat('Rows in file', formatCount(r.total), { testId: 'count-total' }),
    );
    setChildren(note, job.status === 'cancelled'
      ? banner('warning', 'This job was cancelled', h('p', {}, 'Rows still queued were not verified or charged; their hold was released.'))
      : job.cancelling ? banner('info', 'Cancelling', h('p', {}, 'Rows already with a source finish and are charged if they succeed; the rest will not be verified or charged.'))
      : job.status === 'failed' ? banner('error', 'This job failed', h('p', {}, 'Rows verified before the failure are in the results; nothing else was charged.')) : null);

    setChildren(moneyStats, 
      stat('Held at upload', formatInr(job.reserved_inr)),
      stat('Charged', formatInr(job.charged_inr), { tone: 'primary', testId: 'job-charged' }),
      stat('Released', formatInr(job.released_inr)),
    );
    const duration = job.started_at && job.finished_at ? (Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000 : null;
    setChildren(timeline, 
      ...[
        ['Created', formatDateTime(job.created_at)],
        ['Started', job.started_at ? formatDateTime(job.started_at) : 'Not yet'],
        ['Finished', job.finished_at ? formatDateTime(job.finished_at) : 'Not yet'],
        ['Took', duration === null ? '—' : duration < 1 ? 'under a second' : formatDuration(duration)],
      ].map(([k, v]) => h('div', { class: 'kv-row' }, h('dt', {}, k), h('dd', {}, v))),
    );

    setChildren(downloads, 
      fileButton('csv', 'Download results.csv'),
      fileButton('xlsx', 'Download results.xlsx'),
      fileButton('jsonl', 'Download results.jsonl'),
      job.results ? null : h('p', { class: 'hint' }, 'The files are ready when the job finishes.'),
    );
    // Gone once a cancel was accepted, not only once the job ended: a second one would do nothing.
    const noCancel = FINISHED.has(job.status) || job.cancelling === true;
    const hiding = noCancel && !cancelButton.hidden;
    cancelButton.hidden = noCancel;
    // The cancel button, disabled while it works and then hidden, drops keyboard focus to the
    // page's body: hand it to the heading instead, unless the user has moved on meanwhile.
    const lost = document.activeElement === cancelButton || document.activeElement === document.body;
    if (hiding && cancelPressed && lost) document.getElementById('page-title')?.focus();
    announce(job, percent);
  }

  confirmButton(cancelButton, {
    confirmLabel: 'Click again to cancel',
    busyLabel: 'Cancelling…',
    signal: ctx.signal,
    action: async () => {
      cancelPressed = true;
      update((await ctx.api.post(`/v1/bulk/jobs/${jobId}/cancel`, {}, { signal: ctx.signal })).data);
      clear(cancelError);
    },
    onError: (error) => setChildren(cancelError, errorBanner(error, { title: 'The job was not cancelled' })),
  });

  /** The job cannot be shown (any more): gone (404, e.g. removed after retention), or not this key's to read. */
  function endWithError(error) {
    liveBadge.hidden = true;
    cancelButton.hidden = true;
    clear(statusSlot);
    setChildren(body, errorBanner(error, error.code === 'NOT_FOUND'
      ? { title: 'No such job', extra: h('p', {}, last ? 'It may have been removed after its retention period. ' : '', h('a', { href: '#/jobs' }, 'Back to the job list')) }
      : {}));
  }

  async function follow() {
    let job;
    try {
      job = (await ctx.api.get(`/v1/bulk/jobs/${jobId}`, { signal: ctx.signal })).data;
    } catch (error) {
      if (!isAbort(error)) endWithError(error);
      return;
    }
    update(job);
    // The stream ends after its "finished" event. If it breaks first, poll the job and open the
    // stream again; while the service cannot be reached (network, 5xx, 429) wait longer each time,
    // up to retryDelay's cap. An answer that will not change (404, 401, 403…) ends the page.
    let failures = 0;
    while (!FINISHED.has(last.status) && !ctx.signal.aborted) {
      try {
        liveBadge.hidden = false;
        await ctx.api.stream(`/v1/bulk/jobs/${jobId}/events`, (event) => {
          if (event.event === 'progress' || event.event === 'finished') update(JSON.parse(event.data));
        }, { signal: ctx.signal });
      } catch (error) {
        if (isAbort(error)) return;
        if (!isRetryable(error)) {
          endWithError(error);
          return;
        }
      } finally {
        liveBadge.hidden = true;
      }
      if (FINISHED.has(last.status) || ctx.signal.aborted) break;
      await sleep(retryDelay(failures + 1), ctx.signal);
      if (ctx.signal.aborted) return;
      try {
        update((await ctx.api.get(`/v1/bulk/jobs/${jobId}`, { signal: ctx.signal })).data);
        failures = 0;
        clear(connection);
      } catch (error) {
        if (isAbort(error)) return;
        if (!isRetryable(error)) {
          endWithError(error);
          return;
        }
        failures += 1;
        const wait = formatDuration(retryDelay(failures + 1) / 1000);
        setChildren(connection, banner('warning', 'Lost contact with the service',
          h('p', {}, `${String(error.message ?? error).replace(/\.?$/, '.')} Trying again in ${wait}; the job goes on running meanwhile.`)));
      }
    }
  }
  follow();
}
