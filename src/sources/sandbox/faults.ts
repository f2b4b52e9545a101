/**
 * Fault triggers and identifiers guaranteed to be unknown, like a payment provider's test card
 * numbers: well-formed (they pass local validation) but reserved, so no generated entity can
 * ever carry them. The listed `…5030…` identifiers answer 503 (unavailable), the `…5040…` ones
 * 504 (timeout), the `…0404…` ones are never found; other identifiers merely containing these
 * digits are ordinary.
 */
import { makeGstin } from '../../domain/identifiers/gstin.js';
import type { CheckName } from '../../domain/operations.js';
import type { CheckInputs } from '../port.js';

export type FaultKind = 'unavailable' | 'timeout';

export interface ReservedIdentifiers {
  gstin: string;
  pan: string;
  cin: string;
  llpin: string;
  din: string;
}

function reserved(code: string): ReservedIdentifiers {
  const pan = `ZZZCZ${code}Z`;
  return {
    gstin: makeGstin('27', pan, '1'),
    pan,
    cin: `U00000MH2000PTC00${code}`,
    llpin: `ZZZ-${code}`,
    din: `9999${code}`,
  };
}

export const FAULT_TRIGGERS: Readonly<Record<FaultKind, ReservedIdentifiers & { name: string }>> = Object.freeze({
  unavailable: { ...reserved('5030'), name: 'FAULT 503' },
  timeout: { ...reserved('5040'), name: 'FAULT 504' },
});

export const UNKNOWN_IDENTIFIERS: Readonly<ReservedIdentifiers> = Object.freeze(reserved('0404'));

function normalised(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** The identifier values an input carries, normalised, with the GSTIN's embedded PAN. */
function inputValues(input: Record<string, unknown>): string[] {
  const values: string[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (typeof value !== 'string') continue;
    const v = normalised(value);
    values.push(v);
    // Any GSTIN embedding a fault PAN is a fault trigger, in whichever state.
    if (field === 'gstin' && v.length === 15) values.push(v.slice(2, 12));
  }
  return values;
}

/** The fault a check answers for an input, if the input is a fault trigger. */
export function triggeredFault<C extends CheckName>(_check: C, input: CheckInputs[C]): FaultKind | undefined {
  const values = inputValues(input as Record<string, unknown>);
  for (const kind of ['unavailable', 'timeout'] as const) {
    const triggers = FAULT_TRIGGERS[kind];
    if (values.some((v) => v === triggers.pan || v === triggers.cin || v === triggers.llpin || v === triggers.din || v === triggers.name)) {
      return kind;
    }
  }
  return undefined;
}
