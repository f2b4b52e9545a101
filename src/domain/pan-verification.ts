/**
 * Builds the PAN verification record from a source's answer (the interface document's PAN verification;
 * UPSTREAMS.md "pan-aggregator"). The full name comes in; only a masked one goes out for
 * individuals, and name matching always runs on the full name.
 */
import { panCategory } from './identifiers/pan.js';
import { normaliseIdentifier } from './identifiers/validation.js';
import { matchNames } from './name-match.js';
import type { PanVerification } from './records.js';

/**
 * The source's answer: the sources port's `PanAnswer`, spelled here because domain code
 * does not import from src/sources (the dependency runs the other way).
 */
export interface PanSourceAnswer {
  pan: string;
  /** Protean/ITD status code: `E` and the `E`-prefixed event codes mean the PAN is valid. */
  statusCode: string;
  fullName: string;
}

/** The holder category of individuals, whose names are personal data. */
const INDIVIDUAL = 'P';

/**
 * Keeps the first character of each word and replaces every other character with `*`,
 * one `*` per character (`RAHUL KUMAR SHARMA` → `R**** K**** S*****`). Works on code points
 * so that a name outside the Basic Multilingual Plane never leaks half a character.
 */
export function maskName(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map((word) => {
      const characters = Array.from(word);
      return (characters[0] ?? '') + '*'.repeat(characters.length - 1);
    })
    .join(' ');
}

/** Whether a Protean status code means the PAN exists and is valid (E, EA, EC, … EU). */
export function isValidPanStatus(statusCode: string): boolean {
  return statusCode.trim().toUpperCase().startsWith('E');
}

/**
 * @param nameSent the name the caller asked us to match, or undefined/null when none was
 *   sent (then `name_match` is null, per the contract).
 */
export function buildPanVerification(answer: PanSourceAnswer, nameSent?: string | null): PanVerification {
  const pan = normaliseIdentifier(answer.pan);
  const valid = isValidPanStatus(answer.statusCode);
  const individual = pan.charAt(3) === INDIVIDUAL;
  const fullName = answer.fullName.trim().replace(/\s+/gu, ' ');
  return {
    pan,
    valid,
    status: valid ? 'Valid' : 'Invalid',
    // The PAN was validated before any source was called, so the category is known; the
    // fallback only guards a source echoing back a different PAN.
    category: panCategory(pan) ?? 'Unknown',
    registered_name: individual ? maskName(fullName) : fullName,
    name_match: nameSent === undefined || nameSent === null ? null : matchNames(nameSent, fullName),
  };
}
