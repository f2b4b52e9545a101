/**
 * Seeded randomness for the sandbox registry. Nothing here may touch Math.random: the whole
 * universe, and every filing date derived later, must come out the same on every machine.
 */

/** splitmix32: spreads a small integer seed over 32 bits so that seeds 1 and 2 diverge at once. */
function splitmix32(state: number): [next: number, value: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast chaotic generator): 128 bits of state, passes
 * PractRand far beyond what a synthetic registry draws, and is a handful of integer ops.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed | 0;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [next, value] = splitmix32(state);
      state = next;
      words.push(value);
    }
    [this.a, this.b, this.c, this.d] = words as [number, number, number, number];
    // The first outputs of sfc32 still echo the seed; discard them.
    for (let i = 0; i < 15; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4_294_967_296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight from a table built once with weightTable. */
  weighted<T>(table: WeightTable<T>): T {
    const roll = this.next() * table.total;
    const cumulative = table.cumulative;
    let i = 0;
    while (i < cumulative.length - 1 && roll >= (cumulative[i] as number)) i++;
    return table.values[i] as T;
  }
}

/** Relative weights, summed once: generation draws from the same few tables many thousand times. */
export interface WeightTable<T> {
  readonly values: readonly T[];
  readonly cumulative: readonly number[];
  readonly total: number;
}

export function weightTable<T>(entries: readonly (readonly [T, number])[]): WeightTable<T> {
  const values: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [value, weight] of entries) {
    total += weight;
    values.push(value);
    cumulative.push(total);
  }
  return { values, cumulative, total };
}

/**
 * A weight table whose values are the indices of `weights`. Built apart from weightTable because
 * an [index, weight] pair with a fractional weight is an array of doubles, so its index would
 * come out as a double too (3.0 rather than 3): equal in value, but a double stored in a record
 * field that held small integers makes V8 re-lay-out every record of that shape and throw away
 * the optimised generator code, mid-build.
 */
export function indexWeightTable(weights: readonly number[]): WeightTable<number> {
  const values: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (let index = 0; index < weights.length; index++) {
    total += weights[index] as number;
    values.push(index);
    cumulative.push(total);
  }
  return { values, cumulative, total };
}

/**
 * MurmurHash3 (x86, 32-bit) over UTF-16 code units. Used for per-identifier randomness that
 * must not depend on generation order, such as the day a given return was filed: the same
 * (GSTIN, period, return) always hashes to the same value, whatever else the registry holds.
 */
export function hash32(text: string, seed = 0): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    let k = text.charCodeAt(i);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= text.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A stable value in [0, 1) for a key; a different salt gives an independent value. */
export function hashUnit(text: string, salt = 0): number {
  return hash32(text, salt) / 4_294_967_296;
}

/** Mixes two 32-bit values into one well-spread value (MurmurHash3's finaliser over their combination). */
export function mix32(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 15;
  return h >>> 0;
}
