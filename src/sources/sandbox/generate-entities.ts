/**
 * One generated legal entity at a time: its kind, place, industry, name, identifiers and MCA
 * facts, then its board (generate-boards.ts) and its GST registrations (generate-gst.ts).
 */
import type { CompanyStatus } from '../../domain/records.js';
import { INDUSTRIES } from './industries.js';
import { issueCin, issueLlpin, issuePan } from './issue-ids.js';
import { dayNumber, yearOfDay } from './calendar.js';
import { LAST_GENERATED_DAY, dayBetween, type GenerateContext } from './generate-context.js';
import { generateBoard } from './generate-boards.js';
import { generateGstins } from './generate-gst.js';
import { firmName, generatePerson, proprietorTradeName, uniqueCompanyName } from './generate-names.js';
import { thousands, type CompanyClass, type Tier } from './model.js';
import { fullName, type RegionId } from './person-names.js';
import { STATES, STATE_WEIGHTS, packPlace } from './places.js';
import { indexWeightTable, weightTable, type WeightTable } from './prng.js';
import type { NewEntity } from './records.js';

type GeneratedKind = 'private' | 'opc' | 'public' | 'listed' | 'llp' | 'proprietorship' | 'firm';

const KIND_WEIGHTS = weightTable<GeneratedKind>([
  ['private', 0.37], ['opc', 0.025], ['public', 0.035], ['listed', 0.007],
  ['llp', 0.12], ['proprietorship', 0.33], ['firm', 0.113],
]);

const REGION_WEIGHTS = STATES.map((state) => weightTable(state.regions));

/** Industry weights per column: company, LLP, proprietorship, firm. */
const INDUSTRY_WEIGHTS = [0, 1, 2, 3].map((column) => indexWeightTable(INDUSTRIES.map((industry) => industry.weights[column] ?? 0)));

const COMPANY_STATUS_WEIGHTS = weightTable<CompanyStatus>([['Active', 88], ['Strike Off', 9.2], ['Under Liquidation', 2.8]]);

const CAPITAL_INR: Readonly<Record<Tier, readonly number[]>> = {
  0: [100_000, 200_000, 500_000, 1_000_000],
  1: [1_000_000, 2_500_000, 5_000_000, 10_000_000],
  2: [10_000_000, 25_000_000, 50_000_000, 100_000_000],
  3: [250_000_000, 500_000_000, 1_000_000_000, 5_000_000_000],
};

interface Placement {
  stateIndex: number;
  place: number;
  region: RegionId;
  cityName: string;
}

function place(ctx: GenerateContext): Placement {
  const { rng } = ctx;
  const stateIndex = rng.weighted(STATE_WEIGHTS);
  const state = STATES[stateIndex] ?? STATES[0]!;
  const cityIndex = rng.int(0, state.cities.length - 1);
  const city = state.cities[cityIndex]!;
  const localityIndex = rng.int(0, city.localities.length - 1);
  return {
    stateIndex,
    place: packPlace(stateIndex, cityIndex, localityIndex),
    region: rng.weighted(REGION_WEIGHTS[stateIndex]!),
    cityName: city.name,
  };
}

export function generateEntity(ctx: GenerateContext): void {
  const kind = ctx.rng.weighted(KIND_WEIGHTS);
  if (kind === 'proprietorship' || kind === 'firm') generateUnincorporated(ctx, kind);
  else generateCorporate(ctx, kind);
}

function pickIndustry(ctx: GenerateContext, column: number): number {
  return ctx.rng.weighted(INDUSTRY_WEIGHTS[column] ?? INDUSTRY_WEIGHTS[0]!);
}

const CORPORATE: Readonly<Record<'private' | 'opc' | 'public' | 'listed' | 'llp', {
  /** Incorporated between these days. */
  from: number;
  to: number;
  lean: number;
  tiers: WeightTable<Tier>;
}>> = {
  private: { from: dayNumber('1980-01-01'), to: LAST_GENERATED_DAY, lean: 0.55, tiers: weightTable<Tier>([[0, 50], [1, 35], [2, 15]]) },
  opc: { from: dayNumber('2014-04-01'), to: LAST_GENERATED_DAY, lean: 0.8, tiers: weightTable<Tier>([[0, 1]]) },
  public: { from: dayNumber('1960-01-01'), to: dayNumber('2024-12-31'), lean: 0.9, tiers: weightTable<Tier>([[2, 60], [3, 40]]) },
  listed: { from: dayNumber('1950-01-01'), to: dayNumber('2012-12-31'), lean: 1.2, tiers: weightTable<Tier>([[3, 1]]) },
  llp: { from: dayNumber('2009-04-01'), to: LAST_GENERATED_DAY, lean: 0.7, tiers: weightTable<Tier>([[0, 60], [1, 35], [2, 5]]) },
};

