/**
 * Business360's resolution (docs/business360.md "Resolution"): from the one identifier sent to the others,
 * through the same source chains as the single operations. Each identifier is a promise, so a
 * module starts the moment the identifier it needs is known, not when every one is.
 */
import type { CheckName } from '../../domain/operations.js';
import type { GstByPanEntry } from '../../domain/records.js';
import type { AppError } from '../../errors.js';
import type { CheckAnswers, CheckInputs, CompanyRef } from '../../sources/port.js';
import type { FetchResult } from '../../sources/verifier.js';

/** An identifier: known, known not to exist (a reason), or not found out (an error). */
export type Resolved<T> =
  | { state: 'known'; value: T }
  | { state: 'missing'; reason: string }
  | { state: 'failed'; error: AppError; detail: string };

export interface TimedStep<C extends CheckName> {
  result: FetchResult<C>;
  latencyMs: number;
}

export type RunStep = <C extends CheckName>(check: C, input: CheckInputs[C]) => Promise<TimedStep<C>>;

export const known = <T>(value: T): Resolved<T> => ({ state: 'known', value });

/** Only a company (C) or firm/LLP (F) PAN can have a CIN or LLPIN. */
export function isCorporatePan(pan: string): boolean {
  return pan.charAt(3) === 'C' || pan.charAt(3) === 'F';
}

/**
 * The profile's GSTIN among a PAN's registrations: the oldest active one. With none active,
 * the latest registration, so that a cancelled supplier shows as cancelled rather than as
 * having no GST at all.
 */
export function principalGstin(entries: readonly GstByPanEntry[]): string | undefined {
  const byAge = [...entries].sort((a, b) => (a.registration_date === b.registration_date ? a.gstin.localeCompare(b.gstin) : a.registration_date < b.registration_date ? -1 : 1));
  return (byAge.find((entry) => entry.status === 'Active') ?? byAge.at(-1))?.gstin;
}

export function fromStep<C extends CheckName, T>(
  step: TimedStep<C>,
  pick: (answer: CheckAnswers[C]) => Resolved<T>,
  notFoundReason: string,
): Resolved<T> {
  if (step.result.ok) return pick(step.result.answer);
  if (step.result.notFound) return { state: 'missing', reason: notFoundReason };
  return { state: 'failed', error: step.result.error, detail: step.result.detail };
}

export function companyRefOf(mapping: CheckAnswers['mca.cin_to_pan']): CompanyRef | undefined {
  if (mapping.cin) return { cin: mapping.cin };
  if (mapping.llpin) return { llpin: mapping.llpin };
  return undefined;
}
