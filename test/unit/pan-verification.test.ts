import { describe, expect, it } from 'vitest';
import { buildPanVerification, isValidPanStatus, maskName } from '../../src/domain/pan-verification.js';
import type { PanAnswer } from '../../src/sources/port.js';

function answer(overrides: Partial<PanAnswer> = {}): PanAnswer {
  return { pan: 'ABCPV1234D', statusCode: 'E', fullName: 'RAHUL KUMAR SHARMA', ...overrides };
}

/** Every character of the masked name that is not a `*`, with its position. */
function revealed(masked: string): string[] {
  return Array.from(masked).flatMap((character, i) => (character === '*' || character === ' ' ? [] : [`${i}:${character}`]));
}

describe('buildPanVerification', () => {
  it('reports an existing individual PAN as valid, masked, with no name match when no name was sent', () => {
    expect(buildPanVerification(answer())).toEqual({
      pan: 'ABCPV1234D',
      valid: true,
      status: 'Valid',
      category: 'Individual',
      registered_name: 'R**** K**** S*****',
      name_match: null,
    });
  });

  it('treats null like a name that was not sent', () => {
    expect(buildPanVerification(answer(), null).name_match).toBeNull();
  });

  it.each(['E', 'EA', 'EC', 'ED', 'EI', 'EL', 'EM', 'EP', 'ES', 'EU', 'e', ' E '])('status code %j is valid', (code) => {
    expect(buildPanVerification(answer({ statusCode: code }))).toMatchObject({ valid: true, status: 'Valid' });
  });

  it.each(['F', 'X', 'D', 'N', ''])('status code %j is invalid', (code) => {
    expect(buildPanVerification(answer({ statusCode: code }))).toMatchObject({ valid: false, status: 'Invalid' });
  });

  it.each([
    ['AAACR5055K', 'Company', 'RELIANCE INDUSTRIES LIMITED'],
    ['AAAFT1234B', 'Firm / LLP', 'SHARMA AND ASSOCIATES'],
    ['AAAHH1234D', 'Hindu Undivided Family', 'RAHUL KUMAR SHARMA HUF'],
    ['AAATT5678E', 'Trust', 'SHRI RAM CHARITABLE TRUST'],
    ['AAAAE1234F', 'Association of Persons', 'RESIDENTS WELFARE ASSOCIATION'],
    ['AAABG9012F', 'Body of Individuals', 'SHARMA FAMILY BOI'],
    ['AAALM1234A', 'Local Authority', 'MUNICIPAL CORPORATION OF PUNE'],
    ['AAAJU1234A', 'Artificial Juridical Person', 'UNIVERSITY OF MUMBAI'],
    ['AAAGD1234A', 'Government', 'DIRECTORATE OF EDUCATION'],
  ])('%s is category %s and its name is shown in full', (pan, category, fullName) => {
    expect(buildPanVerification(answer({ pan, fullName }))).toMatchObject({ pan, category, registered_name: fullName });
  });

  it('matches the sent name against the full name, not the masked one', () => {
    const result = buildPanVerification(answer(), 'Rahul Kumar Sharma');
    expect(result.registered_name).toBe('R**** K**** S*****');
    expect(result.name_match).toEqual({ input: 'Rahul Kumar Sharma', score: 1, result: 'match' });
  });

  it('reports a different name as no_match and initials as at least partial', () => {
    expect(buildPanVerification(answer(), 'Priya Anand').name_match).toMatchObject({ result: 'no_match' });
    expect(buildPanVerification(answer(), 'R K Sharma').name_match?.result).not.toBe('no_match');
  });

  it('still matches names for an invalid PAN when the source returned one', () => {
    const result = buildPanVerification(answer({ statusCode: 'X' }), 'Rahul Kumar Sharma');
    expect(result).toMatchObject({ valid: false, status: 'Invalid', name_match: { score: 1, result: 'match' } });
  });

  it('copes with a PAN not in the ITD database (no name returned)', () => {
    expect(buildPanVerification(answer({ statusCode: 'N', fullName: '' }), 'Rahul Sharma')).toEqual({
      pan: 'ABCPV1234D',
      valid: false,
      status: 'Invalid',
      category: 'Individual',
      registered_name: '',
      name_match: { input: 'Rahul Sharma', score: 0, result: 'no_match' },
    });
  });

  it('normalises the PAN and the spacing of the name it returns', () => {
    const result = buildPanVerification(answer({ pan: ' abcpv1234d ', fullName: '  RAHUL   KUMAR SHARMA ' }));
    expect(result.pan).toBe('ABCPV1234D');
    expect(result.registered_name).toBe('R**** K**** S*****');
  });
});

describe('maskName', () => {
  it('keeps the first letter of each word and one * per other character', () => {
    expect(maskName('RAHUL KUMAR SHARMA')).toBe('R**** K**** S*****');
    expect(maskName('A B')).toBe('A B');
    expect(maskName("JOSEPH D'SOUZA")).toBe('J***** D******');
    expect(maskName('')).toBe('');
  });

  it('never reveals anything beyond the first character of each word', () => {
    const names = [
      'RAHUL KUMAR SHARMA',
      '  sunita   devi agarwal ',
      "JOSEPH D'SOUZA-FERNANDES",
      'R.K. SHARMA',
      'MOHAMMED IRFAN KHAN JR.',
      'राहुल शर्मा',
      'ZOË 𝒜BHISHEK',
    ];
    for (const name of names) {
      const masked = maskName(name);
      const words = name.trim().split(/\s+/u);
      const maskedWords = masked.split(' ');
      expect(maskedWords.length, name).toBe(words.length);
      expect(revealed(masked).length, name).toBe(words.length);
      words.forEach((word, i) => {
        const maskedWord = maskedWords[i] as string;
        const [first, ...rest] = Array.from(word);
        expect(Array.from(maskedWord), name).toEqual([first, ...rest.map(() => '*')]);
      });
    }
  });
});

describe('isValidPanStatus', () => {
  it('is true only for codes starting with E', () => {
    expect(isValidPanStatus('E')).toBe(true);
    expect(isValidPanStatus('EU')).toBe(true);
    expect(isValidPanStatus('N')).toBe(false);
    expect(isValidPanStatus('VALID')).toBe(false);
  });
});
