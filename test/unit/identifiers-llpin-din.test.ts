import { describe, expect, it } from 'vitest';
import { checkDin, checkLlpin } from '../../src/domain/identifiers/index.js';
import { describeSource, RULE_WORDING, vectors } from './identifier-vectors.js';

const { llpin, din, source } = vectors.constructed;

describe(`checkLlpin (vectors constructed from ${describeSource(source)})`, () => {
  for (const value of llpin.valid) {
    it(`accepts ${value}`, () => expect(checkLlpin(value)).toEqual({ ok: true, value }));
  }
  for (const vector of llpin.invalid) {
    it(`rejects ${vector.value} with rule ${vector.rule}`, () => {
      const result = checkLlpin(vector.value);
      expect(result).toMatchObject({ ok: false, rule: vector.rule });
      if (!result.ok) expect(result.message).toMatch(RULE_WORDING[vector.rule] as RegExp);
    });
  }

  it('normalises lower case and surrounding spaces', () => {
    expect(checkLlpin('  aab-1234 ')).toEqual({ ok: true, value: 'AAB-1234' });
  });
});

describe(`checkDin (vectors constructed from ${describeSource(source)})`, () => {
  for (const value of din.valid) {
    it(`accepts ${value}`, () => expect(checkDin(value)).toEqual({ ok: true, value }));
  }
  for (const vector of din.invalid) {
    it(`rejects ${vector.value} with rule ${vector.rule}`, () => {
      const result = checkDin(vector.value);
      expect(result).toMatchObject({ ok: false, rule: vector.rule });
      if (!result.ok) expect(result.message).toMatch(RULE_WORDING[vector.rule] as RegExp);
    });
  }

  it('trims surrounding spaces', () => {
    expect(checkDin(' 01234567\n')).toEqual({ ok: true, value: '01234567' });
  });
});
