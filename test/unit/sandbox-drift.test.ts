import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/domain/business360/profile.js';
import { addMonths } from '../../src/domain/dates.js';
import { checkCin, checkDin, checkGstin, checkPan } from '../../src/domain/identifiers/index.js';
import { CHECK_NAMES, type CheckName } from '../../src/domain/operations.js';
import { startSimulator } from '../../src/sim/simulator.js';
import type { HttpSource } from '../../src/sources/adapter.js';
import { ADAPTERS } from '../../src/sources/adapters/index.js';
import { createBusiness360 } from '../../src/orchestration/business360/run-business360.js';
import type { Source } from '../../src/sources/port.js';
import { driftPhase, driftPhaseOn, isoWeekOf } from '../../src/sources/sandbox/drift.js';
import { DRIFTING_IDENTIFIERS, DRIFTING_SCENARIOS, type DriftingScenario } from '../../src/sources/sandbox/drifting-scenarios.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createSandboxSource } from '../../src/sources/sandbox/sandbox-source.js';
import { scenarioInput } from '../../src/sources/sandbox/scenarios.js';
import { createVerifier, type OperationInputs, type SourceChains, type Verifier } from '../../src/sources/verifier.js';

const registry = loadSandboxRegistry();

/** Noon in India on a date. */
const noonIst = (date: string): Date => new Date(`${date}T06:30:00Z`);

/** Two Wednesdays a week apart, each way round, chosen away from return due dates and filing days. */
const EVEN_THEN_ODD = { even: noonIst('2026-11-25'), odd: noonIst('2026-12-02') };
const ODD_THEN_EVEN = { odd: noonIst('2027-06-23'), even: noonIst('2027-06-30') };

/** The first and last instant, in India, of an even and an odd week with no return falling due. */
const WEEKS = [
  { label: 'even week 48 of 2026', phase: 'even', first: new Date('2026-11-22T18:30:00.000Z'), last: new Date('2026-11-29T18:29:59.999Z') },
  { label: 'odd week 49 of 2026', phase: 'odd', first: new Date('2026-11-29T18:30:00.000Z'), last: new Date('2026-12-06T18:29:59.999Z') },
] as const;

function chainsOf(sources: (check: CheckName) => readonly Source[]): SourceChains {
  const chains = Object.fromEntries(CHECK_NAMES.map((check) => [check, sources(check)])) as unknown as SourceChains['sandbox'];
  return { sandbox: chains, live: chains };
}

const sandboxVerifier = createVerifier(chainsOf(() => [createSandboxSource(registry)]));

