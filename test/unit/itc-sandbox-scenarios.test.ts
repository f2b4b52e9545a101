import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { istDate } from '../../src/domain/dates.js';
import { checkInvoices } from '../../src/domain/itc/check-invoice.js';
import { itcInvoiceProblems } from '../../src/domain/itc/input.js';
import { REASON_CODES } from '../../src/domain/itc/reasons.js';
import { supplierFacts } from '../../src/domain/itc/supplier-facts.js';
import type { ItcInvoice, ItcInvoiceResult, ItcVerdict } from '../../src/domain/itc/types.js';
import { driftPhase, driftPhaseOn, type DriftPhase } from '../../src/sources/sandbox/drift.js';
import { renderItcScenarioTable } from '../../src/sources/sandbox/itc-scenario-table.js';
import { itcExpectation, itcInvoiceDate, type ItcScenario } from '../../src/sources/sandbox/itc-scenarios.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';

const registry = loadSandboxRegistry();
const DAY_MS = 86_400_000;

/** The cases as published, read as a user of samples/ reads them. */
const published = JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url)), 'utf8')) as {
  scenarios: { name: string; identifiers: { gstin?: string } }[];
  drifting: { name: string; identifiers: { gstin?: string } }[];
  itc: ItcScenario[];
};
const CASES = published.itc;
const ALL_VERDICTS: ItcVerdict[] = ['eligible', 'at_risk', 'reverse', 'blocked', 'unknown'];

/**
 * What POST /v1/gst/itc-check will do for a case at `now`: GST Verify, and GST Returns back to the
 * earliest invoice's month, into supplierFacts, then checkInvoices on the clock's date in India.
 */
function runCase(c: ItcScenario, now: Date): ItcInvoiceResult[] {
  const today = istDate(now);
  const invoices: ItcInvoice[] = c.invoices.map((invoice) => ({
    number: invoice.number,
    date: itcInvoiceDate(invoice.date, today),
    taxPaise: Math.round(invoice.tax_inr * 100),
    ...(invoice.availed_in === undefined ? {} : { availedIn: invoice.availed_in }),
  }));
  for (const invoice of invoices) expect(itcInvoiceProblems(invoice, today), `${c.name} ${invoice.number} on ${today}`).toEqual([]);
  const since = invoices.map((invoice) => invoice.date.slice(0, 7)).sort()[0]!;
  const record = registry.gstVerify(c.gstin, now);
  const returns = registry.gstReturns(c.gstin, now, since);
  if (record === undefined || returns === undefined) throw new Error(`${c.name}: ${c.gstin} is not in the sandbox registry`);
  return checkInvoices(supplierFacts(record, returns), invoices, today).invoices;
}

/** The differences between what a case documents and what the check answers at `now` ([] when none). */
function mismatches(c: ItcScenario, now: Date): string[] {
  const phase = driftPhase(now);
  return runCase(c, now).flatMap((got, i) => {
    const want = itcExpectation(c.invoices[i]!, phase);
    const answered = {
      verdict: got.verdict,
      reason_codes: got.reasons.map((r) => r.code),
      ...(want.period === undefined ? {} : { period: got.period }),
      ...(want.reverse_by === undefined ? {} : { reverse_by: got.reverseBy }),
    };
    return JSON.stringify(answered) === JSON.stringify(want) ? [] : [`${istDate(now)} ${c.name} ${got.number} (${got.date}): ${JSON.stringify(answered)}, documented ${JSON.stringify(want)}`];
  });
}

/** The first instant from `from` on whose ISO week (in India) is in `phase`. */
function nextInPhase(from: Date, phase: DriftPhase): Date {
  let at = from;
  while (driftPhase(at) !== phase) at = new Date(at.getTime() + DAY_MS);
  return at;
}

const start = new Date();
const NOWS: [string, Date][] = [
  ['today', start],
  ['in 90 days', new Date(start.getTime() + 90 * DAY_MS)],
  ['in 400 days', new Date(start.getTime() + 400 * DAY_MS)],
];

describe('ITC check sandbox scenarios (samples/sandbox-identifiers.json "itc")', () => {
  it('resolves invoice dates as the file says: fixed, days before today, or a day of a month before today\'s', () => {
    expect(itcInvoiceDate('2024-07-10', '2026-11-27')).toBe('2024-07-10');
    expect(itcInvoiceDate({ days_ago: 0 }, '2026-11-27')).toBe('2026-11-27');
    expect(itcInvoiceDate({ days_ago: 30 }, '2026-03-01')).toBe('2026-01-30');
    expect(itcInvoiceDate({ months_ago: 2, day: 15 }, '2027-01-31')).toBe('2026-11-15');
    expect(itcInvoiceDate({ months_ago: 30, day: 1 }, '2026-11-27')).toBe('2024-05-01');
  });

  for (const [label, now] of NOWS) {
    for (const c of CASES) {
      it(`${c.name} answers as documented ${label} (${driftPhase(now)} week)`, () => {
        expect(mismatches(c, now)).toEqual([]);
      });
    }
  }

  for (const c of CASES.filter((c) => c.invoices.some((invoice) => !('verdict' in invoice.expect)))) {
    it(`${c.name} (drifting) answers each phase's verdict in an even and an odd week`, () => {
      for (const phase of ['even', 'odd'] as const) {
        const now = nextInPhase(start, phase);
        expect(driftPhaseOn(istDate(now))).toBe(phase);
        expect(mismatches(c, now)).toEqual([]);
      }
      // The phases differ: the same invoice turns from one verdict to the other when the clock moves.
      const verdicts = c.invoices.map((invoice) => [itcExpectation(invoice, 'even').verdict, itcExpectation(invoice, 'odd').verdict]);
      expect(verdicts.some(([even, odd]) => even !== odd)).toBe(true);
    });
  }

  it('every case answers as documented on every day of the next five years', () => {
    const wrong: string[] = [];
    for (let day = 0; day < 5 * 366; day++) {
      const now = new Date(start.getTime() + day * DAY_MS);
      for (const c of CASES) wrong.push(...mismatches(c, now));
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('together give every reason code of REASON_CATALOGUE and every verdict', () => {
    const expectations = CASES.flatMap((c) => c.invoices.flatMap((invoice) => (['even', 'odd'] as const).map((phase) => itcExpectation(invoice, phase))));
    expect(new Set(expectations.flatMap((e) => e.reason_codes))).toEqual(new Set(REASON_CODES));
    expect(new Set(expectations.map((e) => e.verdict))).toEqual(new Set(ALL_VERDICTS));
  });

  it('name suppliers that are published scenarios with the same GSTIN', () => {
    const byName = new Map([...published.scenarios, ...published.drifting].map((s) => [s.name, s.identifiers.gstin]));
    for (const c of CASES) expect(byName.get(c.scenario), c.name).toBe(c.gstin);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it('are the table in docs/itc-check.md (regenerate: npx tsx src/sources/sandbox/write-identifiers.ts)', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/itc-check.md', import.meta.url)), 'utf8');
    expect(doc).toContain(renderItcScenarioTable(CASES));
  });
});
