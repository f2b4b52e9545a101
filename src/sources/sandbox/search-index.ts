/**
 * A token index over company and LLP names, for the company search check. It only finds
 * candidates (names sharing the query's distinctive words); scoring and ranking is done above
 * the source, as with a real aggregator.
 */

/** Words every other company name has; they say nothing about which company is meant. */
const STOP_TOKENS = new Set(['PRIVATE', 'PVT', 'LIMITED', 'LTD', 'LLP', 'OPC', 'THE', 'AND', 'OF', 'CO', 'M', 'S']);

/**
 * Upper-cased words of letters and digits, without the stop words. A hand-written scan rather
 * than regular expressions: it runs over every company name when the registry loads.
 */
export function nameTokens(name: string): string[] {
  const upper = name.toUpperCase();
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= upper.length; i++) {
    const code = i < upper.length ? upper.charCodeAt(i) : 32;
    const wordChar = (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const token = upper.slice(start, i);
      if (!STOP_TOKENS.has(token)) tokens.push(token);
      start = -1;
    }
  }
  return tokens;
}

/** Query words shorter than this do not widen to words they begin (too many false friends). */
const MIN_PREFIX_LENGTH = 4;

export class NameSearchIndex {
  private readonly postings = new Map<string, number[]>();
  /** Vocabulary by first three letters, for words typed partly or misspelled near the end. */
  private readonly byStem = new Map<string, string[]>();
  private readonly documentCount: number;

  /** `names[i]` is the name of entity i, or undefined for entities not on the MCA register. */
  constructor(names: readonly (string | undefined)[]) {
    let count = 0;
    names.forEach((name, index) => {
      if (name === undefined) return;
      count++;
      for (const token of new Set(nameTokens(name))) {
        let list = this.postings.get(token);
        if (list === undefined) {
          list = [];
          this.postings.set(token, list);
          const stem = token.slice(0, 3);
          const words = this.byStem.get(stem);
          if (words === undefined) this.byStem.set(stem, [token]);
          else words.push(token);
        }
        list.push(index);
      }
    });
    this.documentCount = count;
  }

  private weight(token: string): number {
    const frequency = this.postings.get(token)?.length ?? 0;
    return Math.log(1 + this.documentCount / (1 + frequency));
  }

  /**
   * Entity indices sharing words with the query, best first: by the summed rarity of the shared
   * words, exact words counting fully and prefix matches ("SAHYA" → SAHYADRI) half.
   */
  candidates(query: string, max: number): number[] {
    const scores = new Map<number, number>();
    for (const token of new Set(nameTokens(query))) {
      const exact = this.postings.get(token);
      if (exact !== undefined) {
        const weight = this.weight(token);
        for (const index of exact) scores.set(index, (scores.get(index) ?? 0) + weight);
        continue;
      }
      if (token.length < MIN_PREFIX_LENGTH) continue;
      const related = (this.byStem.get(token.slice(0, 3)) ?? []).filter(
        (word) => word.startsWith(token) || token.startsWith(word) || commonPrefixLength(word, token) >= Math.max(MIN_PREFIX_LENGTH, token.length - 2),
      );
      for (const word of related) {
        const weight = this.weight(word) / 2;
        for (const index of this.postings.get(word) ?? []) {
          scores.set(index, (scores.get(index) ?? 0) + weight);
        }
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, max)
      .map(([index]) => index);
  }
}

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
