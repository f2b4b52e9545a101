/**
 * The sandbox registry: a deterministic synthetic universe of Indian businesses (DESIGN.md §3),
 * with one lookup per check answering exactly what sources/port.ts asks of a source. Lookups
 * return undefined when there is no record; time-relative answers are computed at `now`.
 */
import { normaliseIdentifier } from '../../domain/identifiers/validation.js';
import type { CheckName } from '../../domain/operations.js';
import type { CinPanMapping, CompanyRecord, DinRecord, GstByPanEntry, GstRecord } from '../../domain/records.js';
import type {
  CheckAnswers,
  CheckInputs,
  CompanyRef,
  DirectorsAnswer,
  GstReturnsAnswer,
  PanAnswer,
  SearchCandidate,
} from '../port.js';
import {
  companyRecord,
  dinRecord,
  directorsAnswer,
  gstByPan,
  gstRecord,
  panAnswer,
  returnsAnswer,
  searchCandidate,
} from './answers.js';
import { todayAt } from './calendar.js';
import { triggeredFault, type FaultKind } from './faults.js';
import { generateUniverse } from './generate.js';
import { dinText, gstinsOf, type SandboxEntity, type SandboxGstin, type Universe } from './model.js';
import { CHECK_FAULTS, SANDBOX_SCENARIOS, SHALLOW_RETURNS_GSTINS, type SandboxScenario } from './scenarios.js';
import { NameSearchIndex } from './search-index.js';

export const DEFAULT_SANDBOX_SEED = 20_261_001;

/** Search returns at most this many candidates; the ranking above the source keeps the best few. */
export const SEARCH_CANDIDATE_LIMIT = 200;

export type IdentifierKind = 'gstin' | 'pan' | 'cin' | 'llpin' | 'din';

export interface SandboxRegistrySize {
  entities: number;
  companies: number;
  llps: number;
  proprietorships: number;
  firms: number;
  gstins: number;
  persons: number;
  appointments: number;
}

export interface SandboxRegistry {
  readonly seed: number;
  readonly size: SandboxRegistrySize;
  readonly scenarios: readonly SandboxScenario[];
  gstVerify(gstin: string, now?: Date): GstRecord | undefined;
  /** `since` (YYYY-MM): report filings back to that period too, not only the latest ones. */
  gstReturns(gstin: string, now?: Date, since?: string): GstReturnsAnswer | undefined;
  /** Empty when the PAN is known but has no GSTIN; undefined when the PAN is unknown. */
  gstByPan(pan: string, now?: Date): GstByPanEntry[] | undefined;
  /** Always answers: an unknown PAN has status N and an empty name, as the ITD answers. */
  panVerify(pan: string, now?: Date): PanAnswer;
  company(ref: CompanyRef, now?: Date): CompanyRecord | undefined;
  search(name: string, now?: Date): SearchCandidate[];
  cinToPan(input: { cin: string } | { pan: string }, now?: Date): Omit<CinPanMapping, 'direction'> | undefined;
  directors(ref: CompanyRef, now?: Date): DirectorsAnswer | undefined;
  din(din: string, now?: Date): DinRecord | undefined;
  /** The answer of any check, as the source hands it on. */
  lookup<C extends CheckName>(check: C, input: CheckInputs[C], now: Date): CheckAnswers[C] | undefined;
  /** The fault a check answers for a fault-trigger input; undefined for every other input. */
  faultFor<C extends CheckName>(check: C, input: CheckInputs[C]): FaultKind | undefined;
  /** Every identifier of a kind the registry issued (for tests, samples and bulk fixtures). */
  identifiers(kind: IdentifierKind): string[];
}

class Registry implements SandboxRegistry {
  readonly scenarios = SANDBOX_SCENARIOS;
  readonly size: SandboxRegistrySize;
  /** Built on the first search: most processes never search, and building it takes a while. */
  private nameIndex: NameSearchIndex | undefined;

  constructor(
    readonly seed: number,
    private readonly u: Universe,
  ) {
    const kinds = u.entityCounts;
    this.size = {
      entities: u.entities.length,
      companies: kinds.company,
      llps: kinds.llp,
      proprietorships: kinds.proprietorship,
      firms: kinds.firm,
      gstins: u.gstins.length,
      persons: u.persons.length,
      appointments: u.appointments.length,
    };
  }

  private names(): NameSearchIndex {
    this.nameIndex ??= new NameSearchIndex(this.u.entities.map((e) => (e.kind === 'company' || e.kind === 'llp' ? e.name : undefined)));
    return this.nameIndex;
  }

  private entityByPan(pan: string): SandboxEntity | undefined {
    const index = this.u.byPan.get(normaliseIdentifier(pan));
    return index === undefined ? undefined : this.u.entities[index];
  }

  private entityByRef(ref: CompanyRef): SandboxEntity | undefined {
    const index = 'cin' in ref ? this.u.byCin.get(normaliseIdentifier(ref.cin)) : this.u.byLlpin.get(normaliseIdentifier(ref.llpin));
    return index === undefined ? undefined : this.u.entities[index];
  }

  private registration(gstin: string): SandboxGstin | undefined {
    const normalised = normaliseIdentifier(gstin);
    const entity = this.entityByPan(normalised.slice(2, 12));
    if (entity === undefined) return undefined;
    return gstinsOf(this.u, entity).find((g) => g.gstin === normalised);
  }

