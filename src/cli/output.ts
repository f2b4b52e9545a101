/** How `bv` writes: JSON alone on stdout with --json; short aligned text otherwise. */
import type { Writable } from 'node:stream';

/** process.stdout / process.stderr, or any writable that may say it is a terminal. */
export type OutStream = Writable & { isTTY?: boolean; columns?: number };

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
}

export class Output {
  constructor(
    readonly io: Io,
    readonly jsonMode: boolean,
  ) {}

  /** The command's result: `value` as JSON with --json, else whatever `human` prints. */
  result(value: unknown, human: () => void): void {
    if (this.jsonMode) this.json(value);
    else human();
  }

  json(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A line of the human result (stdout); nothing in --json mode. */
  line(text = ''): void {
    if (!this.jsonMode) this.io.stdout.write(`${text}\n`);
  }

  /** Side information for a person (stderr): hints, "uploading…"; nothing in --json mode. */
  note(text: string): void {
    if (!this.jsonMode) this.io.stderr.write(`${text}\n`);
  }

  /** Errors always go to stderr. */
  error(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }
}

const inrFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees as people in India write them: ₹1,00,000.00. */
export const inr = (amount: number | null | undefined): string => (typeof amount === 'number' ? `₹${inrFormat.format(amount)}` : '—');

/** A short duration: 45s, 3m 20s, 2h 05m. */
export function duration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** A timestamp without its milliseconds: 2026-11-21 20:55:01+05:30. */
export function when(value: string | null | undefined): string {
  if (!value) return '—';
  return value.replace('T', ' ').replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '');
}

/** Any API value as one cell of text. */
export function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(text).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Columns padded to their widest cell, two spaces apart; the last column is not padded. */
export function table(headers: string[], rows: string[][]): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  return all
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd())
    .join('\n');
}

/** Label/value lines, labels padded to the widest. */
export function keyValues(pairs: [string, string][]): string {
  const width = Math.max(0, ...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An address record ({line1, locality, city, district, state, pincode}) on one line. */
function addressLine(value: Record<string, unknown>): string | undefined {
  if (!('pincode' in value) || !('line1' in value)) return undefined;
  const parts = [value.line1, value.locality, value.city, value.district, value.state].filter((p) => typeof p === 'string' && p !== '');
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return `${unique.join(', ')} ${String(value.pincode ?? '')}`.trim();
}

/** An object flattened to dotted paths of cell text (addresses on one line). */
function flatten(value: Record<string, unknown>, prefix = ''): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, item] of Object.entries(value)) {
    const label = `${prefix}${key}`;
    if (isPlainObject(item)) {
      const address = addressLine(item);
      if (address !== undefined) pairs.push([label, address]);
      else pairs.push(...flatten(item, `${label}.`));
    } else if (Array.isArray(item) && item.some(isPlainObject)) {
      pairs.push([label, `${item.length} item(s)`]);
    } else {
      pairs.push([label, text(item)]);
    }
  }
  return pairs;
}

/**
 * A record of the API (any of the ten operations) for a person: its scalar fields as aligned
 * label/value lines, nested objects by dotted path, and each list of objects as a table.
 */
export function renderRecord(record: unknown, prefix = ''): string {
  if (!isPlainObject(record)) return text(record);
  const pairs: [string, string][] = [];
  const sections: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    const label = `${prefix}${key}`;
    if (Array.isArray(value) && value.some(isPlainObject)) {
      const rows = value.filter(isPlainObject).map((item) => flatten(item));
      const headers = [...new Set(rows.flatMap((row) => row.map(([name]) => name)))];
      const cells = rows.map((row) => headers.map((h) => row.find(([name]) => name === h)?.[1] ?? '—'));
      sections.push(`${label} (${value.length}):\n${indent(table(headers, cells))}`);
    } else if (isPlainObject(value)) {
      const address = addressLine(value);
      if (address !== undefined) pairs.push([label, address]);
      else if (Object.values(value).some((v) => Array.isArray(v) && v.some(isPlainObject))) sections.push(`${label}:\n${indent(renderRecord(value))}`);
      else pairs.push(...flatten(value, `${label}.`));
    } else {
      pairs.push([label, text(value)]);
    }
  }
  return [pairs.length > 0 ? keyValues(pairs) : '', ...sections].filter((part) => part !== '').join('\n\n');
}

export const indent = (block: string, by = '  ') => block.split('\n').map((line) => (line === '' ? line : `${by}${line}`)).join('\n');