function drifting(name: string): DriftingScenario {
  const found = DRIFTING_SCENARIOS.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no drifting scenario ${name}`);
  return found;
}

type Snapshot = Record<string, unknown>;

/**
 * What the API answers for a scenario at `now`: the data of every operation its identifiers can
 * be sent to, a company search for its company, and the Business360 summary (flags as
 * code:severity, sorted; their messages name the facts, which the records already show).
 */
async function snapshot(verifier: Verifier, s: DriftingScenario, now: Date, environment: 'sandbox' | 'live' = 'sandbox'): Promise<Snapshot> {
  const context = { environment, budgetMs: 10_000, now };
  const data: Snapshot = {};
  for (const check of Object.keys(s.expect) as CheckName[]) {
    const input = scenarioInput(check, s.identifiers);
    if (input === undefined) throw new Error(`${s.name} has no input for ${check}`);
    const full = (check === 'gst.returns' ? { ...input, periods: 12 } : input) as OperationInputs[typeof check];
    const result = await verifier.verify(check, full, context);
    data[check] = result.ok ? result.data : { error: result.error.code };
  }
  if (s.identifiers.cin !== undefined) {
    const name = registry.company({ cin: s.identifiers.cin }, now)?.name ?? '';
    const result = await verifier.verify('mca.search', { name, limit: 5 }, context);
    data['mca.search'] = result.ok ? result.data : { error: result.error.code };
  }
  if (environment === 'sandbox') {
    const entry = s.identifiers.gstin !== undefined ? { gstin: s.identifiers.gstin } : s.identifiers.cin !== undefined ? { cin: s.identifiers.cin } : { pan: s.identifiers.pan };
    const result = await createBusiness360(verifier)({ ...entry, include: MODULES }, context);
    if (!result.ok) throw new Error(`${s.name}: business360 failed: ${result.detail}`);
    const { risk, ...summary } = result.profile.summary;
    data.business360 = { ...summary, risk: { level: risk.level, flags: risk.flags.map((f) => `${f.code}:${f.severity}`).sort() } };
  }
  return data;
}

/** A deep copy of a snapshot with the given fields replaced: paths like `gst.verify/status`, numbers indexing lists. */
function withChanges(base: Snapshot, changes: Record<string, unknown>): Snapshot {
  const copy = structuredClone(base);
  for (const [path, value] of Object.entries(changes)) {
    const parts = path.split('/');
    let target = copy as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next !== 'object' || next === null) throw new Error(`no ${path} in the snapshot`);
      target = next as Record<string, unknown>;
    }
    const last = parts.at(-1) ?? '';
    if (!(last in target)) throw new Error(`no ${path} in the snapshot`);
    target[last] = value;
  }
  return copy;
}

/** Where in a list the entry with this field value is, so a change can name it by path. */
function indexOf(list: unknown, field: string, value: string): number {
  const index = (list as Record<string, unknown>[]).findIndex((entry) => entry[field] === value);
  if (index < 0) throw new Error(`no entry with ${field} ${value}`);
  return index;
}

describe('driftPhase', () => {
  it('is the parity of the ISO week of the date in India', () => {
    expect(driftPhase(new Date('2026-11-21T06:30:00Z'))).toBe('odd'); // week 47
    expect(driftPhase(new Date('2026-11-25T06:30:00Z'))).toBe('even'); // week 48
    expect(driftPhase(new Date('2027-06-23T06:30:00Z'))).toBe('odd'); // week 25
    expect(isoWeekOf('2026-11-21')).toEqual({ year: 2026, week: 47, monday: '2026-11-16' });
    expect(isoWeekOf('2026-11-23')).toEqual({ year: 2026, week: 48, monday: '2026-11-23' });
  });

  it('turns at midnight in India on Sunday night, not at midnight UTC', () => {
    expect(driftPhase(new Date('2026-11-22T18:29:59.999Z'))).toBe('odd');
    expect(driftPhase(new Date('2026-11-22T18:30:00.000Z'))).toBe('even');
    expect(driftPhase(new Date('2026-11-22T23:59:59.999Z'))).toBe('even');
  });

  it('follows ISO week numbers, so week 53 and the week 1 after it are both odd', () => {
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53, monday: '2026-12-28' });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1, monday: '2027-01-04' });
    expect(isoWeekOf('2027-01-03')).toMatchObject({ year: 2026, week: 53 });
    expect([driftPhaseOn('2026-12-31'), driftPhaseOn('2027-01-04'), driftPhaseOn('2027-01-11')]).toEqual(['odd', 'odd', 'even']);
  });

  it('agrees with the JavaScript calendar\'s ISO weeks from 2000 to 2040', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 86_400_000) {
      const day = new Date(ms);
      const thursday = new Date(ms + (3 - ((day.getUTCDay() + 6) % 7)) * 86_400_000);
      const year = thursday.getUTCFullYear();
      const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
      const iso = day.toISOString().slice(0, 10);
      const ours = isoWeekOf(iso);
      if (ours.year !== year || ours.week !== week || driftPhaseOn(iso) !== (week % 2 === 0 ? 'even' : 'odd')) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });
});

describe('drifting scenario list', () => {
  it('has one GSTIN status, one filing gap, one company status, one DIN status and one retrospective cancellation scenario', () => {
    expect(DRIFTING_SCENARIOS.map((s) => [s.name, s.drifting.kind])).toEqual([
      ['drifting-gst-status', 'gstin'],
      ['drifting-returns-gap', 'gstin'],
      ['drifting-company-status', 'cin'],
      ['drifting-director', 'din'],
      ['drifting-retro-cancellation', 'gstin'],
    ]);
    expect(DRIFTING_IDENTIFIERS).toEqual(DRIFTING_SCENARIOS.map((s) => s.drifting.identifier));
  });

  it('publishes valid identifiers, each among its scenario\'s own, and shared with no other scenario', () => {
    const others = new Set(registry.scenarios.flatMap((s) => Object.values(s.identifiers)));
    const names = new Set(registry.scenarios.map((s) => s.name));
    for (const s of DRIFTING_SCENARIOS) {
      const ids = s.identifiers;
      expect(names.has(s.name), s.name).toBe(false);
      expect(ids[s.drifting.kind]).toBe(s.drifting.identifier);
      if (ids.gstin !== undefined) expect(checkGstin(ids.gstin).ok, ids.gstin).toBe(true);
      if (ids.pan !== undefined) expect(checkPan(ids.pan).ok, ids.pan).toBe(true);
      if (ids.cin !== undefined) expect(checkCin(ids.cin, EVEN_THEN_ODD.even).ok, ids.cin).toBe(true);
      if (ids.din !== undefined) expect(checkDin(ids.din).ok, ids.din).toBe(true);
      for (const value of Object.values(ids)) expect(others.has(value), `${s.name} ${value}`).toBe(false);
      expect(s.changes.map((c) => c.operation)).toContain('business360');
    }
  });

  it('is in samples/sandbox-identifiers.json under "drifting"', () => {
    const sample = JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url)), 'utf8')) as {
      drifting: { name: string; drifting: { identifier: string } }[];
    };
    expect(sample.drifting.map((s) => [s.name, s.drifting.identifier])).toEqual(DRIFTING_SCENARIOS.map((s) => [s.name, s.drifting.identifier]));
  });
});

describe.each([
  { order: 'an even week, then the odd week after it', ...EVEN_THEN_ODD },
  { order: 'an odd week, then the even week after it', ...ODD_THEN_EVEN },
])('drifting scenarios a week apart: $order', ({ even, odd }) => {
  it('are in the phases the dates say', () => {
    expect([driftPhase(even), driftPhase(odd)]).toEqual(['even', 'odd']);
    expect(Math.abs(odd.getTime() - even.getTime())).toBe(7 * 86_400_000);
  });

  for (const s of DRIFTING_SCENARIOS) {
    it(`${s.name}: answers every operation with the documented status in both phases`, async () => {
      for (const now of [even, odd]) {
        const data = await snapshot(sandboxVerifier, s, now);
        for (const [check, status] of Object.entries(s.expect)) {
          const error = (data[check] as { error?: string }).error;
          const answered = error === undefined ? 200 : error === 'RECORD_NOT_FOUND' ? 404 : error;
          expect(answered, `${s.name} ${check} ${now.toISOString()}`).toBe(status);
        }
      }
    });

    it(`${s.name}: raises the documented Business360 risk in each phase`, async () => {
      for (const [phase, now] of [['even', even], ['odd', odd]] as const) {
        const summary = (await snapshot(sandboxVerifier, s, now)).business360 as { risk: { level: string; flags: string[] } };
        expect(summary.risk.level, phase).toBe(s.risk[phase].level);
        expect(summary.risk.flags.map((f) => f.split(':')[0]).sort(), phase).toEqual([...s.risk[phase].flags].sort());
      }
    });
  }

  it('drifting-gst-status: only the GSTIN\'s status and cancellation date change, in gst.verify, gst.by_pan and the risk', async () => {
    const s = drifting('drifting-gst-status');
    const inEven = await snapshot(sandboxVerifier, s, even);
    const inOdd = await snapshot(sandboxVerifier, s, odd);
    expect((inEven['gst.verify'] as { status: string }).status).toBe('Active');
    expect(inOdd).toEqual(
      withChanges(inEven, {
        'gst.verify/status': 'Cancelled',
        'gst.verify/cancellation_date': isoWeekOf(odd.toISOString().slice(0, 10)).monday,
        'gst.by_pan/gstins/0/status': 'Cancelled',
        'business360/risk': { level: 'high', flags: ['GST_CANCELLED:high'] },
      }),
    );
  });

  it('drifting-returns-gap: only the latest due period goes unfiled (both returns), and the risk', async () => {
    const s = drifting('drifting-returns-gap');
    const inEven = await snapshot(sandboxVerifier, s, even);
    const inOdd = await snapshot(sandboxVerifier, s, odd);
    const returns = inEven['gst.returns'] as { periods: { period: string; gstr1: { due_date: string }; gstr3b: { due_date: string } }[]; summary: Record<string, unknown> };
    expect(returns.summary).toMatchObject({ periods: 12, filed_on_time: 12, not_filed: 0 });
    const latest = returns.periods[0]!;
    expect(inOdd).toEqual(
      withChanges(inEven, {
        'gst.returns/periods/0/gstr1': { status: 'not_filed', filed_on: null, due_date: latest.gstr1.due_date },
        'gst.returns/periods/0/gstr3b': { status: 'not_filed', filed_on: null, due_date: latest.gstr3b.due_date },
        'gst.returns/summary/filed_on_time': 11,
        'gst.returns/summary/not_filed': 1,
        'gst.returns/summary/last_filed_period': returns.periods[1]!.period,
        'business360/risk': { level: 'medium', flags: ['GST_RETURNS_NOT_FILED:medium'] },
      }),
    );
  });

  it('drifting-retro-cancellation: the GSTIN is cancelled from the 1st of the month before last, and gst.returns ends at that month', async () => {
    const s = drifting('drifting-retro-cancellation');
    const inEven = await snapshot(sandboxVerifier, s, even);
    const inOdd = await snapshot(sandboxVerifier, s, odd);
    expect((inEven['gst.verify'] as { status: string }).status).toBe('Active');
    const monday = isoWeekOf(odd.toISOString().slice(0, 10)).monday;
    const cancelledFrom = `${addMonths(monday.slice(0, 7), -2)}-01`;
    const oddReturns = inOdd['gst.returns'] as { periods: { period: string }[]; summary: { last_filed_period: string } };
    expect(oddReturns.periods[0]!.period).toBe(cancelledFrom.slice(0, 7));
    expect(oddReturns.summary.last_filed_period).toBe(cancelledFrom.slice(0, 7));
    expect(inOdd).toEqual(
      withChanges(inEven, {
        'gst.verify/status': 'Cancelled',
        'gst.verify/cancellation_date': cancelledFrom,
        'gst.by_pan/gstins/0/status': 'Cancelled',
        'gst.returns/periods': oddReturns.periods,
        'gst.returns/summary/last_filed_period': cancelledFrom.slice(0, 7),
        'business360/risk': { level: 'high', flags: ['GST_CANCELLED:high'] },
      }),
    );
  });

  it('drifting-company-status: only the company status changes, in mca.company, mca.search and the risk', async () => {
    const s = drifting('drifting-company-status');
    const inEven = await snapshot(sandboxVerifier, s, even);
    const inOdd = await snapshot(sandboxVerifier, s, odd);
    expect((inEven['mca.company'] as { status: string }).status).toBe('Active');
    const hit = indexOf((inEven['mca.search'] as { results: unknown }).results, 'cin', s.drifting.identifier);
    expect(inEven.business360).toMatchObject({ risk: { level: 'medium', flags: ['COMPANY_FILINGS_OVERDUE:medium'] } });
    expect(inOdd).toEqual(
      withChanges(inEven, {
        'mca.company/status': 'Strike Off',
        [`mca.search/results/${hit}/status`]: 'Strike Off',
        'business360/risk': { level: 'high', flags: ['COMPANY_FILINGS_OVERDUE:medium', 'COMPANY_STRUCK_OFF:high'] },
      }),
    );
  });

  it('drifting-director: only the DIN status changes, in mca.din, mca.directors and the risk', async () => {
    const s = drifting('drifting-director');
    const inEven = await snapshot(sandboxVerifier, s, even);
    const inOdd = await snapshot(sandboxVerifier, s, odd);
    expect((inEven['mca.din'] as { din_status: string }).din_status).toBe('Approved');
    const director = indexOf((inEven['mca.directors'] as { directors: unknown }).directors, 'din', s.drifting.identifier);
    expect(inOdd).toEqual(
      withChanges(inEven, {
        'mca.din/din_status': 'Disqualified',
        [`mca.directors/directors/${director}/din_status`]: 'Disqualified',
        'business360/risk': { level: 'high', flags: ['DIRECTOR_DISQUALIFIED:high'] },
      }),
    );
  });
});

describe.each(WEEKS)('drifting scenarios within one week: $label', ({ phase, first, last }) => {
  it('is the week it says', () => {
    expect([driftPhase(first), driftPhase(last)]).toEqual([phase, phase]);
    expect(driftPhase(new Date(first.getTime() - 1))).not.toBe(phase);
    expect(driftPhase(new Date(last.getTime() + 1))).not.toBe(phase);
  });

  for (const s of DRIFTING_SCENARIOS) {
    it(`${s.name}: answers the same from Monday 00:00 to Sunday 23:59 in India`, async () => {
      expect(await snapshot(sandboxVerifier, s, last)).toEqual(await snapshot(sandboxVerifier, s, first));
    });
  }
});

/**
 * The live path: the shipped adapters, over HTTP, from the upstream simulator serving the same
 * registry with its own clock set to the same instant, give the sandbox's records in both phases.
 */
describe('drifting scenarios over the upstream simulator', () => {
  let simNow = EVEN_THEN_ODD.even;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let adapters: HttpSource[] = [];
  let liveVerifier: Verifier;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, now: () => simNow });
    const file = JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sources.sim.json', import.meta.url)), 'utf8')) as {
      sources: Record<string, { adapter: string; base_url: string; credentials: Record<string, { default: string }> }>;
      checks: Record<string, string[]>;
    };
    const byName = new Map<string, HttpSource>();
    for (const [name, settings] of Object.entries(file.sources)) {
      const definition = ADAPTERS.find((a) => a.name === settings.adapter);
      if (definition === undefined) throw new Error(`no adapter ${settings.adapter}`);
      const source = definition.create({
        baseUrl: settings.base_url.replace('http://127.0.0.1:8090', sim.url),
        timeoutMs: 5_000,
        connections: 2,
        credentials: Object.fromEntries(Object.entries(settings.credentials).map(([key, value]) => [key, value.default])),
        log: pino({ level: 'silent' }),
      });
      byName.set(name, source);
    }
    adapters = [...byName.values()];
    liveVerifier = createVerifier(chainsOf((check) => (file.checks[check] ?? []).flatMap((name) => byName.get(name) ?? [])));
  });
  afterAll(async () => {
    await Promise.all(adapters.map((a) => a.close()));
    await sim?.close();
  });

  for (const [phase, now] of [['even', EVEN_THEN_ODD.even], ['odd', EVEN_THEN_ODD.odd]] as const) {
    it(`gives the sandbox's records in the ${phase} phase`, async () => {
      simNow = now;
      for (const s of DRIFTING_SCENARIOS) {
        const live = await snapshot(liveVerifier, s, now, 'live');
        const { business360: _, ...sandbox } = await snapshot(sandboxVerifier, s, now);
        expect(live, s.name).toEqual(sandbox);
      }
    });
  }
});
