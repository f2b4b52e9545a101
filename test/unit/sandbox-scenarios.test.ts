import { describe, expect, it } from 'vitest';
import { daysBetween, istDate } from '../../src/domain/dates.js';
import { buildReturnsRecord } from '../../src/domain/gst-returns.js';
import { checkCin, checkDin, checkGstin, checkLlpin, checkPan } from '../../src/domain/identifiers/index.js';
import { CHECK_NAMES } from '../../src/domain/operations.js';
import { FAULT_TRIGGERS, UNKNOWN_IDENTIFIERS } from '../../src/sources/sandbox/faults.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createSandboxSource } from '../../src/sources/sandbox/sandbox-source.js';
import { scenarioInput, type SandboxScenario } from '../../src/sources/sandbox/scenarios.js';
import { NOWS, call, expectedFlags, httpStatusOf, olderThan18Months } from './sandbox-support.js';

const registry = loadSandboxRegistry();
const source = createSandboxSource(registry);

function scenario(name: string): SandboxScenario {
  const found = registry.scenarios.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no scenario ${name}`);
  return found;
}

function returnsRecord(name: string, now: Date) {
  const gstin = scenario(name).identifiers.gstin ?? '';
  const answer = registry.gstReturns(gstin, now);
  if (answer === undefined) throw new Error(`no returns for ${gstin}`);
  return buildReturnsRecord(answer, 12, now);
}

describe('sandbox scenario list', () => {
  it('names every scenario once', () => {
    const names = registry.scenarios.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers every case the documentation promises', () => {
    const names = registry.scenarios.map((s) => s.name);
    for (const name of [
      'docs-example-llp', 'clean-company', 'composition-taxpayer', 'cancelled-gstin', 'suspended-gstin', 'late-filer',
      'non-filer', 'quarterly-filer', 'llp', 'struck-off-company', 'company-under-liquidation', 'disqualified-director',
      'filings-overdue', 'recently-incorporated', 'individual-pan', 'multi-state-pan', 'pan-deactivated', 'name-mismatch',
      'returns-unavailable', 'unknown-gstin', 'unknown-pan', 'unknown-cin', 'unknown-llpin', 'unknown-din',
    ]) {
      expect(names).toContain(name);
    }
    for (const kind of ['gstin', 'pan', 'cin', 'llpin', 'din', 'search']) {
      expect(names).toContain(`unavailable-${kind}`);
      expect(names).toContain(`timeout-${kind}`);
    }
  });

  it('uses the documentation\'s first example GSTIN', () => {
    expect(scenario('docs-example-llp').identifiers.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('publishes only identifiers that pass local validation', () => {
    for (const { identifiers: ids } of registry.scenarios) {
      if (ids.gstin !== undefined) expect(checkGstin(ids.gstin).ok, ids.gstin).toBe(true);
      if (ids.pan !== undefined) expect(checkPan(ids.pan).ok, ids.pan).toBe(true);
      if (ids.cin !== undefined) expect(checkCin(ids.cin, NOWS[0].now).ok, ids.cin).toBe(true);
      if (ids.llpin !== undefined) expect(checkLlpin(ids.llpin).ok, ids.llpin).toBe(true);
      if (ids.din !== undefined) expect(checkDin(ids.din).ok, ids.din).toBe(true);
    }
  });

  it('documents only operations the identifiers can be sent to', () => {
    for (const s of registry.scenarios) {
      for (const check of Object.keys(s.expect)) {
        expect(CHECK_NAMES).toContain(check);
        expect(scenarioInput(check as (typeof CHECK_NAMES)[number], s.identifiers), `${s.name} ${check}`).toBeDefined();
      }
    }
  });
});

describe.each(NOWS)('sandbox scenarios at $label', ({ now }) => {
  const today = istDate(now);

  for (const s of registry.scenarios) {
    it(`${s.name}: answers each operation with the documented status`, async () => {
      for (const [check, status] of Object.entries(s.expect)) {
        const name = check as (typeof CHECK_NAMES)[number];
        const input = scenarioInput(name, s.identifiers);
        if (input === undefined) throw new Error(`${s.name} has no input for ${check}`);
        expect(httpStatusOf(await call(source, name, input, now)), `${s.name} ${check}`).toBe(status);
      }
    });

    if (s.flags !== undefined) {
      it(`${s.name}: raises exactly the documented risk flags (${s.flags.join(', ') || 'none'})`, () => {
        expect(expectedFlags(registry, s.identifiers, now)).toEqual(s.flags);
      });
    }
  }

  it('late-filer: 3 or more of the last 12 periods late, none missed', () => {
    const record = returnsRecord('late-filer', now);
    expect(record.summary.periods).toBe(12);
    expect(record.summary.filed_late).toBeGreaterThanOrEqual(3);
    expect(record.summary.not_filed).toBe(0);
  });

  it('non-filer: 2 or more of the last 6 periods not filed', () => {
    const record = returnsRecord('non-filer', now);
    const notFiled = record.periods.slice(0, 6).filter((p) => p.gstr1.status === 'not_filed' || p.gstr3b.status === 'not_filed');
    expect(notFiled.length).toBeGreaterThanOrEqual(2);
  });

  it('docs-example-llp and clean-company: every return of the last 12 periods on time', () => {
    for (const name of ['docs-example-llp', 'clean-company']) {
      const record = returnsRecord(name, now);
      expect(record.filing_frequency).toBe('monthly');
      expect(record.summary).toMatchObject({ periods: 12, filed_on_time: 12, filed_late: 0, not_filed: 0 });
    }
  });

  it('quarterly-filer and composition-taxpayer: quarterly periods, each a quarter\'s last month', () => {
    for (const name of ['quarterly-filer', 'composition-taxpayer']) {
      const record = returnsRecord(name, now);
      expect(record.filing_frequency).toBe('quarterly');
      expect(record.periods.every((p) => ['03', '06', '09', '12'].includes(p.period.slice(5)))).toBe(true);
      expect(record.summary.filed_on_time).toBe(record.summary.periods);
    }
    expect(registry.gstVerify(scenario('composition-taxpayer').identifiers.gstin ?? '', now)?.taxpayer_type).toBe('Composition');
  });

  it('cancelled-gstin: cancelled after registration, returns listed only up to the cancellation month', () => {
    const gst = registry.gstVerify(scenario('cancelled-gstin').identifiers.gstin ?? '', now);
    expect(gst?.status).toBe('Cancelled');
    expect(gst?.cancellation_date).not.toBeNull();
    expect((gst?.cancellation_date ?? '') > (gst?.registration_date ?? '')).toBe(true);
    const record = returnsRecord('cancelled-gstin', now);
    expect(record.periods[0]?.period).toBe((gst?.cancellation_date ?? '').slice(0, 7));
  });

  it('recently-incorporated: incorporated under a year ago, GSTIN registered under 180 days ago', () => {
    const ids = scenario('recently-incorporated').identifiers;
    const company = registry.company({ cin: ids.cin ?? '' }, now);
    const gst = registry.gstVerify(ids.gstin ?? '', now);
    expect(daysBetween(company?.date_of_incorporation ?? '', today)).toBeLessThan(365);
    expect(daysBetween(gst?.registration_date ?? '', today)).toBeLessThan(180);
    expect((gst?.registration_date ?? '') >= (company?.date_of_incorporation ?? '')).toBe(true);
    expect(company?.last_agm_date).toBeNull();
  });

  it('filings-overdue: last AGM and balance sheet more than 18 months before now', () => {
    const company = registry.company({ cin: scenario('filings-overdue').identifiers.cin ?? '' }, now);
    expect(olderThan18Months(company?.last_agm_date ?? '', today)).toBe(true);
    expect(olderThan18Months(company?.last_balance_sheet_date ?? '', today)).toBe(true);
  });

  it('clean-company: annual filings within 18 months', () => {
    const company = registry.company({ cin: scenario('clean-company').identifiers.cin ?? '' }, now);
    expect(olderThan18Months(company?.last_agm_date ?? '', today)).toBe(false);
    expect(olderThan18Months(company?.last_balance_sheet_date ?? '', today)).toBe(false);
    expect((company?.last_agm_date ?? '') <= today).toBe(true);
  });

  it('disqualified-director: a current director whose DIN is Disqualified, and the DIN record agrees', () => {
    const ids = scenario('disqualified-director').identifiers;
    const directors = registry.directors({ cin: ids.cin ?? '' }, now)?.directors ?? [];
    const disqualified = directors.filter((d) => d.ceased_on === null && d.din_status === 'Disqualified');
    expect(disqualified).toHaveLength(1);
    const din = registry.din(disqualified[0]?.din ?? '', now);
    expect(din?.din_status).toBe('Disqualified');
    expect(din?.companies.map((c) => c.cin)).toContain(ids.cin);
  });

  it('multi-state-pan: several GSTINs in different states under one PAN', () => {
    const entries = registry.gstByPan(scenario('multi-state-pan').identifiers.pan ?? '', now) ?? [];
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(new Set(entries.map((e) => e.state_code)).size).toBe(entries.length);
  });

  it('pan-deactivated: the PAN answers status X with the holder\'s name', () => {
    const answer = registry.panVerify(scenario('pan-deactivated').identifiers.pan ?? '');
    expect(answer.statusCode).toBe('X');
    expect(answer.fullName).toBe('SURESH BHAILAL PATEL');
  });

  it('name-mismatch: the GST legal name differs from the PAN holder\'s name', () => {
    const ids = scenario('name-mismatch').identifiers;
    expect(registry.gstVerify(ids.gstin ?? '', now)?.legal_name).not.toBe(registry.panVerify(ids.pan ?? '').fullName);
  });

  it('returns-unavailable: gst.returns fails with 503 while gst.verify works', async () => {
    const gstin = scenario('returns-unavailable').identifiers.gstin ?? '';
    expect((await call(source, 'gst.returns', { gstin }, now)).outcome).toBe('unavailable');
    expect((await call(source, 'gst.verify', { gstin }, now)).outcome).toBe('ok');
  });

  it('individual-pan: the PAN answers the proprietor\'s full name, which is also the GST legal name', () => {
    const ids = scenario('individual-pan').identifiers;
    const pan = registry.panVerify(ids.pan ?? '');
    expect(pan).toEqual({ pan: ids.pan, statusCode: 'E', fullName: 'RAHUL KUMAR VERMA' });
    expect(registry.gstVerify(ids.gstin ?? '', now)?.legal_name).toBe(pan.fullName);
  });
});

describe('identifiers reserved as unknown', () => {
  it('are in no record of any kind', () => {
    const now = NOWS[0].now;
    expect(registry.gstVerify(UNKNOWN_IDENTIFIERS.gstin, now)).toBeUndefined();
    expect(registry.gstReturns(UNKNOWN_IDENTIFIERS.gstin, now)).toBeUndefined();
    expect(registry.gstByPan(UNKNOWN_IDENTIFIERS.pan, now)).toBeUndefined();
    expect(registry.panVerify(UNKNOWN_IDENTIFIERS.pan)).toEqual({ pan: UNKNOWN_IDENTIFIERS.pan, statusCode: 'N', fullName: '' });
    expect(registry.company({ cin: UNKNOWN_IDENTIFIERS.cin }, now)).toBeUndefined();
    expect(registry.company({ llpin: UNKNOWN_IDENTIFIERS.llpin }, now)).toBeUndefined();
    expect(registry.directors({ cin: UNKNOWN_IDENTIFIERS.cin }, now)).toBeUndefined();
    expect(registry.cinToPan({ cin: UNKNOWN_IDENTIFIERS.cin })).toBeUndefined();
    expect(registry.cinToPan({ pan: UNKNOWN_IDENTIFIERS.pan })).toBeUndefined();
    expect(registry.din(UNKNOWN_IDENTIFIERS.din, now)).toBeUndefined();
  });

  it('pass local validation, so they reach the source', () => {
    expect(checkGstin(UNKNOWN_IDENTIFIERS.gstin).ok).toBe(true);
    expect(checkPan(UNKNOWN_IDENTIFIERS.pan).ok).toBe(true);
    expect(checkCin(UNKNOWN_IDENTIFIERS.cin).ok).toBe(true);
    expect(checkLlpin(UNKNOWN_IDENTIFIERS.llpin).ok).toBe(true);
    expect(checkDin(UNKNOWN_IDENTIFIERS.din).ok).toBe(true);
  });
});

describe('fault triggers', () => {
  for (const kind of ['unavailable', 'timeout'] as const) {
    const t = FAULT_TRIGGERS[kind];
    it(`answer ${kind} for every check of every identifier kind`, async () => {
      const now = NOWS[0].now;
      const cases = [
        ['gst.verify', { gstin: t.gstin }],
        ['gst.returns', { gstin: t.gstin }],
        ['gst.verify', { gstin: t.gstin.replace(/^27/, '29').slice(0, 14) + 'X' }],
        ['gst.by_pan', { pan: t.pan }],
        ['pan.verify', { pan: t.pan }],
        ['mca.cin_to_pan', { pan: t.pan }],
        ['mca.cin_to_pan', { cin: t.cin }],
        ['mca.company', { cin: t.cin }],
        ['mca.directors', { cin: t.cin }],
        ['mca.company', { llpin: t.llpin }],
        ['mca.directors', { llpin: t.llpin }],
        ['mca.din', { din: t.din }],
        ['mca.search', { name: t.name, limit: 5 }],
        ['mca.search', { name: ` ${t.name.toLowerCase()} `, limit: 5 }],
      ] as const;
      for (const [check, input] of cases) {
        const outcome = await call(source, check, input as never, now);
        expect(outcome.outcome, `${check} ${JSON.stringify(input)}`).toBe(kind);
        expect(outcome.outcome === 'ok' ? '' : outcome.message).not.toBe('');
      }
    });
  }

  it('embed PANs that pass validation in GSTINs with correct check characters', () => {
    expect(checkGstin(FAULT_TRIGGERS.unavailable.gstin).ok).toBe(true);
    expect(checkGstin(FAULT_TRIGGERS.timeout.gstin).ok).toBe(true);
    expect(FAULT_TRIGGERS.unavailable.gstin.slice(0, 14)).toBe('27ZZZCZ5030Z1Z');
    expect(FAULT_TRIGGERS.timeout.gstin.slice(0, 14)).toBe('27ZZZCZ5040Z1Z');
  });

  it('leave ordinary identifiers alone', () => {
    const gstin = scenario('clean-company').identifiers.gstin ?? '';
    expect(registry.faultFor('gst.verify', { gstin })).toBeUndefined();
    expect(registry.faultFor('gst.returns', { gstin })).toBeUndefined();
    expect(registry.faultFor('mca.search', { name: 'FAULTLESS 503 TRADERS', limit: 5 })).toBeUndefined();
  });
});
