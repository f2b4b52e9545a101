import { describe, expect, it } from 'vitest';
import { rankSearch, searchRelevance } from '../../src/domain/company-search.js';
import type { SearchCandidate } from '../../src/sources/port.js';

function company(name: string, id: string | null = null, llpin: string | null = null): SearchCandidate {
  return { name, cin: id, llpin, status: 'Active', state: 'Maharashtra', incorporated_on: '2001-01-01' };
}

const CANDIDATES: SearchCandidate[] = [
  company('TATA STEEL LIMITED', 'L27100MH1907PLC000260'),
  company('INFOSYS LIMITED', 'L85110KA1981PLC013115'),
  company('TATA MOTORS LIMITED', 'L28920MH1945PLC004520'),
  company('TATA CONSULTANCY SERVICES LIMITED', 'L22210MH1995PLC084781'),
  company('TATA ADVISORS LLP', null, 'AAB-1234'),
  company('INFOTECH ENTERPRISES LIMITED', 'L30007TG1991PLC013211'),
  company('RELIANCE INDUSTRIES LIMITED', 'L17110MH1973PLC019786'),
];

describe('rankSearch', () => {
  it('scores the exact full name 1 and ranks it first', () => {
    const result = rankSearch('Tata Motors Limited', CANDIDATES, 5);
    expect(result.results[0]).toEqual({ ...company('TATA MOTORS LIMITED', 'L28920MH1945PLC004520'), score: 1 });
  });

  it('treats suffix spellings, case and word order as the same name', () => {
    for (const query of ['tata motors', 'TATA MOTORS PVT. LTD.', 'Motors Tata']) {
      expect(rankSearch(query, CANDIDATES, 1).results[0], query).toMatchObject({ name: 'TATA MOTORS LIMITED', score: 1 });
    }
  });

  it('ranks by score, then by name, and keeps every candidate field', () => {
    const result = rankSearch('tata', CANDIDATES, 10);
    expect(result.results.map((hit) => hit.name)).toEqual([
      'TATA ADVISORS LLP',
      'TATA MOTORS LIMITED',
      'TATA STEEL LIMITED',
      'TATA CONSULTANCY SERVICES LIMITED',
    ]);
    const scores = result.results.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBe(scores[2]);
    expect(scores[3]).toBeLessThan(scores[2] as number);
    expect(result.results[0]).toMatchObject({ cin: null, llpin: 'AAB-1234', status: 'Active', state: 'Maharashtra' });
  });

  it('includes LLPs alongside companies', () => {
    const result = rankSearch('Tata Advisors', CANDIDATES, 5);
    expect(result.results[0]).toMatchObject({ name: 'TATA ADVISORS LLP', llpin: 'AAB-1234', score: 1 });
  });

  it('scores a query that is the start of a word', () => {
    const result = rankSearch('infos', CANDIDATES, 5);
    expect(result.results[0]).toMatchObject({ name: 'INFOSYS LIMITED' });
    expect(result.results[0]?.score).toBeGreaterThan(0.8);
    expect(result.results[0]?.score).toBeLessThan(1);
  });

  it('tolerates a misspelt query', () => {
    expect(rankSearch('Tata Motars', CANDIDATES, 1).results[0]).toMatchObject({ name: 'TATA MOTORS LIMITED' });
    expect(rankSearch('Relaince Industries', CANDIDATES, 1).results[0]).toMatchObject({ name: 'RELIANCE INDUSTRIES LIMITED' });
  });

  it('drops candidates that share nothing with the query', () => {
    const result = rankSearch('Reliance', CANDIDATES, 20);
    expect(result.results.map((hit) => hit.name)).toEqual(['RELIANCE INDUSTRIES LIMITED']);
    expect(rankSearch('zzzz', CANDIDATES, 5)).toEqual({ query: 'zzzz', count: 0, results: [] });
  });

  it('cuts to the limit and counts the results returned', () => {
    const result = rankSearch('tata', CANDIDATES, 2);
    expect(result.count).toBe(2);
    expect(result.results).toHaveLength(2);
    expect(rankSearch('tata', CANDIDATES, 20).count).toBe(4);
  });

  it('echoes the query as sent, trimmed', () => {
    expect(rankSearch('  Tata Motors ', CANDIDATES, 5).query).toBe('Tata Motors');
  });

  it('returns nothing for a query that is empty after normalisation', () => {
    expect(rankSearch('Pvt Ltd', CANDIDATES, 5)).toEqual({ query: 'Pvt Ltd', count: 0, results: [] });
  });

  it('orders equal names by identifier so the output does not depend on input order', () => {
    const twins = [company('ACME TRADERS LIMITED', 'U51100MH2010PTC000002'), company('ACME TRADERS LIMITED', 'U51100MH2010PTC000001')];
    const forward = rankSearch('acme traders', twins, 5);
    const backward = rankSearch('acme traders', [...twins].reverse(), 5);
    expect(forward).toEqual(backward);
    expect(forward.results.map((hit) => hit.cin)).toEqual(['U51100MH2010PTC000001', 'U51100MH2010PTC000002']);
  });

  it('rounds scores to 2 decimals within 0..1', () => {
    for (const hit of rankSearch('tata consultancy', CANDIDATES, 20).results) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1);
      expect(Math.round(hit.score * 100) / 100).toBe(hit.score);
    }
  });
});

describe('searchRelevance', () => {
  it('ranks the closer name higher for a short query', () => {
    expect(searchRelevance('tata', 'TATA')).toBe(1);
    expect(searchRelevance('tata', 'TATA MOTORS')).toBeLessThan(1);
    expect(searchRelevance('tata', 'TATA MOTORS')).toBeGreaterThan(searchRelevance('tata', 'TATA CONSULTANCY SERVICES'));
  });

  it('does not treat one or two letters as a prefix', () => {
    expect(searchRelevance('in', 'INFOSYS LIMITED')).toBe(0);
  });
});
