import { describe, expect, it } from 'vitest';
import { jaroWinkler, matchNames, matchResult, normaliseName, tokenSimilarity } from '../../src/domain/name-match.js';

describe('normaliseName', () => {
  it.each([
    ['Acme Industries Pvt. Ltd.', 'ACME INDUSTRIES'],
    ['ACME INDUSTRIES PRIVATE LIMITED', 'ACME INDUSTRIES'],
    ['Acme Industries (P) Ltd', 'ACME INDUSTRIES'],
    ['Acme Industries P. Ltd.', 'ACME INDUSTRIES'],
    ['acme industries pvt.ltd.', 'ACME INDUSTRIES'],
    ['Acme Industries Limited', 'ACME INDUSTRIES'],
    ['Acme Advisors LLP', 'ACME ADVISORS'],
    ['Acme Advisors Limited Liability Partnership', 'ACME ADVISORS'],
    ['Sharma & Co.', 'SHARMA'],
    ['M/s. Sharma and Company', 'SHARMA'],
    ['M/S SHARMA TRADERS', 'SHARMA TRADERS'],
    ['Johnson & Johnson', 'JOHNSON JOHNSON'],
    ['Johnson and Johnson', 'JOHNSON JOHNSON'],
    ['The Indian Hotels Company Limited', 'INDIAN HOTELS'],
    ['Shri Rahul Kumar Sharma', 'RAHUL KUMAR SHARMA'],
    ['Smt. Sunita Devi', 'SUNITA DEVI'],
    ['Dr. R.K. Sharma', 'R K SHARMA'],
    ['Mr   RAHUL\tKUMAR  sharma ', 'RAHUL KUMAR SHARMA'],
    ["Joseph D'Souza", 'JOSEPH DSOUZA'],
    ['José Fernandes', 'JOSE FERNANDES'],
    ['Mohd. Irfan Khan', 'MOHAMMED IRFAN KHAN'],
    ['Ram Kr. Gupta', 'RAM KUMAR GUPTA'],
    ['3M India Limited', '3M INDIA'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it('keeps legal-form words that are not at the end', () => {
    expect(normaliseName('Limited Edition Apparel Pvt Ltd')).toBe('LIMITED EDITION APPAREL');
    expect(normaliseName('Shree Cement Ltd')).toBe('SHREE CEMENT');
  });

  it('is empty when nothing but legal forms, honorifics or punctuation is left', () => {
    expect(normaliseName('Pvt. Ltd.')).toBe('');
    expect(normaliseName('Mr.')).toBe('');
    expect(normaliseName(' & - . ')).toBe('');
    expect(normaliseName('')).toBe('');
  });
});

describe('jaroWinkler', () => {
  it('gives the textbook values', () => {
    // Winkler's examples: MARTHA/MARHTA 0.961, DWAYNE/DUANE 0.84, DIXON/DICKSONX 0.813.
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('DWAYNE', 'DUANE')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('DIXON', 'DICKSONX')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('SHARMA', 'SHARMA')).toBe(1);
    expect(jaroWinkler('ABC', 'XYZ')).toBe(0);
  });
});

describe('tokenSimilarity', () => {
  it('lets an initial agree with a word that starts with it, but not fully', () => {
    expect(tokenSimilarity('R', 'RAHUL')).toBeGreaterThan(0.6);
    expect(tokenSimilarity('R', 'RAHUL')).toBeLessThan(1);
    expect(tokenSimilarity('RAHUL', 'R')).toBe(tokenSimilarity('R', 'RAHUL'));
    expect(tokenSimilarity('K', 'RAHUL')).toBe(0);
    expect(tokenSimilarity('R', 'K')).toBe(0);
  });

  it('treats unrelated words as 0 rather than a Jaro-Winkler residue', () => {
    expect(jaroWinkler('KUMAR', 'SHARMA')).toBeGreaterThan(0.5);
    expect(tokenSimilarity('KUMAR', 'SHARMA')).toBe(0);
  });
});

describe('matchNames', () => {
  const REGISTERED = 'RAHUL KUMAR SHARMA';

  it.each([
    ['exact', 'RAHUL KUMAR SHARMA', REGISTERED, 1, 'match'],
    ['different case', 'rahul kumar sharma', REGISTERED, 1, 'match'],
    ['extra spaces and punctuation', '  Rahul,  Kumar. Sharma ', REGISTERED, 1, 'match'],
    ['with an honorific', 'Shri Rahul Kumar Sharma', REGISTERED, 1, 'match'],
    ['words reordered', 'Sharma Rahul Kumar', REGISTERED, 1, 'match'],
    ['company suffix written differently', 'Acme Industries Pvt. Ltd.', 'ACME INDUSTRIES PRIVATE LIMITED', 1, 'match'],
    ['M/s and & Co.', 'M/s Sharma & Co.', 'SHARMA AND COMPANY', 1, 'match'],
    ['abbreviation written out', 'Mohd Irfan Khan', 'MOHAMMED IRFAN KHAN', 1, 'match'],
  ] as const)('%s: %s vs %s → %s %s', (_case, input, registered, score, result) => {
    expect(matchNames(input, registered)).toEqual({ input, score, result });
  });

  it('scores initials as partial-to-match, below the full name', () => {
    for (const input of ['R K Sharma', 'R.K. Sharma', 'R. Kumar Sharma']) {
      const match = matchNames(input, REGISTERED);
      expect(match.score, input).toBeGreaterThanOrEqual(0.6);
      expect(match.score, input).toBeLessThan(1);
      expect(match.result, input).not.toBe('no_match');
    }
  });

  it('tolerates spelling mistakes', () => {
    for (const input of ['Rahul Kumar Sarma', 'Rahul Kumr Shrma', 'Rahull Kumar Sharmaa']) {
      expect(matchNames(input, REGISTERED).result, input).toBe('match');
    }
    expect(matchNames('Agrawal Textiles', 'AGARWAL TEXTILES PRIVATE LIMITED').result).toBe('match');
  });

  it('calls a missing or different surname partial, not a match', () => {
    expect(matchNames('Rahul Sharma', REGISTERED).result).toBe('partial');
    expect(matchNames('Rahul Kumar Verma', REGISTERED).result).toBe('partial');
  });

  it('finds no match between different people or companies', () => {
    expect(matchNames('Priya Anand', REGISTERED)).toEqual({ input: 'Priya Anand', score: 0, result: 'no_match' });
    expect(matchNames('Rohit Verma', REGISTERED).result).toBe('no_match');
    expect(matchNames('Tata Motors Ltd', 'INFOSYS LIMITED').result).toBe('no_match');
    expect(matchNames('Acme Traders', 'ACME INDUSTRIES PRIVATE LIMITED').result).toBe('no_match');
  });

  it('scores 0 when either name is empty after normalisation', () => {
    expect(matchNames('Pvt Ltd', 'ACME PRIVATE LIMITED')).toEqual({ input: 'Pvt Ltd', score: 0, result: 'no_match' });
    expect(matchNames('Acme', 'LIMITED')).toMatchObject({ score: 0, result: 'no_match' });
    expect(matchNames('', '')).toMatchObject({ score: 0, result: 'no_match' });
  });

  it('is symmetric and keeps the input as sent', () => {
    const pairs = [
      ['R K Sharma', REGISTERED],
      ['Rahul Sharma', REGISTERED],
      ['Acme Industries', 'ACME INDUSTRY PVT LTD'],
    ] as const;
    for (const [a, b] of pairs) {
      expect(matchNames(a, b).score).toBe(matchNames(b, a).score);
    }
    expect(matchNames('  r k sharma ', REGISTERED).input).toBe('  r k sharma ');
  });

  it('rounds the score to 2 decimals within 0..1', () => {
    for (const input of ['R K Sharma', 'Rahul Kumr Shrma', 'Rahul Sharma', 'Rahul Kumar Verma']) {
      const { score } = matchNames(input, REGISTERED);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(Math.round(score * 100) / 100).toBe(score);
    }
  });
});

describe('matchResult', () => {
  it('puts match at 0.85 and above and partial from 0.60', () => {
    expect(matchResult(1)).toBe('match');
    expect(matchResult(0.85)).toBe('match');
    expect(matchResult(0.84)).toBe('partial');
    expect(matchResult(0.6)).toBe('partial');
    expect(matchResult(0.59)).toBe('no_match');
    expect(matchResult(0)).toBe('no_match');
  });
});
