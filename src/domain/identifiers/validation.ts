/** The result of checking one identifier: the normalised value, or the rule it broke. */
export type IdentifierCheck<T = string> =
  | { ok: true; value: T }
  | { ok: false; rule: string; message: string };

/** Identifiers are accepted in any case and with surrounding spaces (API.md). */
export function normaliseIdentifier(raw: string): string {
  return raw.trim().toUpperCase();
}

export function fail(rule: string, message: string): { ok: false; rule: string; message: string } {
  return { ok: false, rule, message };
}
