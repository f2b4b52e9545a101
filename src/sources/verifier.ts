import { buildDirectorsRecord } from '../domain/directors.js';
import { buildReturnsRecord } from '../domain/gst-returns.js';
import { rankSearch } from '../domain/company-search.js';
import type { CheckName, Environment } from '../domain/operations.js';
import { buildPanVerification } from '../domain/pan-verification.js';
import type {
  CinPanMapping,
  CompanyRecord,
  CompanySearchResult,
  DinRecord,
  DirectorsRecord,
  GstByPanResult,
  GstRecord,
  GstReturnsRecord,
  PanVerification,
} from '../domain/records.js';
import { AppError } from '../errors.js';
import { runChain, type ChainResult } from './chain.js';
import { deadlineSignal } from './deadline-signal.js';
import type { CheckAnswers, CheckInputs, SourceOutcome, Source } from './port.js';

/** What a caller sends for each check, after validation: a source's input plus a few options. */
export type OperationInputs = Omit<CheckInputs, 'gst.returns' | 'pan.verify'> & {
  'gst.returns': CheckInputs['gst.returns'] & { periods: number };
  'pan.verify': CheckInputs['pan.verify'] & { name?: string | undefined };
};

/** The `data` each check answers with: the contract's record shapes. */
export interface OperationData {
  'gst.verify': GstRecord;
  'gst.returns': GstReturnsRecord;
  'gst.by_pan': GstByPanResult;
  'pan.verify': PanVerification;
  'mca.company': CompanyRecord;
  'mca.search': CompanySearchResult;
  'mca.cin_to_pan': CinPanMapping;
  'mca.directors': DirectorsRecord;
  'mca.din': DinRecord;
}

export interface VerifyContext {
  environment: Environment;
  /** The call's time budget across all its upstream attempts. */
  budgetMs: number;
  now: Date;
}

/** For chains that do no I/O: a timer per call would cost more than the check itself. */
const NEVER_ABORTED = new AbortController().signal;

export type VerifyResult<C extends CheckName> =
  | { ok: true; data: OperationData[C]; attempts: number; freshness: 'live' | 'cached' }
  | { ok: false; error: AppError; attempts: number; detail: string };

/** Ordered sources per check, for each environment. */
export type SourceChains = Record<Environment, Readonly<Record<CheckName, readonly Source[]>>>;

/** A source's own answer, before it is shaped into the record. */
export type FetchResult<C extends CheckName> =
  | { ok: true; answer: CheckAnswers[C]; attempts: number; freshness: 'live' | 'cached' }
  | { ok: false; error: AppError; attempts: number; detail: string; notFound: boolean };

export interface Verifier {
  verify<C extends CheckName>(check: C, input: OperationInputs[C], context: VerifyContext): Promise<VerifyResult<C>>;
  /**
   * The two halves of `verify`, for Business360: it matches the PAN holder's full name against
   * the GST legal name, which only the source's answer carries (the record masks it).
   */
  fetch<C extends CheckName>(check: C, input: CheckInputs[C], context: VerifyContext): Promise<FetchResult<C>>;
  present<C extends CheckName>(check: C, answer: CheckAnswers[C], input: OperationInputs[C], now: Date): OperationData[C];
}

function toSourceInput<C extends CheckName>(check: C, input: OperationInputs[C]): CheckInputs[C] {
  switch (check) {
    case 'gst.returns':
      return { gstin: (input as OperationInputs['gst.returns']).gstin } as CheckInputs[C];
    case 'pan.verify':
      return { pan: (input as OperationInputs['pan.verify']).pan } as CheckInputs[C];
    default:
      return input as CheckInputs[C];
  }
}

