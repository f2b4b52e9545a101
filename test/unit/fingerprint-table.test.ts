import { describe, expect, it } from 'vitest';
import { FingerprintTable } from '../../src/bulk/fingerprint-table.js';

describe('FingerprintTable', () => {
  it('answers the first row of a key seen before, and undefined (recording it) for a new one', () => {
    const table = new FingerprintTable();
    expect(table.firstRowOf('{"gstin":"A"}', 1)).toBeUndefined();
    expect(table.firstRowOf('{"gstin":"B"}', 2)).toBeUndefined();
    expect(table.firstRowOf('{"gstin":"A"}', 3)).toBe(1);
    expect(table.firstRowOf('{"gstin":"B"}', 9)).toBe(2);
  });

  it('keeps every key through many growths', () => {
    const table = new FingerprintTable();
    const count = 200_000;
    for (let i = 1; i <= count; i++) expect(table.firstRowOf(`key-${i}`, i)).toBeUndefined();
    for (let i = 1; i <= count; i += 997) expect(table.firstRowOf(`key-${i}`, count + i)).toBe(i);
    expect(table.firstRowOf('key-new', count + 1)).toBeUndefined();
  });

  it('refuses row 0, which marks an empty slot', () => {
    expect(() => new FingerprintTable().firstRowOf('x', 0)).toThrow(RangeError);
  });
});
