import { describe, expect, it } from 'vitest';
import { checkGstin, gstinCheckCharacter, GST_STATES, makeGstin } from '../../src/domain/identifiers/index.js';
import { describeSource, RULE_WORDING, vectors } from './identifier-vectors.js';

describe('checkGstin', () => {
  it('accepts the known good 27AAPFU0939F1ZV and decodes its parts', () => {
    expect(checkGstin('27AAPFU0939F1ZV')).toEqual({
      ok: true,
      value: { gstin: '27AAPFU0939F1ZV', stateCode: '27', state: 'Maharashtra', pan: 'AAPFU0939F', entityNumber: '1' },
    });
  });

  it('normalises lower case and surrounding spaces before checking', () => {
    for (const raw of ['27aapfu0939f1zv', '  27AAPFU0939F1ZV\t', ' 27aApFu0939f1Zv \n']) {
      const result = checkGstin(raw);
      expect(result.ok && result.value.gstin).toBe('27AAPFU0939F1ZV');
    }
  });

  it('does not accept spaces inside the identifier', () => {
    expect(checkGstin('27 AAPFU0939F 1ZV')).toMatchObject({ ok: false, rule: 'format' });
  });

  for (const group of vectors.gstin) {
    describe(`vectors from ${describeSource(group.source)}`, () => {
      for (const vector of group.valid) {
        it(`accepts ${vector.value}`, () => {
          const result = checkGstin(vector.value);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.value.gstin).toBe(vector.value);
          if (vector.state !== undefined) expect(result.value.state).toBe(vector.state);
          if (vector.pan !== undefined) expect(result.value.pan).toBe(vector.pan);
          if (vector.entityNumber !== undefined) expect(result.value.entityNumber).toBe(vector.entityNumber);
        });
      }
      for (const vector of group.invalid) {
        it(`rejects ${JSON.stringify(vector.value)} with rule ${vector.rule}`, () => {
          const result = checkGstin(vector.value);
          expect(result).toMatchObject({ ok: false, rule: vector.rule });
          if (result.ok) return;
          expect(result.message).toMatch(RULE_WORDING[vector.rule] as RegExp);
          if (vector.expected !== undefined) expect(result.message).toContain(`expected '${vector.expected}'`);
        });
      }
    });
  }

  describe('disagreements with public validators (our behaviour, pinned)', () => {
    for (const disagreement of vectors.disagreements.filter((d) => d.kind === 'gstin')) {
      it(`${disagreement.value}: ${disagreement.ours} (${disagreement.source.repo} says ${disagreement.upstream})`, () => {
        const result = checkGstin(disagreement.value);
        if (disagreement.ours.startsWith('valid')) expect(result.ok).toBe(true);
        else expect(result).toMatchObject({ ok: false, rule: disagreement.ours });
      });
    }

    it('accepts a GSTIN whose embedded PAN has serial 0000 (python-stdnum rejects it)', () => {
      expect(checkGstin('27AAPFU0000F1ZJ').ok).toBe(true);
    });
  });

  it('checks the rules in order: format, state code, embedded PAN, checksum', () => {
    // Each input breaks every later rule too, so only the order decides which is reported.
    expect(checkGstin('00AAPXU0939F1ZO')).toMatchObject({ ok: false, rule: 'state_code' });
    expect(checkGstin('27AAPXU0939F1ZO')).toMatchObject({ ok: false, rule: 'embedded_pan' });
    expect(checkGstin('27AAPFU0939F0ZV')).toMatchObject({ ok: false, rule: 'format' });
  });

  it('names the embedded PAN rule that failed', () => {
    const result = checkGstin('27AAPXU0939F1ZV');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("4th character 'X' is not a known PAN holder type");
  });

  it('accepts every state code in the GST table and rejects codes outside it', () => {
    for (const code of Object.keys(GST_STATES)) {
      expect(checkGstin(makeGstin(code, 'AAPFU0939F', '1')).ok).toBe(true);
    }
    for (const code of ['00', '39', '40', '96', '98']) {
      expect(checkGstin(makeGstin(code, 'AAPFU0939F', '1'))).toMatchObject({ ok: false, rule: 'state_code' });
    }
  });
});

describe('gstinCheckCharacter', () => {
  it('computes the check character of the public vectors', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('27AAGCG4576JBZ')).toBe('W');
  });

  it('wraps a sum that is already 0 mod 36 to the character 0, not past the alphabet', () => {
    // Search for first-14 strings whose sum is 0 mod 36 (python-stdnum's gstin_ca fails here).
    const found: string[] = [];
    for (const entity of '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const gstin = makeGstin('27', 'AAPFU0939F', entity);
      if (gstin.endsWith('0')) found.push(gstin);
    }
    expect(found.length).toBeGreaterThan(0);
    for (const gstin of found) expect(checkGstin(gstin).ok).toBe(true);
  });
});
