/**
 * Name matching for PAN verification and relevance for company search (the interface
 * document's name_match and search score, each 0 to 1). Pure: no I/O, no locale-dependent behaviour.
 */
import type { NameMatch } from './records.js';

/** Where a score becomes match or partial (the interface document names the results, not the thresholds). */
export const MATCH_THRESHOLD = 0.85;
export const PARTIAL_THRESHOLD = 0.6;

/**
 * An initial agrees with a word but does not prove it, so `R K SHARMA` against
 * `RAHUL KUMAR SHARMA` lands just above the match line rather than at 1.
 */
const INITIAL_SIMILARITY = 0.8;

/**
 * Jaro-Winkler gives unrelated words 0.4–0.7 (`KUMAR`/`SHARMA` ≈ 0.53, `RAHUL`/`ROHIT`
 * ≈ 0.64); counting those would lift two unrelated names into `partial`. Below this floor
 * two words are unrelated.
 */
const TOKEN_FLOOR = 0.84;

/**
 * Legal-form words at the end of a name, longest first so that `P LTD` wins over `LTD`.
 * They say what kind of entity it is, not which one, and are written in many ways.
 */
const TRAILING_FORMS: readonly (readonly string[])[] = [
  ['LIMITED', 'LIABILITY', 'PARTNERSHIP'],
  ['PRIVATE', 'LIMITED'],
  ['PRIVATE', 'LTD'],
  ['PVT', 'LIMITED'],
  ['PVT', 'LTD'],
  ['P', 'LIMITED'],
  ['P', 'LTD'],
  ['LIMITED'],
  ['LTD'],
  ['LLP'],
  ['OPC'],
  ['PVT'],
  ['PRIVATE'],
  ['COMPANY'],
  ['CO'],
  ['INC'],
];

/**
 * Words before a name that address the holder rather than name them: honorifics for
 * persons, `M/S` / `MESSRS` and `THE` for businesses. `SHREE` is left alone: it is part of
 * many business names (`SHREE CEMENT`).
 */
const LEADING_WORDS = new Set([
  'THE',
  'MESSRS',
  'SHRI',
  'SRI',
  'SMT',
  'SHRIMATI',
  'KUMARI',
  'KUM',
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
]);

/**
 * Abbreviations common in Indian names, written out so that `MOHD IRFAN` and `MOHAMMED
 * IRFAN`, or `R KR SHARMA` and `R KUMAR SHARMA`, compare as the same words.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  MOHD: 'MOHAMMED',
  MD: 'MOHAMMED',
  MOHAMMAD: 'MOHAMMED',
  MOHAMED: 'MOHAMMED',
  MUHAMMAD: 'MOHAMMED',
  KR: 'KUMAR',
  PD: 'PRASAD',
});

/**
 * The comparable form of a name: upper case, accents and punctuation gone, `&` and `AND`
 * dropped (the same word written two ways, carrying no identity), common abbreviations
 * written out, leading honorifics and `M/S` and trailing legal forms removed. Tokens are
 * joined by one space; the result may be empty.
 */
export function normaliseName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    // `M/S` would otherwise split into the tokens `M` and `S`.
    .replace(/(^|[^\p{L}\p{N}])M\s*\/\s*S(?![\p{L}\p{N}])/gu, '$1 ')
    // `D'SOUZA` and `DSOUZA` are the same name; dots split initials (`R.K.` → `R K`).
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  const tokens = cleaned
    .split(' ')
    .filter((token) => token !== '' && token !== 'AND')
    .map((token) => ABBREVIATIONS[token] ?? token);
  while (tokens.length > 0 && LEADING_WORDS.has(tokens[0] as string)) tokens.shift();
  stripTrailingForms(tokens);
  return tokens.join(' ');
}

function stripTrailingForms(tokens: string[]): void {
  for (;;) {
    const form = TRAILING_FORMS.find(
      (words) =>
        words.length <= tokens.length && words.every((word, i) => tokens[tokens.length - words.length + i] === word),
    );
    if (form === undefined) return;
    tokens.splice(tokens.length - form.length, form.length);
  }
}

/** The tokens of a normalised name. */
export function nameTokens(name: string): string[] {
  const normalised = normaliseName(name);
  return normalised === '' ? [] : normalised.split(' ');
}

/** Jaro-Winkler similarity in 0..1 (prefix scale 0.1, prefix up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = true;
      bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** How alike two name tokens are: spelling-tolerant, initials count as partial agreement. */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) {
    // Two different initials disagree; an initial and a word agree when the word starts with it.
    return a.length !== b.length && a.charAt(0) === b.charAt(0) ? INITIAL_SIMILARITY : 0;
  }
  const similarity = jaroWinkler(a, b);
  return similarity >= TOKEN_FLOOR ? similarity : 0;
}

/** The best similarity of `token` against any of `others` (0 when there are none). */
export function bestMatch(
  token: string,
  others: readonly string[],
  similarity: (a: string, b: string) => number = tokenSimilarity,
): number {
  let best = 0;
  for (const other of others) {
    best = Math.max(best, similarity(token, other));
    if (best === 1) break;
  }
  return best;
}

export function roundScore(score: number): number {
  return Math.round(score * 100) / 100;
}

/**
 * Similarity of two names in 0..1: every token on either side is scored by its best match
 * on the other side and the scores are averaged over all tokens. Word order does not
 * matter, and a word missing on one side costs only that word.
 */
export function nameSimilarity(a: string, b: string): number {
  const aTokens = nameTokens(a);
  const bTokens = nameTokens(b);
  if (aTokens.length === 0 || bTokens.length === 0) return 0;
  let total = 0;
  for (const token of aTokens) total += bestMatch(token, bTokens);
  for (const token of bTokens) total += bestMatch(token, aTokens);
  return total / (aTokens.length + bTokens.length);
}

export function matchResult(score: number): NameMatch['result'] {
  if (score >= MATCH_THRESHOLD) return 'match';
  if (score >= PARTIAL_THRESHOLD) return 'partial';
  return 'no_match';
}

/** Compares the name a caller sent with the registered full name (never a masked one). */
export function matchNames(input: string, registeredFullName: string): NameMatch {
  const score = roundScore(nameSimilarity(input, registeredFullName));
  return { input, score, result: matchResult(score) };
}
