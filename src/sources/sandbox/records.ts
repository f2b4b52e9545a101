/**
 * The universe's records as class instances, made by the universe builder only.
 *
 * Why classes: V8 watches the objects an object literal makes, and once it has seen that nearly
 * all of them survive (every record here does), it switches that literal to allocating in the
 * old generation and throws away the optimised code that contains it. Mid-build, that cost two
 * rounds of recompiling the whole generator, about a quarter of a cold build's CPU. Class
 * instances are not watched, so the generator is compiled once. The literals the generators
 * hand over die at once, so V8 never switches them.
 */
import type { CompanyStatus, GstStatus } from '../../domain/records.js';
import type { DateSpec } from './calendar.js';
import { makeGstin } from '../../domain/identifiers/gstin.js';
import type {
  CompanyClass,
  EntityDrift,
  EntityKind,
  FilingProfile,
  GstinDrift,
  PersonDrift,
  SandboxAppointment,
  SandboxEntity,
  SandboxGstin,
  SandboxPerson,
} from './model.js';
import { fullName, type PersonName } from './person-names.js';

/** An entity as the generators describe it: without registrations or officers yet. */
export type NewEntity = Omit<SandboxEntity, 'firstGstin' | 'gstinCount' | 'firstOfficer' | 'officerCount'>;

/** A GST registration as the generators describe it: the builder numbers it. */
export type NewGstin = Omit<SandboxGstin, 'gstin' | 'pan' | 'entityNumber'>;

export class EntityRecord implements SandboxEntity {
  declare readonly kind: EntityKind;
  declare readonly name: string;
  declare readonly tradeName: string;
  declare readonly pan: string;
  declare readonly panStatus: string;
  declare readonly cin: string | null;
  declare readonly llpin: string | null;
  declare readonly companyClass: CompanyClass | null;
  declare readonly category: string | null;
  declare readonly subCategory: string | null;
  declare readonly roc: string | null;
  declare readonly status: CompanyStatus;
  declare readonly listed: boolean;
  declare readonly incorporated: DateSpec;
  declare readonly industry: number;
  declare readonly authorisedCapitalK: number;
  declare readonly paidUpCapitalK: number;
  declare readonly line1: string | null;
  declare readonly place: number;
  declare readonly agmLagYears: number;
  declare readonly lastFiledFy: number | null;
  declare readonly drift: EntityDrift;
  firstGstin = 0;
  gstinCount = 0;
  firstOfficer = 0;
  officerCount = 0;

  constructor(e: NewEntity) {
    this.kind = e.kind;
    this.name = e.name;
    this.tradeName = e.tradeName;
    this.pan = e.pan;
    this.panStatus = e.panStatus;
    this.cin = e.cin;
    this.llpin = e.llpin;
    this.companyClass = e.companyClass;
    this.category = e.category;
    this.subCategory = e.subCategory;
    this.roc = e.roc;
    this.status = e.status;
    this.listed = e.listed;
    this.incorporated = e.incorporated;
    this.industry = e.industry;
    this.authorisedCapitalK = e.authorisedCapitalK;
    this.paidUpCapitalK = e.paidUpCapitalK;
    this.line1 = e.line1;
    this.place = e.place;
    this.agmLagYears = e.agmLagYears;
    this.lastFiledFy = e.lastFiledFy;
    this.drift = e.drift;
  }
}

export class GstinRecord implements SandboxGstin {
  declare readonly pan: string;
  declare readonly entityNumber: string;
  declare readonly entity: number;
  declare readonly stateCode: string;
  declare readonly status: GstStatus;
  declare readonly registered: DateSpec;
  declare readonly cancelled: number | null;
  declare readonly composition: boolean;
  declare readonly quarterly: boolean;
  declare readonly profile: FilingProfile;
  declare readonly lagPeriods: number;
  declare readonly einvoice: boolean;
  declare readonly nature: readonly string[];
  declare readonly line1: string | null;
  declare readonly place: number;
  declare readonly legalName: string | undefined;
  declare readonly drift: GstinDrift;

  constructor(pan: string, entityNumber: string, g: NewGstin) {
    this.pan = pan;
    this.entityNumber = entityNumber;
    this.entity = g.entity;
    this.stateCode = g.stateCode;
    this.status = g.status;
    this.registered = g.registered;
    this.cancelled = g.cancelled;
    this.composition = g.composition;
    this.quarterly = g.quarterly;
    this.profile = g.profile;
    this.lagPeriods = g.lagPeriods;
    this.einvoice = g.einvoice;
    this.nature = g.nature;
    this.line1 = g.line1;
    this.place = g.place;
    this.legalName = g.legalName;
    this.drift = g.drift;
  }

  get gstin(): string {
    return makeGstin(this.stateCode, this.pan, this.entityNumber);
  }
}

/** A scenario director, named as the scenario says. */
export class NamedPersonRecord implements SandboxPerson {
  declare readonly din: number;
  declare readonly name: string;
  declare readonly disqualified: boolean;
  declare readonly drift: PersonDrift;
  firstAppointment = -1;
  lastAppointment = -1;

  constructor(din: number, name: string, disqualified: boolean, drift: PersonDrift) {
    this.din = din;
    this.name = name;
    this.disqualified = disqualified;
    this.drift = drift;
  }

  get surname(): string {
    return this.name.slice(this.name.lastIndexOf(' ') + 1);
  }
}

/**
 * A generated director, with the words of the name rather than the name: joined when read, as
 * a few DIN lookups need, instead of keeping 32,000 names as strings of three or four pieces each.
 */
export class GeneratedPersonRecord implements SandboxPerson {
  declare readonly din: number;
  declare readonly first: string;
  declare readonly middle: string;
  declare readonly surname: string;
  declare readonly disqualified: boolean;
  firstAppointment = -1;
  lastAppointment = -1;

  constructor(din: number, name: PersonName, disqualified: boolean) {
    this.din = din;
    this.first = name.first;
    this.middle = name.middle;
    this.surname = name.surname;
    this.disqualified = disqualified;
  }

  get name(): string {
    return fullName(this);
  }

  /** Generated directors never drift; a getter keeps 32,000 records one field smaller. */
  get drift(): PersonDrift {
    return 'none';
  }
}

export class AppointmentRecord implements SandboxAppointment {
  declare readonly person: number;
  declare readonly entity: number;
  declare readonly designation: string;
  declare readonly appointed: DateSpec;
  declare readonly ceased: DateSpec | null;
  nextOfPerson = -1;

  constructor(person: number, entity: number, designation: string, appointed: DateSpec, ceased: DateSpec | null) {
    this.person = person;
    this.entity = entity;
    this.designation = designation;
    this.appointed = appointed;
    this.ceased = ceased;
  }
}
