/**
 * The sandbox universe in compact form: plain objects with short fields, places packed into
 * numbers, nature-of-business lists shared by index. API records are built from these per
 * query (see answers.ts), which keeps the resident universe small and lets time-relative facts
 * be computed against the caller's `now`.
 */
import { makeGstin } from '../../domain/identifiers/gstin.js';
import type { CompanyStatus, GstStatus } from '../../domain/records.js';
import type { DateSpec } from './calendar.js';

export type EntityKind = 'company' | 'llp' | 'proprietorship' | 'firm';

/** Size tier: 0 micro, 1 small, 2 medium, 3 large. Drives capital, e-invoicing and filing frequency. */
export type Tier = 0 | 1 | 2 | 3;

export type CompanyClass = 'Private' | 'Public' | 'One Person Company' | 'LLP';

/**
 * How a GSTIN files its returns. `late_gstr1` (scenarios only) files GSTR-1 a few days late
 * every third month; `backlog` files each period `lagPeriods` periods late, so the latest
 * periods are always outstanding.
 */
export type FilingProfile = 'perfect' | 'punctual' | 'sometimes_late' | 'erratic' | 'backlog' | 'late_gstr1';

export interface SandboxEntity {
  kind: EntityKind;
  /** Legal name: the company/LLP/firm name, or the proprietor's own name. */
  name: string;
  tradeName: string;
  pan: string;
  /** Protean PAN status code: E valid, EU under liquidation, X deactivated, ... */
  panStatus: string;
  cin: string | null;
  llpin: string | null;
  /** MCA fields; null for proprietorships and firms. */
  companyClass: CompanyClass | null;
  category: string | null;
  subCategory: string | null;
  roc: string | null;
  status: CompanyStatus;
  listed: boolean;
  incorporated: DateSpec;
  industry: number;
  authorisedCapitalInr: number;
  paidUpCapitalInr: number;
  /** Address line 1; null for generated entities, whose line is derived from the PAN per query. */
  line1: string | null;
  place: number;
  /** Annual filings: years behind the latest due AGM (0 = up to date), or -1 to use `lastFiledFy`. */
  agmLagYears: number;
  /** The financial year (ending 31 March of this year) of the last accounts filed; null: never. */
  lastFiledFy: number | null;
  gstins: number[];
  officers: number[];
}

export interface SandboxGstin {
  gstin: string;
  entity: number;
  stateCode: string;
  status: GstStatus;
  registered: DateSpec;
  /** Day number of the cancellation; never relative to now. */
  cancelled: number | null;
  composition: boolean;
  quarterly: boolean;
  profile: FilingProfile;
  lagPeriods: number;
  einvoice: boolean;
  nature: readonly string[];
  /** Null: derived per query (the entity's own line when at the entity's place). */
  line1: string | null;
  place: number;
  /** Set only where the GST legal name differs from the entity's (the name-mismatch scenario). */
  legalName: string | undefined;
}

export interface SandboxPerson {
  /** The DIN as a number (shown as 8 digits, see dinText): integer keys keep the DIN index cheap. */
  din: number;
  name: string;
  disqualified: boolean;
  appointments: number[];
}

export interface SandboxAppointment {
  person: number;
  entity: number;
  designation: string;
  appointed: DateSpec;
  ceased: DateSpec | null;
}

export interface Universe {
  entities: SandboxEntity[];
  gstins: SandboxGstin[];
  persons: SandboxPerson[];
  appointments: SandboxAppointment[];
  /** GSTINs are found through their embedded PAN (byPan, then the entity's few registrations). */
  byPan: Map<string, number>;
  byCin: Map<string, number>;
  byLlpin: Map<string, number>;
  byDin: Map<number, number>;
  /** Company and LLP names in use: MCA does not allow two alike. */
  names: Set<string>;
}

/**
 * Entities and registrations are handed to the builder fully formed (gstins and officers empty,
 * gstin ''), and stored as they are: one object each, all of one shape.
 */
export type NewEntity = SandboxEntity;
export type NewGstin = SandboxGstin;

/** Builds a universe; refuses any identifier twice so that scenarios and generated data never collide. */
export class UniverseBuilder {
  readonly universe: Universe = {
    entities: [],
    gstins: [],
    persons: [],
    appointments: [],
    byPan: new Map(),
    byCin: new Map(),
    byLlpin: new Map(),
    byDin: new Map(),
    names: new Set(),
  };

  addEntity(entity: NewEntity): number {
    const u = this.universe;
    const index = u.entities.length;
    claim(u.byPan, entity.pan, index, 'PAN');
    if (entity.cin !== null) claim(u.byCin, entity.cin, index, 'CIN');
    if (entity.llpin !== null) claim(u.byLlpin, entity.llpin, index, 'LLPIN');
    if (entity.kind === 'company' || entity.kind === 'llp') {
      const before = u.names.size;
      u.names.add(entity.name);
      if (u.names.size === before) throw new Error(`sandbox company name used twice: ${entity.name}`);
    }
    u.entities.push(entity);
    return index;
  }

  /**
   * Registers a GSTIN for `registration.entity`, with the next free entity number for the PAN
   * in that state unless one is given.
   */
  addGstin(registration: NewGstin, entityNumber?: string): number {
    const u = this.universe;
    const entity = u.entities[registration.entity];
    if (entity === undefined) throw new Error(`no entity ${registration.entity}`);
    let inState = 0;
    for (const g of entity.gstins) if (u.gstins[g]?.stateCode === registration.stateCode) inState++;
    registration.gstin = makeGstin(registration.stateCode, entity.pan, entityNumber ?? String(inState + 1));
    const index = u.gstins.length;
    for (const g of entity.gstins) {
      if (u.gstins[g]?.gstin === registration.gstin) throw new Error(`sandbox GSTIN issued twice: ${registration.gstin}`);
    }
    u.gstins.push(registration);
    entity.gstins.push(index);
    return index;
  }

  addPerson(din: number, name: string, disqualified: boolean): number {
    const u = this.universe;
    const index = u.persons.length;
    claim(u.byDin, din, index, 'DIN');
    u.persons.push({ din, name, disqualified, appointments: [] });
    return index;
  }

  appoint(person: number, entity: number, designation: string, appointed: DateSpec, ceased: DateSpec | null): void {
    const u = this.universe;
    const index = u.appointments.length;
    u.appointments.push({ person, entity, designation, appointed, ceased });
    u.persons[person]?.appointments.push(index);
    u.entities[entity]?.officers.push(index);
  }
}

/** The 8-digit text of a DIN. */
export function dinText(din: number): string {
  return String(din).padStart(8, '0');
}

function claim<K>(map: Map<K, number>, key: K, index: number, what: string): void {
  // One hash operation instead of has + set: this runs some 120,000 times per universe.
  const before = map.size;
  map.set(key, index);
  if (map.size === before) throw new Error(`sandbox ${what} issued twice: ${key}`);
}
