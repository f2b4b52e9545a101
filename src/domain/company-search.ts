/**
 * Relevance ranking for company and LLP search (the interface document's Company Search: results ranked, each with a score). Sources return
 * candidates in their own order and without scores; the score and the order are ours.
 */
import type { CompanySearchHit, CompanySearchResult } from './records.js';
import { bestMatch, nameTokens, roundScore, tokenSimilarity } from './name-match.js';

/**
 * A candidate as a source returns it: the sources port's `SearchCandidate`, spelled here
 * because domain code does not import from src/sources (the dependency runs the other way).
 */
export type SearchCandidate = Omit<CompanySearchHit, 'score'>;

/**
 * People type the start of a name while searching (`infos` for `INFOSYS`). A prefix is
 * worth at least this much, growing to 1 as it covers more of the word.
 */
const PREFIX_BASE = 0.7;
/** Prefixes shorter than this match too many words (`A`, `IN`) to mean anything. */
const MIN_PREFIX_LENGTH = 3;

/**
 * The query is what the caller is looking for, so how much of it a name covers counts
 * most; how much of the name the query explains breaks ties towards the closer name
 * (`TATA` ranks `TATA` above `TATA MOTORS`).
 */
const QUERY_COVERAGE_WEIGHT = 0.75;

function queryTokenSimilarity(queryToken: string, nameToken: string): number {
  if (queryToken.length >= MIN_PREFIX_LENGTH && queryToken.length < nameToken.length && nameToken.startsWith(queryToken)) {
    return Math.max(
      PREFIX_BASE + (1 - PREFIX_BASE) * (queryToken.length / nameToken.length),
      tokenSimilarity(queryToken, nameToken),
    );
  }
  return tokenSimilarity(queryToken, nameToken);
}

/** Relevance of a company name to a query, 0..1 (not rounded). */
export function searchRelevance(query: string, name: string): number {
  const queryTokens = nameTokens(query);
  const nameTokensOfCandidate = nameTokens(name);
  if (queryTokens.length === 0 || nameTokensOfCandidate.length === 0) return 0;
  let coverage = 0;
  for (const token of queryTokens) coverage += bestMatch(token, nameTokensOfCandidate, queryTokenSimilarity);
  let explained = 0;
  for (const token of nameTokensOfCandidate) {
    explained += bestMatch(token, queryTokens, (nameToken, queryToken) => queryTokenSimilarity(queryToken, nameToken));
  }
  coverage /= queryTokens.length;
  explained /= nameTokensOfCandidate.length;
  // A name that shares nothing with the query is not a result, however the other half scores.
  if (coverage === 0) return 0;
  return QUERY_COVERAGE_WEIGHT * coverage + (1 - QUERY_COVERAGE_WEIGHT) * explained;
}

/** Code-unit order, case-insensitive first: the same on every machine, unlike localeCompare. */
function compareNames(a: string, b: string): number {
  const upperA = a.toUpperCase();
  const upperB = b.toUpperCase();
  if (upperA !== upperB) return upperA < upperB ? -1 : 1;
  if (a !== b) return a < b ? -1 : 1;
  return 0;
}

function identifierOf(hit: SearchCandidate): string {
  return hit.cin ?? hit.llpin ?? '';
}

/**
 * Scores candidates against the query, drops those scoring 0, orders by score (then name,
 * then identifier, so equal inputs always give equal output) and keeps the first `limit`.
 */
export function rankSearch(query: string, candidates: readonly SearchCandidate[], limit: number): CompanySearchResult {
  const trimmed = query.trim();
  const hits: CompanySearchHit[] = [];
  for (const candidate of candidates) {
    const score = roundScore(searchRelevance(trimmed, candidate.name));
    if (score > 0) hits.push({ ...candidate, score });
  }
  hits.sort(
    (a, b) => b.score - a.score || compareNames(a.name, b.name) || compareNames(identifierOf(a), identifierOf(b)),
  );
  const results = hits.slice(0, Math.max(0, Math.floor(limit)));
  return { query: trimmed, count: results.length, results };
}