  gstVerify(gstin: string, now = new Date()): GstRecord | undefined {
    const g = this.registration(gstin);
    return g === undefined ? undefined : gstRecord(this.u, g, todayAt(now));
  }

  gstReturns(gstin: string, now = new Date(), since?: string): GstReturnsAnswer | undefined {
    const g = this.registration(gstin);
    return g === undefined ? undefined : returnsAnswer(g, todayAt(now), SHALLOW_RETURNS_GSTINS.has(g.gstin) ? undefined : since);
  }

  gstByPan(pan: string, now = new Date()): GstByPanEntry[] | undefined {
    const entity = this.entityByPan(pan);
    return entity === undefined ? undefined : gstByPan(this.u, entity, todayAt(now));
  }

  panVerify(pan: string): PanAnswer {
    const entity = this.entityByPan(pan);
    return entity === undefined ? { pan: normaliseIdentifier(pan), statusCode: 'N', fullName: '' } : panAnswer(entity);
  }

  company(ref: CompanyRef, now = new Date()): CompanyRecord | undefined {
    const entity = this.entityByRef(ref);
    return entity === undefined ? undefined : companyRecord(entity, todayAt(now));
  }

  search(name: string, now = new Date()): SearchCandidate[] {
    const today = todayAt(now);
    return this.names().candidates(name, SEARCH_CANDIDATE_LIMIT).map((index) => searchCandidate(this.u.entities[index]!, today));
  }

  cinToPan(input: { cin: string } | { pan: string }): Omit<CinPanMapping, 'direction'> | undefined {
    const entity = 'cin' in input ? this.entityByRef({ cin: input.cin }) : this.entityByPan(input.pan);
    // Only companies and LLPs are on the MCA register; a firm's or a person's PAN maps to nothing.
    if (entity === undefined || (entity.kind !== 'company' && entity.kind !== 'llp')) return undefined;
    return { cin: entity.cin, llpin: entity.llpin, pan: entity.pan, company_name: entity.name };
  }

  directors(ref: CompanyRef, now = new Date()): DirectorsAnswer | undefined {
    const entity = this.entityByRef(ref);
    return entity === undefined ? undefined : directorsAnswer(this.u, entity, todayAt(now));
  }

  din(din: string, now = new Date()): DinRecord | undefined {
    const normalised = normaliseIdentifier(din);
    const index = /^[0-9]{8}$/.test(normalised) ? this.u.byDin.get(Number(normalised)) : undefined;
    return index === undefined ? undefined : dinRecord(this.u, index, todayAt(now));
  }

  lookup<C extends CheckName>(check: C, input: CheckInputs[C], now: Date): CheckAnswers[C] | undefined {
    const i = input as Partial<Record<'gstin' | 'pan' | 'cin' | 'llpin' | 'din' | 'name', string>>;
    const ref = (): CompanyRef => (i.cin !== undefined ? { cin: i.cin } : { llpin: i.llpin ?? '' });
    const answers: { [K in CheckName]: () => CheckAnswers[K] | undefined } = {
      'gst.verify': () => this.gstVerify(i.gstin ?? '', now),
      'gst.returns': () => this.gstReturns(i.gstin ?? '', now, (input as CheckInputs['gst.returns']).since),
      'gst.by_pan': () => this.gstByPan(i.pan ?? '', now),
      'pan.verify': () => this.panVerify(i.pan ?? ''),
      'mca.company': () => this.company(ref(), now),
      'mca.search': () => this.search(i.name ?? '', now),
      'mca.cin_to_pan': () => this.cinToPan(i.cin !== undefined ? { cin: i.cin } : { pan: i.pan ?? '' }),
      'mca.directors': () => this.directors(ref(), now),
      'mca.din': () => this.din(i.din ?? '', now),
    };
    return answers[check]() as CheckAnswers[C] | undefined;
  }

  faultFor<C extends CheckName>(check: C, input: CheckInputs[C]): FaultKind | undefined {
    const universal = triggeredFault(check, input);
    if (universal !== undefined) return universal;
    const gstin = (input as { gstin?: unknown }).gstin;
    if (typeof gstin !== 'string') return undefined;
    const normalised = normaliseIdentifier(gstin);
    return CHECK_FAULTS.find((f) => f.check === check && f.gstin === normalised)?.fault;
  }

  identifiers(kind: IdentifierKind): string[] {
    const u = this.u;
    switch (kind) {
      case 'gstin':
        return u.gstins.map((g) => g.gstin);
      case 'pan':
        return u.entities.map((e) => e.pan);
      case 'cin':
        return u.entities.flatMap((e) => (e.cin === null ? [] : [e.cin]));
      case 'llpin':
        return u.entities.flatMap((e) => (e.llpin === null ? [] : [e.llpin]));
      case 'din':
        return u.persons.map((p) => dinText(p.din));
    }
  }
}

/** Builds a registry afresh (tests compare two builds); use loadSandboxRegistry everywhere else. */
export function buildSandboxRegistry(seed: number = DEFAULT_SANDBOX_SEED): SandboxRegistry {
  return new Registry(seed, generateUniverse(seed));
}

const loaded = new Map<number, SandboxRegistry>();

/** The registry for a seed, built once per process and shared. */
export function loadSandboxRegistry(seed: number = DEFAULT_SANDBOX_SEED): SandboxRegistry {
  let registry = loaded.get(seed);
  if (registry === undefined) {
    registry = buildSandboxRegistry(seed);
    loaded.set(seed, registry);
  }
  return registry;
}
