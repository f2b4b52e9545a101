/**
 * A set of request keys with the first row of each, in typed arrays: a 96-bit fingerprint
 * (SHA-1's first 12 bytes) and a row number per slot, open addressing at most half full.
 * A million distinct rows take about 32 MB outside the JS heap, where a Map of the keys
 * themselves took about 180 MB of heap (bench:bulk). Two different requests sharing 96 bits
 * is far less likely than a disk error.
 */
import { hash } from 'node:crypto';

const WORDS = 3;

export class FingerprintTable {
  private capacity = 1 << 12;
  private prints = new Uint32Array(this.capacity * WORDS);
  /** 0 marks an empty slot: rows are numbered from 1. */
  private rows = new Uint32Array(this.capacity);
  private size = 0;

  /** The first row seen with this key, or undefined after recording `row` as its first. */
  firstRowOf(key: string, row: number): number | undefined {
    if (row < 1) throw new RangeError('rows are numbered from 1');
    // The one-shot hash: a Hash object per row cost twice as much (an eighth of intake's CPU).
    const digest = hash('sha1', key, 'buffer');
    const a = digest.readUInt32LE(0);
    const b = digest.readUInt32LE(4);
    const c = digest.readUInt32LE(8);
    let slot = a & (this.capacity - 1);
    for (;;) {
      const first = this.rows[slot] as number;
      if (first === 0) break;
      const at = slot * WORDS;
      if (this.prints[at] === a && this.prints[at + 1] === b && this.prints[at + 2] === c) return first;
      slot = (slot + 1) & (this.capacity - 1);
    }
    this.place(slot, a, b, c, row);
    this.size++;
    if (this.size * 2 > this.capacity) this.grow();
    return undefined;
  }

  private place(slot: number, a: number, b: number, c: number, row: number): void {
    const at = slot * WORDS;
    this.prints[at] = a;
    this.prints[at + 1] = b;
    this.prints[at + 2] = c;
    this.rows[slot] = row;
  }

  private grow(): void {
    const oldPrints = this.prints;
    const oldRows = this.rows;
    this.capacity *= 2;
    this.prints = new Uint32Array(this.capacity * WORDS);
    this.rows = new Uint32Array(this.capacity);
    for (let old = 0; old < oldRows.length; old++) {
      const row = oldRows[old] as number;
      if (row === 0) continue;
      const a = oldPrints[old * WORDS] as number;
      let slot = a & (this.capacity - 1);
      while (this.rows[slot] !== 0) slot = (slot + 1) & (this.capacity - 1);
      this.place(slot, a, oldPrints[old * WORDS + 1] as number, oldPrints[old * WORDS + 2] as number, row);
    }
  }
}