/** Telangana was formed on 2 June 2014; companies incorporated there before keep AP CINs. */
const TELANGANA_FORMED_DAY = dayNumber('2014-06-02');
const UNINCORPORATED_FROM_DAY = dayNumber('1995-01-01');

function generateCorporate(ctx: GenerateContext, kind: 'private' | 'opc' | 'public' | 'listed' | 'llp'): void {
  const { rng, u } = ctx;
  const spec = CORPORATE[kind];
  const llp = kind === 'llp';
  const industryIndex = pickIndustry(ctx, llp ? 1 : 0);
  const industry = INDUSTRIES[industryIndex]!;
  const where = place(ctx);
  const state = STATES[where.stateIndex]!;
  const incorporated = dayBetween(rng, spec.from, spec.to, spec.lean);
  const year = yearOfDay(incorporated);
  const tier = rng.weighted(spec.tiers);

  const status = companyStatus(ctx, kind, year);
  const suffix = llp ? 'LLP' : kind === 'opc' ? '(OPC) PRIVATE LIMITED' : kind === 'private' ? 'PRIVATE LIMITED' : 'LIMITED';
  const name = uniqueCompanyName(rng, ctx.builder.companyNames, suffix, { industry, region: where.region, cityName: where.cityName });
  const base = name.slice(0, name.length - suffix.length - 1);
  const pan = issuePan(rng, u, llp ? 'F' : 'C', name.charAt(0));

  const { ownership, category, subCategory } = ownershipOf(ctx, kind);
  const companyClass: CompanyClass = llp ? 'LLP' : kind === 'opc' ? 'One Person Company' : kind === 'private' ? 'Private' : 'Public';
  const cinState = state.cinCode === 'TG' && incorporated < TELANGANA_FORMED_DAY ? 'AP' : state.cinCode;
  const city = state.cities[(where.place >>> 8) & 0xff];
  const roc = city?.roc ?? state.roc;
  const listed = kind === 'listed';
  const cin = llp ? null : issueCin(rng, u, { listed, nic: industry.nic, cinState, year, ownership });
  const llpin = llp ? issueLlpin(rng, u, year) : null;
  const capitals = CAPITAL_INR[tier];
  const authorised = rng.pick(capitals);
  const paidUp = llp ? Math.round(authorised * rng.pick([0.1, 0.25, 0.5, 1])) : Math.round(authorised * rng.pick([0.1, 0.2, 0.5, 0.8, 1]));
  const filings = annualFilings(ctx, status, year);

  const entity: NewEntity = {
    kind: llp ? 'llp' : 'company',
    name,
    tradeName: rng.chance(0.6) ? name : base,
    pan,
    panStatus: status === 'Under Liquidation' ? 'EU' : 'E',
    cin,
    llpin,
    companyClass,
    category: llp ? 'Limited Liability Partnership' : category,
    subCategory: llp ? 'Non-government' : subCategory,
    roc,
    status,
    listed,
    incorporated,
    industry: industryIndex,
    authorisedCapitalK: llp ? 0 : thousands(authorised),
    paidUpCapitalK: thousands(paidUp),
    line1: null,
    place: where.place,
    agmLagYears: filings.agmLagYears,
    lastFiledFy: filings.lastFiledFy,
    drift: 'none',
  };
  const index = ctx.builder.addEntity(entity);
  generateBoard(ctx, index, { kind, incorporated, region: where.region });
  generateGstins(ctx, index, { tier, status, incorporated, stateIndex: where.stateIndex, place: where.place, industry });
}

function companyStatus(ctx: GenerateContext, kind: GeneratedKind, year: number): CompanyStatus {
  const { rng } = ctx;
  if (kind === 'listed') return rng.chance(0.03) ? 'Under Liquidation' : 'Active';
  // Striking off takes years of inactivity; a company from this year cannot be struck off yet.
  if (year >= 2024) return 'Active';
  return rng.weighted(COMPANY_STATUS_WEIGHTS);
}

