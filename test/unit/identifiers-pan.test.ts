import { describe, expect, it } from 'vitest';
import { checkPan, PAN_CATEGORIES, panCategory } from '../../src/domain/identifiers/index.js';
import { describeSource, RULE_WORDING, vectors } from './identifier-vectors.js';

describe('checkPan', () => {
  it('normalises lower case and surrounding spaces', () => {
    expect(checkPan('  acupa7085r ')).toEqual({ ok: true, value: 'ACUPA7085R' });
  });

  it('accepts each of the ten holder types of docs/api.md and no other 4th character', () => {
    expect(Object.keys(PAN_CATEGORIES).sort()).toEqual(['A', 'B', 'C', 'F', 'G', 'H', 'J', 'L', 'P', 'T']);
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const result = checkPan(`AAA${letter}A1234A`);
      if (letter in PAN_CATEGORIES) expect(result.ok, letter).toBe(true);
      else expect(result, letter).toMatchObject({ ok: false, rule: 'holder_type' });
    }
  });

  for (const group of vectors.pan) {
    describe(`vectors from ${describeSource(group.source)}`, () => {
      for (const vector of group.valid) {
        it(`accepts ${vector.value} as ${vector.category}`, () => {
          expect(checkPan(vector.value)).toEqual({ ok: true, value: vector.value });
          expect(panCategory(vector.value)).toBe(vector.category);
        });
      }
      for (const vector of group.invalid) {
        it(`rejects ${vector.value} with rule ${vector.rule}`, () => {
          const result = checkPan(vector.value);
          expect(result).toMatchObject({ ok: false, rule: vector.rule });
          if (!result.ok) expect(result.message).toMatch(RULE_WORDING[vector.rule] as RegExp);
        });
      }
    });
  }

  describe('disagreements with public validators (our behaviour, pinned)', () => {
    for (const disagreement of vectors.disagreements.filter((d) => d.kind === 'pan')) {
      it(`${disagreement.value}: ${disagreement.ours} (${disagreement.source.repo} says ${disagreement.upstream})`, () => {
        const result = checkPan(disagreement.value);
        if (disagreement.ours === 'valid') expect(result.ok).toBe(true);
        else expect(result).toMatchObject({ ok: false, rule: disagreement.ours });
      });
    }
  });
});
