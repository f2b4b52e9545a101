import { describe, expect, it } from 'vitest';
import {
  filenameFromDisposition,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatEta,
  formatInr,
  formatPaise,
  humanizeKey,
  inrToPaise,
  jobProgress,
  statusLabel,
  statusTone,
} from '../../src/console/public/js/format.js';

describe('console money formatting', () => {
  it('turns API rupee amounts into whole paise without float drift', () => {
    expect(inrToPaise(0.75)).toBe(75);
    expect(inrToPaise(72.75)).toBe(7275);
    expect(inrToPaise(0.1 + 0.2)).toBe(30);
    expect(inrToPaise(1_000)).toBe(100_000);
    expect(inrToPaise(Number.NaN)).toBeNull();
    expect(inrToPaise('12')).toBeNull();
  });

  it('shows paise as rupees with two decimals and Indian digit grouping', () => {
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(75)).toBe('₹0.75');
    expect(formatPaise(100_000)).toBe('₹1,000.00');
    expect(formatPaise(12_345_678_90)).toBe('₹1,23,45,678.90');
    expect(formatPaise(-7275)).toBe('\u2212₹72.75');
    expect(formatPaise(100, { signed: true })).toBe('+₹1.00');
    expect(formatPaise(undefined)).toBe('—');
  });

  it('formats the API _inr fields the same way', () => {
    expect(formatInr(894)).toBe('₹894.00');
    expect(formatInr(73.5)).toBe('₹73.50');
    expect(formatInr(50_000_000)).toBe('₹5,00,00,000.00');
    expect(formatInr(null)).toBe('—');
  });

  it('groups counts the Indian way', () => {
    expect(formatCount(100)).toBe('100');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(1_000_000)).toBe('10,00,000');
  });
});

describe('console time formatting', () => {
  it('writes durations in seconds, minutes and hours', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3_900)).toBe('1 h 05 min');
    expect(formatDuration(-1)).toBe('—');
  });

  it('words the ETA the API gives by the job status', () => {
    expect(formatEta(null, 'queued')).toBe('Waiting for a worker');
    expect(formatEta(null, 'running')).toBe('Estimating…');
    expect(formatEta(2, 'running')).toBe('A few seconds left');
    expect(formatEta(95, 'running')).toBe('About 1 min 35 s left');
    expect(formatEta(0, 'completed')).toBe('Finished');
  });

  it('formats dates and timestamps', () => {
    expect(formatDate('2011-08-22')).toBe('22 Aug 2011');
    expect(formatDate('2026-10')).toBe('2026-10');
    // India time unless told otherwise, whatever the machine's zone.
    expect(formatDateTime('2026-11-22T01:29:55.624Z')).toBe('22 Nov 2026, 06:59');
    expect(formatDateTime('2026-11-22T01:29:55.624Z', 'UTC')).toBe('22 Nov 2026, 01:29');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('console status words', () => {
  it('paints every status with one colour family', () => {
    expect(['ok', 'completed', 'Active', 'Approved', 'filed'].map(statusTone)).toEqual(Array(5).fill('good'));
    expect(['running', 'queued', 'late', 'medium', 'Suspended'].map(statusTone)).toEqual(Array(5).fill('warn'));
    expect(['failed', 'cancelled', 'Cancelled', 'not_filed', 'high', 'Disqualified', 'Strike Off', 'Under Liquidation'].map(statusTone)).toEqual(Array(8).fill('bad'));
    expect(['not_found', 'skipped', '', null].map(statusTone)).toEqual(Array(4).fill('neutral'));
  });

  it('labels keys and statuses for people', () => {
    expect(humanizeKey('legal_name')).toBe('Legal name');
    expect(humanizeKey('gstr1.status')).toBe('GSTR-1 status');
    expect(humanizeKey('authorised_capital_inr')).toBe('Authorised capital');
    expect(humanizeKey('gstin')).toBe('GSTIN');
    expect(humanizeKey('einvoice_enabled')).toBe('E-invoice enabled');
    expect(statusLabel('not_found')).toBe('Not found');
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('Strike Off')).toBe('Strike Off');
  });
});

describe('jobProgress', () => {
  it('counts progress against the rows the workers verify (valid rows less duplicates)', () => {
    expect(jobProgress({ status: 'running', rows: { valid: 99, duplicates: 1, done: 49 } })).toEqual({ done: 49, cancelled: 0, toVerify: 98, percent: 50 });
    expect(jobProgress({ status: 'completed', rows: { valid: 99, duplicates: 1, done: 98 } })).toEqual({ done: 98, cancelled: 0, toVerify: 98, percent: 100 });
  });

  it('shows a job with nothing to verify as done once it has ended', () => {
    expect(jobProgress({ status: 'completed', rows: { valid: 0, duplicates: 0, done: 0 } }).percent).toBe(100);
    // A cancelled job's rows.done counts its cancelled rows too: they were not verified.
    expect(jobProgress({ status: 'cancelled', rows: { valid: 9694, duplicates: 0, done: 9694, cancelled: 8794 } })).toEqual({ done: 900, cancelled: 8794, toVerify: 9694, percent: 9 });
    expect(jobProgress({ status: 'queued', rows: { valid: 0, duplicates: 0, done: 0 } }).percent).toBe(0);
  });
});

describe('filenameFromDisposition', () => {
  it('takes the name the server suggests, and never a path', () => {
    expect(filenameFromDisposition('attachment; filename="job_1-results.csv"', 'x.csv')).toBe('job_1-results.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9sultats.csv", 'x.csv')).toBe('résultats.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('x.csv');
    expect(filenameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });
});
