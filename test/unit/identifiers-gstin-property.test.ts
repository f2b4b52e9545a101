import { describe, expect, it } from 'vitest';
import { checkGstin, GST_STATES, makeGstin, PAN_CATEGORIES } from '../../src/domain/identifiers/index.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const ENTITY_NUMBERS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const RUNS = 300;

/** mulberry32: a seeded generator, so a failure names a case that can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomGstinParts(random: () => number): { stateCode: string; pan: string; entityNumber: string } {
  const pick = (chars: string | readonly string[]): string => chars[Math.floor(random() * chars.length)] as string;
  const stateCode = pick(Object.keys(GST_STATES));
  const pan =
    pick(LETTERS) +
    pick(LETTERS) +
    pick(LETTERS) +
    pick(Object.keys(PAN_CATEGORIES)) +
    pick(LETTERS) +
    pick(DIGITS) +
    pick(DIGITS) +
    pick(DIGITS) +
    pick(DIGITS) +
    pick(LETTERS);
  return { stateCode, pan, entityNumber: pick(ENTITY_NUMBERS) };
}

describe('makeGstin and checkGstin (property)', () => {
  const random = seededRandom(20261001);
  const cases = Array.from({ length: RUNS }, () => randomGstinParts(random));

  it('builds GSTINs that pass and decode back to their parts', () => {
    for (const { stateCode, pan, entityNumber } of cases) {
      const gstin = makeGstin(stateCode, pan, entityNumber);
      expect(checkGstin(gstin), gstin).toEqual({
        ok: true,
        value: { gstin, stateCode, state: GST_STATES[stateCode], pan, entityNumber },
      });
    }
  });

  it('rejects every other check character with rule checksum, naming the right one', () => {
    // Collected rather than asserted one by one: ~10 000 cases, and one list reads better on failure.
    const wrong: string[] = [];
    for (const { stateCode, pan, entityNumber } of cases) {
      const gstin = makeGstin(stateCode, pan, entityNumber);
      const check = gstin.charAt(14);
      for (const other of ALPHABET) {
        if (other === check) continue;
        const altered = gstin.slice(0, 14) + other;
        const result = checkGstin(altered);
        if (result.ok || result.rule !== 'checksum' || !result.message.includes(`expected '${check}'`)) {
          wrong.push(altered);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('rejects any single-character substitution in the first 14 characters', () => {
    // Mod-36 Luhn catches every single substitution, so whichever rule fires first, none pass.
    const accepted: string[] = [];
    for (const { stateCode, pan, entityNumber } of cases.slice(0, 100)) {
      const gstin = makeGstin(stateCode, pan, entityNumber);
      for (let position = 0; position < 14; position++) {
        for (const other of ALPHABET) {
          if (other === gstin.charAt(position)) continue;
          const altered = gstin.slice(0, position) + other + gstin.slice(position + 1);
          if (checkGstin(altered).ok) accepted.push(altered);
        }
      }
    }
    expect(accepted).toEqual([]);
  });
});
