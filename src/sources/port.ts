/**
 * The one interface every upstream adapter implements. Adapters translate their upstream's
 * wire format into these answers and their errors into these outcomes, at the edge; nothing
 * above src/sources sees an upstream's format or an HTTP client type.
 */
import type { SearchCandidate } from '../domain/company-search.js';
import type { ReturnFilingEntry } from '../domain/gst-returns.js';
import type { PanSourceAnswer } from '../domain/pan-verification.js';
import type { CheckName } from '../domain/operations.js';
import type {
  CinPanMapping,
  CompanyRecord,
  Director,
  DinRecord,
  FilingFrequency,
  GstByPanEntry,
  GstRecord,
} from '../domain/records.js';

export type FailureOutcome = 'not_found' | 'unavailable' | 'timeout' | 'rate_limited' | 'bad_response';

export type SourceOutcome<T> =
  /** `cached`: the answer came from the response cache, not from the upstream just now. */
  | { outcome: 'ok'; value: T; cached?: boolean }
  /** `retryable`: the same source may well answer a second try (a 5xx, a dropped connection). */
  | { outcome: FailureOutcome; message: string; retryable?: boolean };

export interface CheckContext {
  /** Aborted when the call's time budget runs out. */
  signal: AbortSignal;
  /** When that budget runs out (epoch ms); absent for in-process sources, which have none. */
  deadlineMs?: number;
  /** The clock that time-relative data (return histories, filing ages) is computed against. */
  now: Date;
}

export type CompanyRef = { cin: string } | { llpin: string };

export interface CheckInputs {
  'gst.verify': { gstin: string };
  /**
   * `since`: the earliest return period (YYYY-MM) the caller needs, when it needs more than the
   * latest periods (the ITC check looks back as far as an invoice's claim window); a source
   * that cannot reach that far says where its answer starts (`coversFrom`).
   */
  'gst.returns': { gstin: string; since?: string };
  'gst.by_pan': { pan: string };
  'pan.verify': { pan: string };
  'mca.company': CompanyRef;
  'mca.search': { name: string; limit: number };
  'mca.cin_to_pan': { cin: string } | { pan: string };
  'mca.directors': CompanyRef;
  'mca.din': { din: string };
}

/** A GST returns answer: raw filings; the domain turns them into statuses against due dates. */
export interface GstReturnsAnswer {
  gstin: string;
  frequency?: FilingFrequency;
  filings: ReturnFilingEntry[];
  registrationDate?: string | null;
  cancellationDate?: string | null;
  /** The earliest period (YYYY-MM) the filings cover: a period before it is unknown, not unfiled. */
  coversFrom?: string;
}

/**
 * A PAN answer carries the holder's full name and the Protean/ITD status code (E and the
 * E-prefixed event codes valid; F fake, X deactivated, D deleted, N not in the ITD database);
 * masking and name matching happen above the source. Search candidates carry no score: the
 * relevance is ours to compute. Both shapes are owned by the domain code that consumes them.
 */
export type { PanSourceAnswer as PanAnswer } from '../domain/pan-verification.js';
export type { SearchCandidate } from '../domain/company-search.js';

export interface DirectorsAnswer {
  cin: string | null;
  llpin: string | null;
  company_name: string;
  directors: Director[];
}

export interface CheckAnswers {
  'gst.verify': GstRecord;
  'gst.returns': GstReturnsAnswer;
  'gst.by_pan': GstByPanEntry[];
  'pan.verify': PanSourceAnswer;
  'mca.company': CompanyRecord;
  'mca.search': SearchCandidate[];
  'mca.cin_to_pan': Omit<CinPanMapping, 'direction'>;
  'mca.directors': DirectorsAnswer;
  'mca.din': DinRecord;
}

export type CheckHandler<C extends CheckName> = (
  input: CheckInputs[C],
  context: CheckContext,
) => Promise<SourceOutcome<CheckAnswers[C]>>;

export type CheckHandlers = { [C in CheckName]?: CheckHandler<C> };

export interface Source {
  /** Adapter name, e.g. `sandbox`, `gstn-gsp`. */
  readonly name: string;
  readonly handlers: CheckHandlers;
  /** Answers in-process, without I/O: no time budget (and no timer) is needed to call it. */
  readonly inProcess?: boolean;
}
