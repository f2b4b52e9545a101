// Pure formatting helpers: no DOM, so the unit tests import them as they are.

const MINUS = '\u2212';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Rupees as the API sends them (`amount_inr`, 2 decimals) to integer paise, without float drift. */
export function inrToPaise(amountInr) {
  if (typeof amountInr !== 'number' || !Number.isFinite(amountInr)) return null;
  return Math.round(amountInr * 100);
}

/** 1234567 → "12,34,567": the Indian grouping (lakh, crore). */
export function groupIndian(digits) {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const groups = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest.length > 0) groups.unshift(rest);
  return `${groups.join(',')},${last3}`;
}

/** Integer paise as "₹12,34,567.89"; negative amounts get a minus sign; `signed` adds "+" to positive ones. */
export function formatPaise(paise, { signed = false } = {}) {
  if (typeof paise !== 'number' || !Number.isFinite(paise)) return '—';
  const whole = Math.round(paise);
  const abs = Math.abs(whole);
  const rupees = groupIndian(String(Math.floor(abs / 100)));
  const cents = String(abs % 100).padStart(2, '0');
  const sign = whole < 0 ? MINUS : signed && whole > 0 ? '+' : '';
  return `${sign}₹${rupees}.${cents}`;
}

/** An API `*_inr` amount (rupees, 2 decimals) as "₹1,000.00". */
export function formatInr(amountInr, options) {
  const paise = inrToPaise(amountInr);
  return paise === null ? '—' : formatPaise(paise, options);
}

/** 12345 → "12,345" (Indian grouping for large counts too). */
export function formatCount(count) {
  if (typeof count !== 'number' || !Number.isFinite(count)) return '—';
  const sign = count < 0 ? MINUS : '';
  return sign + groupIndian(String(Math.abs(Math.round(count))));
}

/** Seconds as "1 h 05 min", "3 min 20 s", "45 s". */
export function formatDuration(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest === 0 ? `${Math.floor(s / 60)} min` : `${Math.floor(s / 60)} min ${String(rest).padStart(2, '0')} s`;
  }
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h ${String(minutes).padStart(2, '0')} min`;
}

/** The ETA the API gives (`eta_seconds`, null while it cannot tell yet) for a job in `status`. */
export function formatEta(etaSeconds, status) {
  if (status === 'completed' || status === 'cancelled' || status === 'failed') return 'Finished';
  if (status === 'queued') return 'Waiting for a worker';
  if (etaSeconds === null || etaSeconds === undefined) return 'Estimating…';
  // The API extrapolates from the rows done so far: below a few seconds, say no more than that.
  if (etaSeconds < 5) return 'A few seconds left';
  return `About ${formatDuration(etaSeconds)} left`;
}

/** "2011-08-22" → "22 Aug 2011"; anything else is returned as it is. */
export function formatDate(value) {
  if (typeof value !== 'string') return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  return month === undefined ? value : `${Number(match[3])} ${month} ${match[1]}`;
}

/**
 * An ISO timestamp as "22 Nov 2026, 06:59", in India time by default: schedules, the API's own
 * timestamps and the sandbox clock all speak IST, so the console does too (the footer says so).
 */
export function formatDateTime(iso, timeZone = 'Asia/Kolkata') {
  if (typeof iso !== 'string' || iso === '') return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone,
  }).formatToParts(date);
  const get = (type) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')}, ${get('hour')}:${get('minute')}`;
}

