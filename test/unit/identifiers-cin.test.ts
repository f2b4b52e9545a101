import { describe, expect, it } from 'vitest';
import { checkCin, CIN_OWNERSHIP, CIN_STATES, type CinParts } from '../../src/domain/identifiers/index.js';
import { describeSource, RULE_WORDING, vectors, type CinVector } from './identifier-vectors.js';

const NOW = new Date(vectors.constructed.now);

function expectDecodes(vector: CinVector): void {
  const result = checkCin(vector.value, NOW);
  expect(result.ok, vector.value).toBe(true);
  if (!result.ok) return;
  const expected: CinParts = {
    cin: vector.value,
    listed: vector.listed,
    nicCode: vector.nicCode,
    stateCode: vector.stateCode,
    state: vector.state,
    year: vector.year,
    ownership: vector.ownership,
    ownershipDescription: CIN_OWNERSHIP[vector.ownership] as string,
    registrationNumber: vector.registrationNumber,
  };
  expect(result.value).toEqual(expected);
}

describe('checkCin', () => {
  it('decodes listing, NIC code, state, year, ownership and registration number', () => {
    expect(checkCin('L93030DL2010PLC198141', NOW)).toEqual({
      ok: true,
      value: {
        cin: 'L93030DL2010PLC198141',
        listed: true,
        nicCode: '93030',
        stateCode: 'DL',
        state: 'Delhi',
        year: 2010,
        ownership: 'PLC',
        ownershipDescription: 'Public limited company',
        registrationNumber: '198141',
      },
    });
  });

  it('reads U as unlisted', () => {
    const result = checkCin('U72200KA2009PTC049889', NOW);
    expect(result.ok && result.value.listed).toBe(false);
  });

  it('normalises lower case and surrounding spaces', () => {
    const result = checkCin(' u72200ka2009ptc049889 ', NOW);
    expect(result.ok && result.value.cin).toBe('U72200KA2009PTC049889');
  });

  it('knows Telangana as TG and the twelve ownership codes of UPSTREAMS.md', () => {
    expect(CIN_STATES.TG).toBe('Telangana');
    expect(Object.keys(CIN_OWNERSHIP).sort()).toEqual(
      ['FLC', 'FTC', 'GAP', 'GAT', 'GOI', 'NPL', 'OPC', 'PLC', 'PTC', 'SGC', 'ULL', 'ULT'].sort(),
    );
    for (const ownership of Object.keys(CIN_OWNERSHIP)) {
      const result = checkCin(`U72200TG2015${ownership}100001`, NOW);
      expect(result.ok && result.value.ownership, ownership).toBe(ownership);
    }
  });

  it('accepts the current year and rejects the next one', () => {
    expect(checkCin('U72200KA2026PTC049889', NOW).ok).toBe(true);
    expect(checkCin('U72200KA2027PTC049889', NOW)).toMatchObject({ ok: false, rule: 'year' });
  });

  for (const group of vectors.cin) {
    describe(`vectors from ${describeSource(group.source)}`, () => {
      for (const vector of group.valid) it(`decodes ${vector.value}`, () => expectDecodes(vector));
      for (const vector of group.invalid) {
        it(`rejects ${vector.value} with rule ${vector.rule}`, () => {
          const result = checkCin(vector.value, NOW);
          expect(result).toMatchObject({ ok: false, rule: vector.rule });
          if (!result.ok) expect(result.message).toMatch(RULE_WORDING[vector.rule] as RegExp);
        });
      }
    });
  }

  describe(`constructed vectors (${describeSource(vectors.constructed.source)})`, () => {
    for (const vector of vectors.constructed.cin.valid) it(`decodes ${vector.value}`, () => expectDecodes(vector));
    for (const vector of vectors.constructed.cin.invalid) {
      it(`rejects ${vector.value} with rule ${vector.rule}`, () => {
        const result = checkCin(vector.value, NOW);
        expect(result).toMatchObject({ ok: false, rule: vector.rule });
        if (!result.ok) expect(result.message).toMatch(RULE_WORDING[vector.rule] as RegExp);
      });
    }
  });
});

describe('CIN year in India time', () => {
  it("accepts this year's CINs from midnight on 1 January in India, while it is still 31 December in UTC", () => {
    const newYearIst = new Date('2026-12-31T19:00:00Z'); // 00:30 IST on 1 January 2027
    expect(checkCin('U72200KA2027PTC049889', newYearIst).ok).toBe(true);
    expect(checkCin('U72200KA2027PTC049889', new Date('2026-12-31T18:00:00Z')).ok).toBe(false);
  });
});
