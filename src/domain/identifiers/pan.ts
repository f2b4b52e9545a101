import { fail, normaliseIdentifier, type IdentifierCheck } from './validation.js';

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Holder categories by the PAN's 4th character (docs/api.md "Decisions where the interface document is silent"). */
export const PAN_CATEGORIES: Readonly<Record<string, string>> = Object.freeze({
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family',
  F: 'Firm / LLP',
  A: 'Association of Persons',
  T: 'Trust',
  B: 'Body of Individuals',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government',
});

export function panCategory(pan: string): string | undefined {
  return PAN_CATEGORIES[pan.charAt(3)];
}

export function checkPan(raw: string): IdentifierCheck {
  const pan = normaliseIdentifier(raw);
  if (!PAN_PATTERN.test(pan)) {
    return fail('format', 'must be 10 characters: 5 letters, 4 digits, 1 letter (pattern ^[A-Z]{5}[0-9]{4}[A-Z]$)');
  }
  if (panCategory(pan) === undefined) {
    return fail(
      'holder_type',
      `4th character '${pan.charAt(3)}' is not a known PAN holder type (one of ${Object.keys(PAN_CATEGORIES).join(', ')})`,
    );
  }
  return { ok: true, value: pan };
}
