/** The result of checking one identifier: the normalised value, or the rule it broke. */
export type IdentifierCheck<T = string> =
  | { ok: true; value: T }
  | { ok: false; rule: string; message: string };

/** Identifiers are accepted in any case and with surrounding spaces (docs/api.md "Decisions where the interface document is silent"). */
export function normaliseIdentifier(raw: string): string {
  return raw.trim().toUpperCase();
}

export function fail(rule: string, message: string): { ok: false; rule: string; message: string } {
  return { ok: false, rule, message };
}

/** Characters copied along with an identifier that no one sees: zero-width spaces and joiners, the word joiner, the soft hyphen. */
const INVISIBLE = /[\u200B-\u200D\u2060\u00AD]/;

/** Where an input holds an invisible character, said so: "must be 15 characters" alone sends the reader looking at what they can see. */
export function invisibleCharacterHint(raw: string): string {
  const at = raw.search(INVISIBLE);
  if (at === -1) return '';
  const code = raw.codePointAt(at)!.toString(16).toUpperCase().padStart(4, '0');
  return ` (it holds an invisible character, U+${code}, at position ${at + 1}, as copied text can: type it again)`;
}
