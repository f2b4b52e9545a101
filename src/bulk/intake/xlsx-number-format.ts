/**
 * A number cell of a workbook as Excel shows it: its number format (built-in id or custom
 * code from styles.xml) applied to the stored value, so that a date reads 15-08-2026 rather
 * than 46249 and a DIN formatted 00000000 keeps its leading zero. Pure; covers the formats
 * vendor lists use (General, 0, 0.00, #,##0, percent, scientific, literal text, dates and
 * times); a code it does not understand (conditions, fractions) falls back to General, which
 * loses nothing of the value.
 */

/**
 * Excel's built-in formats. 14 and 22 follow the viewer's locale; they are shown as an Indian
 * (en-IN) Excel shows them, day first.
 */
const BUILT_IN: Readonly<Record<number, string>> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: 'General',
  13: 'General',
  14: 'dd-mm-yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'dd-mm-yyyy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;(#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;(#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The format code of a built-in id; an unknown id (locale-specific ones) is General. */
export function builtInFormat(id: number): string {
  return BUILT_IN[id] ?? 'General';
}

/** General: integers in full (a 12-digit account number stays whole), others to 15 significant digits. */
export function general(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

type Token = { literal: string } | { code: string };

/** A section's characters split into literals (quoted text, escapes, currency, padding) and format characters. */
function tokens(section: string): Token[] | undefined {
  const out: Token[] = [];
  for (let i = 0; i < section.length; i++) {
    const c = section[i] as string;
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      out.push({ literal: section.slice(i + 1, end === -1 ? undefined : end) });
      i = end === -1 ? section.length : end;
    } else if (c === '\\') {
      out.push({ literal: section[i + 1] ?? '' });
      i += 1;
    } else if (c === '_') {
      out.push({ literal: ' ' });
      i += 1;
    } else if (c === '*') {
      i += 1;
    } else if (c === '[') {
      const end = section.indexOf(']', i);
      const inside = section.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? section.length : end;
      if (inside.startsWith('$')) out.push({ literal: inside.slice(1).split('-')[0] ?? '' });
      else if (/^[hms]+$/i.test(inside)) out.push({ code: `[${inside.toLowerCase()}]` });
      else if (/^[<>=]/.test(inside)) return undefined; // a condition: General instead
      // a colour ([Red]) or locale tag: nothing shown
    } else out.push({ code: c });
  }
  return out;
}

function splitSections(code: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i] as string;
    if (c === '"') quoted = !quoted;
    if (c === '\\' && !quoted) {
      current += c + (code[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (c === ';' && !quoted) {
      sections.push(current);
      current = '';
    } else current += c;
  }
  sections.push(current);
  return sections;
}

const isDateCode = (codes: string) => /[ymdhs]|\[[hms]+\]|am\/pm|a\/p/i.test(codes.replace(/E[+-]/gi, ''));

/** Formats `value` with an Excel format code; `date1904` is the workbook's date system. */
export function formatNumber(value: number, code: string, date1904 = false): string {
  if (!Number.isFinite(value)) return general(value);
  const trimmed = code.trim();
  if (trimmed === '' || /^general$/i.test(trimmed) || trimmed === '@') return general(value);
  const sections = splitSections(trimmed);
  let section = sections[0] as string;
  let shown = value;
  let sign = '';
  if (value < 0 && sections.length >= 2) {
    section = sections[1] as string;
    shown = -value;
  } else if (value === 0 && sections.length >= 3) section = sections[2] as string;
  else if (value < 0) {
    sign = '-';
    shown = -value;
  }
  const parts = tokens(section);
  if (parts === undefined) return general(value);
  const codes = parts.map((part) => ('code' in part ? part.code : '')).join('');
  if (/General/i.test(codes)) return literalsAround(parts, sign + general(shown), /General/i);
  if (isDateCode(codes)) return formatDate(value, parts, date1904) ?? general(value);
  if (codes.includes('@') || codes.includes('/')) return general(value);
  if (!/[0#?]/.test(codes)) return parts.map((part) => ('literal' in part ? part.literal : part.code)).join('');
  return sign + formatDigits(shown, parts);
}

/** The section with `pattern`'s span of codes replaced by `text`. */
function literalsAround(parts: Token[], text: string, pattern: RegExp): string {
  const codes = parts.map((part) => ('code' in part ? part.code : '\u0000')).join('');
  const match = pattern.exec(codes);
  if (match === null) return text;
  let out = '';
  let at = 0;
  for (const part of parts) {
    const width = 'code' in part ? part.code.length : 1;
    if (at === match.index) out += text;
    if (at < match.index || at >= match.index + match[0].length) out += 'literal' in part ? part.literal : part.code;
    at += width;
  }
  return out;
}

function formatDigits(value: number, parts: Token[]): string {
  // The number pattern: from the first digit placeholder to the last one (with its exponent).
  const codes = parts.map((part) => ('code' in part ? part.code : '\u0000')).join('');
  const first = codes.search(/[0#?.]/);
  const last = Math.max(codes.lastIndexOf('0'), codes.lastIndexOf('#'), codes.lastIndexOf('?'));
  const pattern = codes.slice(first, last + 1).split('\u0000').join('');
  let scaled = value * 100 ** (codes.match(/%/g)?.length ?? 0);
  // Commas right after the last placeholder scale by thousands (#,##0, shows thousands).
  const trailingCommas = /,+$/.exec(codes.slice(0, last + 2).replace(/[^0#?.,]/g, ''));
  if (trailingCommas !== null && !/[0#?]/.test(codes.slice(last + 1, last + 2)) && codes[last + 1] === ',') scaled /= 1000 ** trailingCommas[0].length;
  const exponent = /E([+-])/i.exec(pattern);
  const mantissa = exponent === null ? pattern : pattern.slice(0, exponent.index);
  const [intPattern = '', fracPattern = ''] = mantissa.split('.');
  const decimals = (fracPattern.match(/[0#?]/g) ?? []).length;
  const minDecimals = (fracPattern.match(/0/g) ?? []).length;
  const minInt = (intPattern.match(/0/g) ?? []).length;
  const grouped = /[0#?],+[0#?]/.test(intPattern);
  let text: string;
  if (exponent !== null) {
    const [digits = '', power = '0'] = scaled.toExponential(decimals).split('e');
    const expDigits = (pattern.slice(exponent.index + 2).match(/0/g) ?? []).length;
    const p = Number(power);
    text = `${digits}E${p < 0 ? '-' : exponent[1] === '+' ? '+' : ''}${String(Math.abs(p)).padStart(expDigits, '0')}`;
  } else {
    const fixed = scaled >= 1e21 ? general(scaled) : scaled.toFixed(decimals);
    let [whole = '', fraction = ''] = fixed.split('.');
    fraction = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
    whole = whole === '0' && minInt === 0 ? '' : whole.padStart(minInt, '0');
    if (grouped) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    text = fraction === '' ? whole : `${whole}.${fraction}`;
    if (text === '') text = '0';
  }
  // Literals before and after the pattern (a currency sign, a %, a unit) stay where they are.
  const patternStart = first;
  let out = '';
  let at = 0;
  let placed = false;
  for (const part of parts) {
    const width = 'code' in part ? part.code.length : 1;
    if (at >= patternStart && at <= last) {
      if (!placed) {
        out += text;
        placed = true;
      }
    } else out += 'literal' in part ? part.literal : part.code === ',' ? '' : part.code;
    at += width;
  }
  return out;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The date and time of a serial number, in Excel's calendar (1900 system with its phantom 29 Feb 1900, or 1904). */
function serialDate(serial: number, date1904: boolean): Date {
  const seconds = Math.round(serial * 86_400);
  const base = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  return new Date(base + seconds * 1000);
}

function formatDate(value: number, parts: Token[], date1904: boolean): string | undefined {
  if (value < 0 || value > 2_958_465) return undefined; // before 1900 or after 9999: Excel shows ####
  const date = serialDate(value, date1904);
  const twelveHour = parts.some((part) => 'code' in part && /[ap]/i.test(part.code));
  // Join the codes back into runs of the same letter, so "mm" is one token.
  const runs: Token[] = [];
  for (const part of parts) {
    const previous = runs[runs.length - 1];
    if ('code' in part && previous !== undefined && 'code' in previous && previous.code.length > 0 && previous.code[0]!.toLowerCase() === part.code.toLowerCase() && /[ymdhs0]/i.test(part.code)) {
      previous.code += part.code;
    } else runs.push('code' in part ? { code: part.code } : part);
  }
  const out: string[] = [];
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  let hour = date.getUTCHours();
  const sinceHour: number[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as Token;
    if ('literal' in run) {
      out.push(run.literal);
      continue;
    }
    const code = run.code;
    const lower = code.toLowerCase();
    const next = runs.slice(i + 1).find((r) => 'code' in r && /[a-z]/i.test(r.code)) as { code: string } | undefined;
    if (lower.startsWith('y')) out.push(lower.length <= 2 ? pad(date.getUTCFullYear() % 100) : String(date.getUTCFullYear()));
    else if (lower.startsWith('m')) {
      const minutes = sinceHour.length > 0 || (next !== undefined && next.code.toLowerCase().startsWith('s'));
      if (minutes && lower.length <= 2) out.push(lower.length === 2 ? pad(date.getUTCMinutes()) : String(date.getUTCMinutes()));
      else if (lower.length === 1) out.push(String(date.getUTCMonth() + 1));
      else if (lower.length === 2) out.push(pad(date.getUTCMonth() + 1));
      else if (lower.length === 3) out.push(MONTHS[date.getUTCMonth()]!.slice(0, 3));
      else if (lower.length === 5) out.push(MONTHS[date.getUTCMonth()]![0]!);
      else out.push(MONTHS[date.getUTCMonth()]!);
      sinceHour.length = 0;
      continue;
    } else if (lower.startsWith('d')) out.push(lower.length === 1 ? String(date.getUTCDate()) : lower.length === 2 ? pad(date.getUTCDate()) : lower.length === 3 ? DAYS[date.getUTCDay()]!.slice(0, 3) : DAYS[date.getUTCDay()]!);
    else if (lower.startsWith('[h')) {
      out.push(String(Math.floor(value * 24)));
      sinceHour.push(1);
      continue;
    }
    else if (lower.startsWith('[m')) out.push(String(Math.floor(value * 1440)));
    else if (lower.startsWith('[s')) out.push(String(Math.floor(value * 86_400)));
    else if (lower.startsWith('h')) {
      hour = date.getUTCHours();
      const shownHour = twelveHour ? hour % 12 || 12 : hour;
      out.push(lower.length >= 2 ? pad(shownHour) : String(shownHour));
      sinceHour.push(1);
      continue;
    } else if (lower.startsWith('s')) out.push(lower.length >= 2 ? pad(date.getUTCSeconds()) : String(date.getUTCSeconds()));
    else if (lower === 'a' || lower === 'am/pm' || /^a/i.test(lower)) {
      // AM/PM and A/P arrive as single characters; take the run "AM/PM" or "A/P" at once.
      const rest = runs.slice(i, i + 5).map((r) => ('code' in r ? r.code : '\u0000')).join('');
      const ampm = /^am\/pm/i.exec(rest) ?? /^a\/p/i.exec(rest);
      if (ampm !== null) {
        const pm = hour >= 12;
        out.push(ampm[0].length === 5 ? (pm ? 'PM' : 'AM') : pm ? 'P' : 'A');
        i += ampm[0].length - 1;
      } else out.push(code);
    } else out.push(code);
    // Minutes follow an hour across separators (h:mm); a day or year in between ends that.
    if (/^[yd]/.test(lower)) sinceHour.length = 0;
  }
  return out.join('');
}
