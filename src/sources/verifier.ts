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
import type { CheckAnswers, CheckInputs, CompanyRef, SourceOutcome, Source } from './port.js';

/** What a caller sends for each check, after validation and normalisation. */
export interface OperationInputs {
  'gst.verify': { gstin: string };
  'gst.returns': { gstin: string; periods: number };
  'gst.by_pan': { pan: string };
  'pan.verify': { pan: string; name?: string | undefined };
  'mca.company': CompanyRef;
  'mca.search': { name: string; limit: number };
  'mca.cin_to_pan': { cin: string } | { pan: string };
  'mca.directors': CompanyRef;
  'mca.din': { din: string };
}

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
  signal: AbortSignal;
  now: Date;
}

export type VerifyResult<C extends CheckName> =
  | { ok: true; data: OperationData[C]; attempts: number; freshness: 'live' | 'cached' }
  | { ok: false; error: AppError; attempts: number };

/** Ordered sources per check, for each environment. */
export type SourceChains = Record<Environment, Readonly<Record<CheckName, readonly Source[]>>>;

export interface Verifier {
  verify<C extends CheckName>(check: C, input: OperationInputs[C], context: VerifyContext): Promise<VerifyResult<C>>;
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

function toError(check: CheckName, outcome: Exclude<SourceOutcome<unknown>, { outcome: 'ok' }>): AppError {
  switch (outcome.outcome) {
    case 'not_found':
      return new AppError('RECORD_NOT_FOUND', `No record found for this ${check} request: ${outcome.message}`);
    case 'timeout':
      return new AppError('PROVIDER_TIMEOUT', `The upstream source for ${check} took too long: ${outcome.message}`);
    default:
      return new AppError('PROVIDER_UNAVAILABLE', `Every upstream source for ${check} failed: ${outcome.message}`);
  }
}

export function createVerifier(chains: SourceChains): Verifier {
  return {
    async verify(check, input, context) {
      const result: ChainResult<typeof check> = await runChain(
        check,
        chains[context.environment][check],
        toSourceInput(check, input),
        { signal: context.signal, now: context.now },
      );
      const { outcome, attempts } = result;
      if (outcome.outcome !== 'ok') return { ok: false, error: toError(check, outcome), attempts };
      return { ok: true, data: toData(check, outcome.value, input, context.now), attempts, freshness: 'live' };
    },
  };
}