interface Ownership {
  /** The CIN's ownership code. */
  ownership: string;
  category: string;
  subCategory: string;
}

const SHARES = 'Company limited by Shares';

// One constant per case, read without property lookups: a rarely taken branch that builds an
// object, or looks one up by name, has no type feedback and costs a re-optimisation when first taken.
const OPC: Ownership = { ownership: 'OPC', category: SHARES, subCategory: 'Non-government company' };
const FOREIGN_SUBSIDIARY: Ownership = { ownership: 'FTC', category: SHARES, subCategory: 'Subsidiary of company incorporated outside India' };
const PRIVATE: Ownership = { ownership: 'PTC', category: SHARES, subCategory: 'Non-government company' };
const STATE_GOVERNMENT: Ownership = { ownership: 'SGC', category: SHARES, subCategory: 'State government company' };
const UNION_GOVERNMENT: Ownership = { ownership: 'GOI', category: SHARES, subCategory: 'Union government company' };
const PUBLIC: Ownership = { ownership: 'PLC', category: SHARES, subCategory: 'Non-government company' };

function ownershipOf(ctx: GenerateContext, kind: GeneratedKind): Ownership {
  const { rng } = ctx;
  if (kind === 'opc') return OPC;
  if (kind === 'private') return rng.chance(0.02) ? FOREIGN_SUBSIDIARY : PRIVATE;
  if (kind === 'public' && rng.chance(0.03)) return STATE_GOVERNMENT;
  if (kind === 'public' && rng.chance(0.02)) return UNION_GOVERNMENT;
  return PUBLIC;
}

/** Annual filings: most are up to date (relative to `now`); struck-off and liquidated ones stopped long ago. */
function annualFilings(ctx: GenerateContext, status: CompanyStatus, year: number): { agmLagYears: number; lastFiledFy: number | null } {
  const { rng } = ctx;
  if (status === 'Strike Off') {
    if (rng.chance(0.45)) return { agmLagYears: -1, lastFiledFy: null };
    return { agmLagYears: -1, lastFiledFy: Math.min(2021, year + rng.int(1, 6)) };
  }
  if (status === 'Under Liquidation') return { agmLagYears: -1, lastFiledFy: Math.min(2023, year + rng.int(1, 12)) };
  return { agmLagYears: rng.chance(0.1) ? rng.int(1, 3) : 0, lastFiledFy: null };
}

function generateUnincorporated(ctx: GenerateContext, kind: 'proprietorship' | 'firm'): void {
  const { rng, u } = ctx;
  const proprietor = kind === 'proprietorship';
  const industryIndex = pickIndustry(ctx, proprietor ? 2 : 3);
  const industry = INDUSTRIES[industryIndex]!;
  const where = place(ctx);
  let name: string;
  let tradeName: string;
  let pan: string;
  if (proprietor) {
    const person = generatePerson(rng, where.region);
    name = fullName(person);
    tradeName = proprietorTradeName(rng, industry, person);
    pan = issuePan(rng, u, 'P', person.surname.charAt(0));
  } else {
    name = firmName(rng, industry, where.region);
    tradeName = name;
    pan = issuePan(rng, u, 'F', name.charAt(0));
  }
  const started = dayBetween(rng, UNINCORPORATED_FROM_DAY, LAST_GENERATED_DAY, 0.7);
  const entity: NewEntity = {
    kind,
    name,
    tradeName,
    pan,
    // A few PANs are deactivated (duplicates, or not linked with Aadhaar in time).
    panStatus: rng.chance(0.005) ? 'X' : 'E',
    cin: null,
    llpin: null,
    companyClass: null,
    category: null,
    subCategory: null,
    roc: null,
    status: 'Active',
    listed: false,
    incorporated: started,
    industry: industryIndex,
    authorisedCapitalK: 0,
    paidUpCapitalK: 0,
    line1: null,
    place: where.place,
    agmLagYears: -1,
    lastFiledFy: null,
    drift: 'none',
  };
  const index = ctx.builder.addEntity(entity);
  const tier = proprietor ? (rng.chance(0.05) ? 1 : 0) : rng.chance(0.3) ? 1 : 0;
  generateGstins(ctx, index, { tier, status: 'Active', incorporated: started, stateIndex: where.stateIndex, place: where.place, industry });
}
