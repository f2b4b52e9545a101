/** Typed access to test/fixtures/identifier-vectors.json (public vectors with provenance). */
import { readFileSync } from 'node:fs';

export interface VectorSource {
  repo: string;
  path: string;
  commit?: string;
  kind: string;
}

export interface InvalidVector {
  value: string;
  rule: string;
  /** For checksum failures: the check character the message must name. */
  expected?: string;
  upstream?: string;
}

export interface GstinVector {
  value: string;
  state?: string;
  pan?: string;
  entityNumber?: string;
}

export interface PanVector {
  value: string;
  category: string;
}

export interface CinVector {
  value: string;
  listed: boolean;
  nicCode: string;
  stateCode: string;
  state: string;
  year: number;
  ownership: string;
  registrationNumber: string;
}

export interface VectorGroup<V> {
  source: VectorSource;
  valid: V[];
  invalid: InvalidVector[];
}

export interface Disagreement {
  kind: 'gstin' | 'pan';
  value: string;
  source: VectorSource;
  upstream: string;
  ours: string;
  why: string;
}

export interface IdentifierVectors {
  gstin: VectorGroup<GstinVector>[];
  pan: VectorGroup<PanVector>[];
  cin: VectorGroup<CinVector>[];
  constructed: {
    source: VectorSource;
    now: string;
    cin: { valid: CinVector[]; invalid: InvalidVector[] };
    llpin: { valid: string[]; invalid: InvalidVector[] };
    din: { valid: string[]; invalid: InvalidVector[] };
  };
  disagreements: Disagreement[];
}

export const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/identifier-vectors.json', import.meta.url), 'utf8'),
) as IdentifierVectors;

/** How each rule's message must describe it, so a caller can tell what to fix. */
export const RULE_WORDING: Readonly<Record<string, RegExp>> = {
  format: /must be \d+ characters|must be 3 letters|must be exactly 8 digits/,
  state_code: /state code '[^']*' is not a GST state code/,
  embedded_pan: /embedded PAN '[A-Z0-9]{10}' is invalid/,
  checksum: /check character '[0-9A-Z]' is wrong: expected '[0-9A-Z]'/,
  holder_type: /4th character '[^']' is not a known PAN holder type/,
  state: /state '[^']*' is not a known Registrar of Companies state code/,
  year: /year of incorporation \d{4} must be between/,
  ownership: /ownership '[^']*' is not a known code/,
  range: /must not be 00000000/,
};

/** `source repo path` for test titles. */
export function describeSource(source: VectorSource): string {
  return `${source.repo} ${source.path}`;
}