function toData<C extends CheckName>(check: C, answer: CheckAnswers[C], input: OperationInputs[C], now: Date): OperationData[C] {
  const data = (() => {
    switch (check) {
      case 'gst.returns': {
        const { periods } = input as OperationInputs['gst.returns'];
        return buildReturnsRecord(answer as CheckAnswers['gst.returns'], periods, now);
      }
      case 'gst.by_pan': {
        const gstins = answer as CheckAnswers['gst.by_pan'];
        return { pan: (input as OperationInputs['gst.by_pan']).pan, count: gstins.length, gstins };
      }
      case 'pan.verify':
        return buildPanVerification(answer as CheckAnswers['pan.verify'], (input as OperationInputs['pan.verify']).name);
      case 'mca.search': {
        const { name, limit } = input as OperationInputs['mca.search'];
        return rankSearch(name, answer as CheckAnswers['mca.search'], limit);
      }
      case 'mca.cin_to_pan':
        return {
          ...(answer as CheckAnswers['mca.cin_to_pan']),
          direction: 'cin' in (input as object) ? 'cin_to_pan' : 'pan_to_cin',
        };
      case 'mca.directors':
        return buildDirectorsRecord(answer as CheckAnswers['mca.directors']);
      default:
        return answer;
    }
  })();
  return data as OperationData[C];
}

/** The caller's own identifiers, to name what was not found. */
function describeInput(input: object): string {
  return Object.entries(input)
    .filter(([field, value]) => typeof value === 'string' && field !== 'name')
    .map(([field, value]) => `${field.toUpperCase()} ${value as string}`)
    .join(', ');
}

/**
 * Public messages are fixed per outcome: a source's own text (an upstream's error body, a
 * host name) stays in the logs and never reaches the caller.
 */
function toError(check: CheckName, input: object, attempts: number, environment: Environment, outcome: FailedOutcome): AppError {
  switch (outcome.outcome) {
    case 'not_found':
      return new AppError('RECORD_NOT_FOUND', `The source has no record for ${describeInput(input) || 'this request'}`);
    case 'timeout':
      return new AppError('PROVIDER_TIMEOUT', `The upstream source for ${check} did not answer in time; retry later`);
    default:
      return attempts === 0
        ? new AppError('PROVIDER_UNAVAILABLE', `No ${environment} source is configured for ${check}`)
        : new AppError('PROVIDER_UNAVAILABLE', `Every upstream source for ${check} is unavailable; retry later`);
  }
}

type FailedOutcome = Exclude<SourceOutcome<unknown>, { outcome: 'ok' }>;

export function createVerifier(chains: SourceChains): Verifier {
  async function fetch<C extends CheckName>(check: C, input: CheckInputs[C], context: VerifyContext): Promise<FetchResult<C>> {
    const sources = chains[context.environment][check];
    const inProcess = sources.every((source) => source.inProcess);
    const deadline = inProcess ? undefined : deadlineSignal(context.budgetMs);
    const signal = deadline?.signal ?? NEVER_ABORTED;
    const deadlineMs = inProcess ? undefined : Date.now() + context.budgetMs;
    const result: ChainResult<C> = await runChain(check, sources, input, { signal, now: context.now, ...(deadlineMs === undefined ? {} : { deadlineMs }) }).finally(
      () => deadline?.dispose(),
    );
    const { outcome, attempts } = result;
    if (outcome.outcome !== 'ok') {
      return {
        ok: false,
        error: toError(check, input, attempts, context.environment, outcome),
        attempts,
        detail: `${outcome.outcome}: ${outcome.message}`,
        notFound: outcome.outcome === 'not_found',
      };
    }
    return { ok: true, answer: outcome.value, attempts, freshness: outcome.cached === true ? 'cached' : 'live' };
  }
  return {
    fetch,
    present: toData,
    async verify(check, input, context) {
      const fetched = await fetch(check, toSourceInput(check, input), context);
      if (!fetched.ok) return { ok: false, error: fetched.error, attempts: fetched.attempts, detail: fetched.detail };
      return { ok: true, data: toData(check, fetched.answer, input, context.now), attempts: fetched.attempts, freshness: fetched.freshness };
    },
  };
}