/** The colour family of a status, so every screen paints the same word the same way. */
export function statusTone(status) {
  const value = String(status ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  switch (value) {
    case 'ok': case 'completed': case 'active': case 'valid': case 'approved': case 'filed': case 'match': case 'low':
    case 'topup': case 'true': case 'yes':
      return 'good';
    case 'running': case 'queued': case 'pending': case 'late': case 'partial': case 'medium': case 'hold': case 'suspended':
    case 'inactive':
      return 'warn';
    case 'failed': case 'cancelled': case 'invalid': case 'not_filed': case 'high': case 'disqualified': case 'strike_off':
    case 'struck_off': case 'under_liquidation': case 'no_match': case 'deactivated': case 'false': case 'no':
      return 'bad';
    case 'commit':
      return 'info';
    default:
      return 'neutral';
  }
}

const ACRONYMS = {
  gstin: 'GSTIN', gstins: 'GSTINs', pan: 'PAN', cin: 'CIN', llpin: 'LLPIN', din: 'DIN', roc: 'RoC', nic: 'NIC', agm: 'AGM',
  gstr1: 'GSTR-1', gstr3b: 'GSTR-3B', gst: 'GST', id: 'ID', eta: 'ETA', url: 'URL', einvoice: 'E-invoice', inr: '', api: 'API',
};

/** "legal_name" → "Legal name", "gstr1.status" → "GSTR-1 status", "authorised_capital_inr" → "Authorised capital". */
export function humanizeKey(key) {
  const words = String(key)
    .split(/[._\s]+/)
    .filter((word) => word !== '')
    .map((word) => (Object.hasOwn(ACRONYMS, word.toLowerCase()) ? ACRONYMS[word.toLowerCase()] : word.toLowerCase()))
    .filter((word) => word !== '');
  if (words.length === 0) return String(key);
  const first = words[0];
  words[0] = first === first.toUpperCase() ? first : first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

/** "not_found" → "Not found", "Strike Off" stays as it is. */
export function statusLabel(status) {
  const text = String(status ?? '');
  if (!/_/.test(text) && /[A-Z]/.test(text)) return text;
  const spaced = text.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A job's rows verified (`done`, its cancelled rows left out: the API's rows.done counts them
 * too), cancelled, of those to verify, and the percentage (0..100, whole) verified; a job with
 * nothing to verify is done when it ends.
 */
export function jobProgress(job) {
  const rows = job?.rows ?? {};
  const toVerify = Math.max(0, (rows.valid ?? 0) - (rows.duplicates ?? 0));
  const cancelled = Math.min(rows.cancelled ?? 0, toVerify);
  const done = Math.max(0, Math.min((rows.done ?? 0) - cancelled, toVerify));
  const finished = job?.status === 'completed' || job?.status === 'cancelled' || job?.status === 'failed';
  if (toVerify === 0) return { done, cancelled, toVerify, percent: finished ? 100 : 0 };
  const percent = job?.status === 'completed' ? 100 : Math.floor((done * 100) / toVerify);
  return { done, cancelled, toVerify, percent };
}

/** The file name a Content-Disposition header gives, or the fallback. */
export function filenameFromDisposition(header, fallback) {
  if (typeof header !== 'string') return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name && !/[\\/]/.test(name) ? name : fallback;
}

const OUTCOME_WORDS = { ok: 'verified', not_found: 'not found', failed: 'failed', invalid: 'invalid', cancelled: 'cancelled', duplicate: 'duplicate' };

/**
 * A job's `breakdown` in words, for the console's job page and `bv bulk status` alike:
 * "97 verified · 1 not found · 1 invalid · 1 duplicate" and, of the key field, the values that
 * are not fine, most first: "16 cancelled, 6 suspended" (or "all active").
 */
export function breakdownText(breakdown, keyField) {
  const outcomes = Object.entries(breakdown.outcome).filter(([, n]) => n > 0).map(([o, n]) => `${formatCount(n)} ${OUTCOME_WORDS[o] ?? o}`);
  const name = keyField?.name ?? Object.keys(breakdown).find((k) => k !== 'outcome');
  const values = name ? Object.entries(breakdown[name] ?? {}) : [];
  const fine = keyField?.fine_value?.toLowerCase();
  const notFine = values.filter(([v]) => fine === undefined || v.toLowerCase() !== fine).sort((a, b) => b[1] - a[1]);
  const keyText = notFine.length > 0
    ? notFine.map(([v, n]) => `${formatCount(n)} ${v.toLowerCase()}`).join(', ')
    : fine !== undefined && values.length > 0 ? `all ${fine}` : null;
  return { outcomes: outcomes.join(' · '), key: keyText };
}
