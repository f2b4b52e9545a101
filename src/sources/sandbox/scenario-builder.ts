/**
 * Turns the terse scenario entity specs (scenario-entities.ts) into universe entries. Scenario
 * entities go in before anything is generated, so generation can never take their identifiers.
 */
import { makeGstin } from '../../domain/identifiers/gstin.js';
import type { CompanyStatus, GstStatus } from '../../domain/records.js';
import { daysBeforeNow, fixedDate, type DateSpec } from './calendar.js';
import { industryByNic, INDUSTRIES, NATURE_OF_BUSINESS } from './industries.js';
import {
  thousands,
  type CompanyClass,
  type EntityDrift,
  type EntityKind,
  type FilingProfile,
  type GstinDrift,
  type PersonDrift,
} from './model.js';
import type { UniverseBuilder } from './universe-builder.js';
import { STATES, placeOf } from './places.js';

export type PlaceSpec = readonly [gstCode: string, city: string, locality: string];

/** A fixed date (YYYY-MM-DD), or a number of days before `now`. */
export type ScenarioDate = string | number;

function toDateSpec(date: ScenarioDate): DateSpec {
  return typeof date === 'number' ? daysBeforeNow(date) : fixedDate(date);
}

export interface ScenarioGstinSpec {
  /** Where the registration is; defaults to the entity's registered address. */
  at?: PlaceSpec;
  line1?: string;
  status?: GstStatus;
  registered: ScenarioDate;
  cancelled?: string;
  composition?: boolean;
  quarterly?: boolean;
  profile?: FilingProfile;
  lagPeriods?: number;
  einvoice?: boolean;
  legalName?: string;
  /** Changes with the calendar week (drift.ts); the stored state is the even weeks'. */
  drift?: GstinDrift;
}

export interface ScenarioOfficerSpec {
  din: string;
  name: string;
  designation?: string;
  /** Defaults to the date of incorporation. */
  appointed?: ScenarioDate;
  ceased?: ScenarioDate;
  disqualified?: boolean;
  drift?: PersonDrift;
}

export interface ScenarioEntitySpec {
  kind: EntityKind;
  name: string;
  tradeName?: string;
  pan: string;
  panStatus?: string;
  cin?: string;
  llpin?: string;
  companyClass?: CompanyClass;
  status?: CompanyStatus;
  incorporated: ScenarioDate;
  nic: string;
  at: PlaceSpec;
  line1: string;
  capitalInr?: readonly [authorised: number, paidUp: number];
  /** Years behind on annual filings (default 0), or a fixed last financial year filed. */
  agmLagYears?: number;
  lastFiledFy?: number | null;
  subCategory?: string;
  drift?: EntityDrift;
  gstins?: readonly ScenarioGstinSpec[];
  officers?: readonly ScenarioOfficerSpec[];
}

/** The GSTIN a scenario registration gets (entity number 1 unless the PAN has another in that state). */
export function scenarioGstin(spec: ScenarioEntitySpec, n = 0): string {
  const registrations = spec.gstins ?? [];
  const target = registrations[n];
  if (target === undefined) throw new Error(`scenario ${spec.name} has no registration ${n}`);
  const stateOf = (g: ScenarioGstinSpec): string => (g.at ?? spec.at)[0];
  const sameStateBefore = registrations.slice(0, n).filter((g) => stateOf(g) === stateOf(target)).length;
  return makeGstin(stateOf(target), spec.pan, String(sameStateBefore + 1));
}

