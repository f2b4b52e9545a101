// Pure helpers of the ITC check page: no DOM, so the unit tests import them as they are.

/** Verdicts in the words a finance user reads, most serious first (the API's worst-first order). */
export const VERDICTS = [
  ['blocked', 'Blocked', 'bad'],
  ['reverse', 'Reverse', 'bad'],
  ['at_risk', 'At risk', 'warn'],
  ['unknown', 'Unknown', 'neutral'],
  ['eligible', 'Eligible', 'good'],
];

export function verdictLabel(verdict) {
  return VERDICTS.find(([v]) => v === verdict)?.[1] ?? (verdict == null ? 'Not checked' : String(verdict));
}

export function verdictTone(verdict) {
  return VERDICTS.find(([v]) => v === verdict)?.[2] ?? 'neutral';
}

export const SEVERITY_TONES = { critical: 'bad', warning: 'warn', info: 'info' };

/** A date's Y-M-D in a time zone (India by default: the service's deadlines are IST dates). */
export function todayIn(now = new Date(), timeZone = 'Asia/Kolkata') {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from, to) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const SOON_DAYS = 30;

/**
 * How pressing a deadline is on `today`: `passed` (before today), `soon` (today or within
 * SOON_DAYS days), `later`, or null without a date.
 */
export function deadlineUrgency(deadline, today) {
  if (typeof deadline !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(deadline)) return null;
  const days = daysBetween(today, deadline);
  if (days < 0) return 'passed';
  return days <= SOON_DAYS ? 'soon' : 'later';
}

/** "in 12 days", "today", "3 days ago": beside a highlighted deadline. */
export function deadlineDistance(deadline, today) {
  const days = daysBetween(today, deadline);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

const DATE_FORMS = [
  [/^(\d{4})-(\d{1,2})-(\d{1,2})$/, (m) => [m[1], m[2], m[3]]],
  // Day first, as Indian registers write dates.
  [/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/, (m) => [m[3], m[2], m[1]]],
];

/** A date typed as YYYY-MM-DD or day first (DD-MM-YYYY, DD/MM/YYYY) to YYYY-MM-DD; null if neither. */
export function isoDate(text) {
  for (const [pattern, parts] of DATE_FORMS) {
    const match = pattern.exec(text);
    if (match) {
      const [y, m, d] = parts(match);
      return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    }
  }
  return null;
}

/**
 * The "check one supplier" form's invoice lines, one invoice a line: number, date, and
 * optionally the tax in rupees, separated by tabs (pasted from a spreadsheet), semicolons or
 * commas. Blank lines are skipped. What the API judges (a real date, not in the future, the
 * tax's decimals) is left to it, which names the invoice and field; here only the shape.
 */
export function parseInvoiceLines(text) {
  const invoices = [];
  const problems = [];
  const lines = String(text ?? '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
    const cells = line.split(separator).map((cell) => cell.trim());
    const lineNo = index + 1;
    if (cells.length < 2 || cells.length > 3 || cells[0] === '') {
      problems.push({ line: lineNo, message: `line ${lineNo}: write the invoice number, its date and optionally the tax, e.g. INV-101, 2024-07-10, 18000` });
      return;
    }
    const date = isoDate(cells[1]);
    if (date === null) {
      problems.push({ line: lineNo, message: `line ${lineNo}: "${cells[1]}" is not a date: write YYYY-MM-DD or DD-MM-YYYY` });
      return;
    }
    const invoice = { number: cells[0], date };
    if (cells[2] !== undefined && cells[2] !== '') {
      const tax = Number(cells[2].replace(/^(₹|Rs\.?)\s*/i, ''));
      if (!Number.isFinite(tax)) {
        problems.push({ line: lineNo, message: `line ${lineNo}: the tax "${cells[2]}" is not an amount: write rupees without thousands separators, e.g. 18000.50` });
        return;
      }
      invoice.tax_inr = tax;
    }
    invoices.push(invoice);
  });
  return { invoices, problems };
}

/**
 * A result row of an itc.check job (GET /v1/bulk/jobs/{id}/results) as the invoice view shows
 * it, like an invoice of the sync answer; a row whose supplier could not be checked (or an
 * invalid row) has no verdict and says why.
 */
export function invoiceOfRow(row) {
  const data = row?.data;
  if (data && typeof data === 'object') {
    return {
      row: row.row,
      number: data.number,
      date: data.date,
      period: data.period,
      verdict: data.verdict,
      reasons: Array.isArray(data.reasons) ? data.reasons : [],
      claim_by: data.claim_by ?? null,
      reverse_by: data.reverse_by ?? null,
      tax_inr: data.tax_inr ?? null,
      tax_at_risk_inr: data.tax_at_risk_inr ?? 0,
      problem: null,
    };
  }
  return {
    row: row?.row,
    number: null,
    date: null,
    period: null,
    verdict: null,
    reasons: [],
    claim_by: null,
    reverse_by: null,
    tax_inr: null,
    tax_at_risk_inr: null,
    problem: row?.error?.message ?? String(row?.status ?? 'not checked'),
  };
}
