/**
 * Builds the answers of sources/port.ts from the compact universe, per query, at `today`.
 * Every answer is a fresh object: callers may keep or change it without touching the registry.
 */
import { GST_STATES } from '../../domain/identifiers/state-codes.js';
import { compareDinCompanies, compareDirectors, compareGstByPan } from '../../domain/record-order.js';
import type {
  Address,
  CompanyRecord,
  DinRecord,
  Director,
  GstByPanEntry,
  GstRecord,
} from '../../domain/records.js';
import type { DirectorsAnswer, GstReturnsAnswer, PanAnswer, SearchCandidate } from '../port.js';
import { isoFromDay, resolveDate } from './calendar.js';
import { companyStatusOn, dinStatusOn, gstCancelledOn, gstStatusOn } from './drift.js';
import { annualFilingsAt, filingHistory, frequencyOf } from './filings.js';
import { addressLine1 } from './generate-names.js';
import { INDUSTRIES } from './industries.js';
import { appointmentsOf, dinText, gstinsOf, officersOf, type SandboxEntity, type SandboxGstin, type Universe } from './model.js';
import { stateName, unpackPlace } from './places.js';
import { Rng, hash32 } from './prng.js';

/**
 * Line 1 of a generated address, derived from a key (PAN or GSTIN) when asked for: the same
 * key always gives the same line, and nothing is stored for 40,000 addresses nobody reads.
 */
function derivedLine1(key: string, place: number, industry: number): string {
  const rng = new Rng(hash32(key, 7));
  const industrial = INDUSTRIES[industry]?.activity === 'manufacturing' && rng.chance(0.7);
  return addressLine1(rng, unpackPlace(place).city.streets, industrial);
}

export function addressOf(line1: string | null, place: number, key: string, industry: number): Address {
  const { state, city, locality } = unpackPlace(place);
  return {
    line1: line1 ?? derivedLine1(key, place, industry),
    locality: locality[0],
    city: city.name,
    district: locality[2] ?? city.district,
    state: stateName(state),
    pincode: locality[1],
  };
}

const CONSTITUTION: Readonly<Record<string, string>> = {
  Private: 'Private Limited Company',
  'One Person Company': 'Private Limited Company',
  Public: 'Public Limited Company',
  LLP: 'Limited Liability Partnership',
  proprietorship: 'Proprietorship',
  firm: 'Partnership',
};

export function constitutionOf(entity: SandboxEntity): string {
  return CONSTITUTION[entity.companyClass ?? entity.kind] ?? 'Others';
}

function stateOf(code: string): string {
  return GST_STATES[code] ?? code;
}

function cancellationDate(g: SandboxGstin, today: string): string | null {
  const cancelled = gstCancelledOn(g, today);
  return cancelled === null ? null : isoFromDay(cancelled);
}

export function gstRecord(u: Universe, g: SandboxGstin, today: string): GstRecord {
  const entity = u.entities[g.entity]!;
  const gstin = g.gstin;
  return {
    gstin,
    legal_name: g.legalName ?? entity.name,
    trade_name: entity.tradeName,
    status: gstStatusOn(g, today),
    registration_date: resolveDate(g.registered, today),
    cancellation_date: cancellationDate(g, today),
    taxpayer_type: g.composition ? 'Composition' : 'Regular',
    constitution: constitutionOf(entity),
    state: stateOf(g.stateCode),
    state_code: g.stateCode,
    pan: entity.pan,
    principal_place: addressOf(g.line1, g.place, g.place === entity.place ? entity.pan : gstin, entity.industry),
    nature_of_business: [...g.nature],
    einvoice_enabled: g.einvoice,
  };
}

export function returnsAnswer(g: SandboxGstin, today: string, since?: string): GstReturnsAnswer {
  const registered = resolveDate(g.registered, today);
  const { filings, coversFrom } = filingHistory(g, registered, today, since);
  return {
    gstin: g.gstin,
    frequency: frequencyOf(g),
    filings,
    registrationDate: registered,
    cancellationDate: cancellationDate(g, today),
    coversFrom,
  };
}

export function gstByPan(u: Universe, entity: SandboxEntity, today: string): GstByPanEntry[] {
  return gstinsOf(u, entity)
    .map((g) => ({
      gstin: g.gstin,
      state: stateOf(g.stateCode),
      state_code: g.stateCode,
      status: gstStatusOn(g, today),
      registration_date: resolveDate(g.registered, today),
    }))
    .sort(compareGstByPan);
}

export function panAnswer(entity: SandboxEntity): PanAnswer {
  return { pan: entity.pan, statusCode: entity.panStatus, fullName: entity.name };
}

export function companyRecord(entity: SandboxEntity, today: string): CompanyRecord {
  const incorporated = resolveDate(entity.incorporated, today);
  const industry = INDUSTRIES[entity.industry];
  const filings = annualFilingsAt(entity, incorporated, today);
  return {
    entity_type: entity.kind === 'llp' ? 'llp' : 'company',
    cin: entity.cin,
    llpin: entity.llpin,
    name: entity.name,
    status: companyStatusOn(entity, today),
    // The interface document's classes are Private / Public / LLP: a one person company is a private one.
    class: entity.companyClass === 'One Person Company' ? 'Private' : (entity.companyClass ?? ''),
    category: entity.category ?? '',
    sub_category: entity.subCategory ?? '',
    date_of_incorporation: incorporated,
    roc: entity.roc ?? '',
    listing_status: entity.listed ? 'Listed' : 'Unlisted',
    authorised_capital_inr: entity.authorisedCapitalK * 1000,
    paid_up_capital_inr: entity.paidUpCapitalK * 1000,
    industry: industry === undefined ? null : { nic_code: industry.nic, description: industry.description },
    last_agm_date: filings.lastAgmDate,
    last_balance_sheet_date: filings.lastBalanceSheetDate,
    registered_address: addressOf(entity.line1, entity.place, entity.pan, entity.industry),
  };
}

/** Current directors first (by appointment), then past ones (most recently ceased first). */
export function directorsAnswer(u: Universe, entity: SandboxEntity, today: string): DirectorsAnswer {
  const directors: Director[] = officersOf(u, entity).map((a) => {
    const person = u.persons[a.person]!;
    return {
      din: dinText(person.din),
      name: person.name,
      designation: a.designation,
      appointed_on: resolveDate(a.appointed, today),
      ceased_on: a.ceased === null ? null : resolveDate(a.ceased, today),
      din_status: dinStatusOn(person, today),
    };
  });
  directors.sort(compareDirectors);
  return { cin: entity.cin, llpin: entity.llpin, company_name: entity.name, directors };
}

export function dinRecord(u: Universe, personIndex: number, today: string): DinRecord {
  const person = u.persons[personIndex]!;
  const companies = appointmentsOf(u, person).map((a) => {
    const entity = u.entities[a.entity]!;
    return {
      cin: entity.cin,
      llpin: entity.llpin,
      name: entity.name,
      designation: a.designation,
      appointed_on: resolveDate(a.appointed, today),
      ceased_on: a.ceased === null ? null : resolveDate(a.ceased, today),
    };
  });
  companies.sort(compareDinCompanies);
  return { din: dinText(person.din), name: person.name, din_status: dinStatusOn(person, today), companies };
}

export function searchCandidate(entity: SandboxEntity, today: string): SearchCandidate {
  return {
    name: entity.name,
    cin: entity.cin,
    llpin: entity.llpin,
    status: companyStatusOn(entity, today),
    state: stateName(unpackPlace(entity.place).state),
    incorporated_on: resolveDate(entity.incorporated, today),
  };
}