/** A drifting record must start from the state it drifts away from, or odd weeks would show no change. */
function checkDrift(spec: ScenarioEntitySpec): void {
  const wrong = (what: string): Error => new Error(`scenario ${spec.name}: ${what}`);
  if (spec.drift === 'struck_off' && (spec.kind !== 'company' || (spec.status ?? 'Active') !== 'Active')) throw wrong('only an active company can drift to struck off');
  for (const g of spec.gstins ?? []) {
    const cancels = g.drift === 'cancelled' || g.drift === 'cancelled_retrospectively';
    if (cancels && (g.status ?? 'Active') !== 'Active') throw wrong('only an active GSTIN can drift to cancelled');
    if (cancels && g.cancelled !== undefined) throw wrong('a drifting GSTIN has no fixed cancellation date');
    if (g.profile === 'unpaid_gstr3b' && (g.cancelled === undefined || (g.lagPeriods ?? 0) < 1)) throw wrong('an unpaid GSTR-3B profile needs a cancellation date and lagPeriods');
    if (g.drift === 'returns_not_filed' && (g.profile ?? 'perfect') !== 'perfect') throw wrong('only a perfect filer can drift to a filing gap');
  }
  for (const o of spec.officers ?? []) {
    if (o.drift === 'disqualified' && o.disqualified === true) throw wrong(`director ${o.din} is already disqualified`);
  }
}

export function addScenarioEntity(builder: UniverseBuilder, spec: ScenarioEntitySpec): number {
  checkDrift(spec);
  const corporate = spec.kind === 'company' || spec.kind === 'llp';
  const place = placeOf(...spec.at);
  const state = STATES[place >>> 16]!;
  const city = state.cities[(place >>> 8) & 0xff]!;
  const companyClass = corporate ? (spec.companyClass ?? (spec.kind === 'llp' ? 'LLP' : 'Private')) : null;
  const [authorised, paidUp] = spec.capitalInr ?? (spec.kind === 'llp' ? [0, 1_000_000] : [1_000_000, 500_000]);
  const index = builder.addEntity({
    kind: spec.kind,
    name: spec.name,
    tradeName: spec.tradeName ?? spec.name,
    pan: spec.pan,
    panStatus: spec.panStatus ?? 'E',
    cin: spec.cin ?? null,
    llpin: spec.llpin ?? null,
    companyClass,
    category: !corporate ? null : spec.kind === 'llp' ? 'Limited Liability Partnership' : 'Company limited by Shares',
    subCategory: !corporate ? null : spec.kind === 'llp' ? 'Non-government' : (spec.subCategory ?? 'Non-government company'),
    roc: corporate ? (city.roc ?? state.roc) : null,
    status: spec.status ?? 'Active',
    listed: spec.cin?.startsWith('L') ?? false,
    incorporated: toDateSpec(spec.incorporated),
    industry: industryByNic(spec.nic),
    authorisedCapitalK: thousands(authorised),
    paidUpCapitalK: thousands(paidUp),
    line1: spec.line1,
    place,
    agmLagYears: spec.lastFiledFy !== undefined ? -1 : (spec.agmLagYears ?? (corporate ? 0 : -1)),
    lastFiledFy: spec.lastFiledFy ?? null,
    drift: spec.drift ?? 'none',
  });

  const activity = INDUSTRIES[industryByNic(spec.nic)]!.activity;
  for (const g of spec.gstins ?? []) {
    const at = g.at ?? spec.at;
    builder.addGstin({
      entity: index,
      stateCode: at[0],
      status: g.status ?? (g.cancelled === undefined ? 'Active' : 'Cancelled'),
      registered: toDateSpec(g.registered),
      cancelled: g.cancelled === undefined ? null : fixedDate(g.cancelled),
      composition: g.composition ?? false,
      quarterly: g.quarterly ?? g.composition ?? false,
      profile: g.profile ?? 'perfect',
      lagPeriods: g.lagPeriods ?? 0,
      einvoice: g.einvoice ?? false,
      nature: NATURE_OF_BUSINESS[activity][0]!,
      line1: g.line1 ?? spec.line1,
      place: placeOf(...at),
      legalName: g.legalName,
      drift: g.drift ?? 'none',
    });
  }

  for (const officer of spec.officers ?? []) {
    const u = builder.universe;
    const din = Number(officer.din);
    const person = u.byDin.get(din) ?? builder.addPerson(din, officer.name, officer.disqualified ?? false, officer.drift ?? 'none');
    const designation = officer.designation ?? (spec.kind === 'llp' ? 'Designated Partner' : 'Director');
    builder.appoint(
      person,
      index,
      designation,
      toDateSpec(officer.appointed ?? spec.incorporated),
      officer.ceased === undefined ? null : toDateSpec(officer.ceased),
    );
  }
  return index;
}
