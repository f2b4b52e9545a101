import { describe, expect, it, vi } from 'vitest';
import { rankSearch } from '../../src/domain/company-search.js';
import { CHECK_NAMES } from '../../src/domain/operations.js';
import { FAULT_TRIGGERS, UNKNOWN_IDENTIFIERS } from '../../src/sources/sandbox/faults.js';
import { SEARCH_CANDIDATE_LIMIT, loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createSandboxSource } from '../../src/sources/sandbox/sandbox-source.js';
import { SCENARIO_ENTITIES } from '../../src/sources/sandbox/scenario-entities.js';
import { NOWS, call } from './sandbox-support.js';

const NOW = NOWS[0].now;
const registry = loadSandboxRegistry();
const source = createSandboxSource(registry);
const llp = { ...SCENARIO_ENTITIES.llp, llpin: SCENARIO_ENTITIES.llp.llpin ?? '' };
const company = { ...SCENARIO_ENTITIES.cleanCompany, cin: SCENARIO_ENTITIES.cleanCompany.cin ?? '' };

describe('sandbox source', () => {
  it('is named sandbox and answers all nine checks', () => {
    expect(source.name).toBe('sandbox');
    expect(Object.keys(source.handlers).sort()).toEqual([...CHECK_NAMES].sort());
  });

  it('answers ok with the record when there is one', async () => {
    const outcome = await call(source, 'gst.verify', { gstin: '27AAPFU0939F1ZV' }, NOW);
    expect(outcome).toMatchObject({ outcome: 'ok', value: { gstin: '27AAPFU0939F1ZV', legal_name: 'UTKARSH AGRO EXPORTS LLP', status: 'Active' } });
  });

  it('accepts identifiers in any case and with surrounding spaces', async () => {
    const outcome = await call(source, 'mca.company', { cin: ` ${company.cin.toLowerCase()} ` }, NOW);
    expect(outcome).toMatchObject({ outcome: 'ok', value: { cin: company.cin } });
  });

  it('answers not_found with a message when there is no record', async () => {
    for (const [check, input] of [
      ['gst.verify', { gstin: UNKNOWN_IDENTIFIERS.gstin }],
      ['gst.returns', { gstin: UNKNOWN_IDENTIFIERS.gstin }],
      ['gst.by_pan', { pan: UNKNOWN_IDENTIFIERS.pan }],
      ['mca.company', { llpin: UNKNOWN_IDENTIFIERS.llpin }],
      ['mca.directors', { cin: UNKNOWN_IDENTIFIERS.cin }],
      ['mca.cin_to_pan', { cin: UNKNOWN_IDENTIFIERS.cin }],
      ['mca.din', { din: UNKNOWN_IDENTIFIERS.din }],
    ] as const) {
      const outcome = await call(source, check, input as never, NOW);
      expect(outcome.outcome, check).toBe('not_found');
      expect(outcome.outcome === 'not_found' && outcome.message.length > 0).toBe(true);
    }
  });

  it('answers an unknown PAN as the ITD does: status N and no name', async () => {
    const outcome = await call(source, 'pan.verify', { pan: UNKNOWN_IDENTIFIERS.pan }, NOW);
    expect(outcome).toEqual({ outcome: 'ok', value: { pan: UNKNOWN_IDENTIFIERS.pan, statusCode: 'N', fullName: '' } });
  });

  it('answers a known PAN with no GSTIN with an empty list, not not_found', async () => {
    expect(await call(source, 'gst.by_pan', { pan: SCENARIO_ENTITIES.noGstin.pan }, NOW)).toEqual({ outcome: 'ok', value: [] });
  });

  it('maps a CIN to its PAN and the PAN back', async () => {
    expect(await call(source, 'mca.cin_to_pan', { cin: company.cin }, NOW)).toEqual({
      outcome: 'ok',
      value: { cin: company.cin, llpin: null, pan: company.pan, company_name: company.name },
    });
    expect(await call(source, 'mca.cin_to_pan', { pan: company.pan }, NOW)).toMatchObject({ outcome: 'ok', value: { cin: company.cin } });
  });

  it('maps an LLP\'s PAN to its LLPIN, with cin null', async () => {
    expect(await call(source, 'mca.cin_to_pan', { pan: llp.pan }, NOW)).toEqual({
      outcome: 'ok',
      value: { cin: null, llpin: llp.llpin, pan: llp.pan, company_name: llp.name },
    });
  });

  it('answers an LLP\'s designated partners, past ones included', async () => {
    const outcome = await call(source, 'mca.directors', { llpin: llp.llpin }, NOW);
    if (outcome.outcome !== 'ok') throw new Error(outcome.message);
    expect(outcome.value).toMatchObject({ cin: null, llpin: llp.llpin, company_name: llp.name });
    expect(outcome.value.directors.map((d) => [d.din, d.designation, d.ceased_on])).toEqual([
      ['09900009', 'Designated Partner', null],
      ['09900010', 'Designated Partner', null],
      ['09900011', 'Designated Partner', '2022-06-30'],
    ]);
  });

  it('answers a GST returns request with raw filings, the frequency and the registration dates', async () => {
    const outcome = await call(source, 'gst.returns', { gstin: '27AAPFU0939F1ZV' }, NOW);
    if (outcome.outcome !== 'ok') throw new Error(outcome.message);
    expect(outcome.value).toMatchObject({ gstin: '27AAPFU0939F1ZV', frequency: 'monthly', registrationDate: '2017-07-01', cancellationDate: null });
    // Both returns of every month in the 24-month window whose returns were due by now.
    const periods = new Set(outcome.value.filings.map((f) => f.period));
    expect(periods.size).toBe(23);
    expect(outcome.value.filings.length).toBe(46);
    expect([...periods][0]).toBe('2026-10');
  });

  it('finds search candidates by shared words, up to its limit, leaving ranking to the caller', async () => {
    const outcome = await call(source, 'mca.search', { name: 'kaveri logistics', limit: 5 }, NOW);
    if (outcome.outcome !== 'ok') throw new Error(outcome.message);
    expect(outcome.value.length).toBeGreaterThan(5);
    expect(outcome.value.length).toBeLessThanOrEqual(SEARCH_CANDIDATE_LIMIT);
    expect(outcome.value[0]).not.toHaveProperty('score');
    expect(outcome.value.map((c) => c.llpin)).toContain(llp.llpin);
    expect(rankSearch('kaveri logistics', outcome.value, 5).results[0]?.name).toBe(llp.name);
  });

  it('finds a company from the start of a word', async () => {
    const outcome = await call(source, 'mca.search', { name: 'SAHYA AGRO FOODS', limit: 5 }, NOW);
    if (outcome.outcome !== 'ok') throw new Error(outcome.message);
    expect(outcome.value.map((c) => c.name)).toContain(company.name);
  });

  it('answers a search that matches nothing with no candidates', async () => {
    expect(await call(source, 'mca.search', { name: 'QWXZ PLORK', limit: 5 }, NOW)).toEqual({ outcome: 'ok', value: [] });
  });

  it('answers fault triggers at once, without waiting on any timer', async () => {
    // With the clock frozen, a handler that slept before answering would never settle.
    vi.useFakeTimers();
    try {
      expect((await call(source, 'mca.din', { din: FAULT_TRIGGERS.timeout.din }, NOW)).outcome).toBe('timeout');
      expect((await call(source, 'mca.din', { din: FAULT_TRIGGERS.unavailable.din }, NOW)).outcome).toBe('unavailable');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers timeout when the call\'s budget has already run out', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await source.handlers['gst.verify']!({ gstin: '27AAPFU0939F1ZV' }, { signal: controller.signal, now: NOW });
    expect(outcome.outcome).toBe('timeout');
  });

  it('hands out copies: changing an answer does not change the registry', async () => {
    const first = await call(source, 'gst.verify', { gstin: '27AAPFU0939F1ZV' }, NOW);
    if (first.outcome !== 'ok') throw new Error(first.message);
    first.value.nature_of_business.push('Export');
    first.value.principal_place.city = 'Nowhere';
    const second = await call(source, 'gst.verify', { gstin: '27AAPFU0939F1ZV' }, NOW);
    expect(second).toMatchObject({ value: { nature_of_business: ['Wholesale Business'], principal_place: { city: 'Pune' } } });
  });
});
