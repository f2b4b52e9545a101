/**
 * The sandbox universe in compact form: plain objects with short fields, places packed into
 * numbers, nature-of-business lists shared by index. API records are built from these per
 * query (see answers.ts), which keeps the resident universe small and lets time-relative facts
 * be computed against the caller's `now`.
 *
 * Records link to each other by index, without arrays of their own: an entity's registrations
 * and appointments are added together, so each is a range of the universe's list, and a
 * person's appointments are chained through `nextOfPerson`. Some 75,000 small arrays were a
 * fifth of the heap, and the garbage collector copied every one of them while the universe grew.
 * universe-builder.ts keeps these links right; read them with gstinsOf, officersOf and appointmentsOf.
 */
import type { CompanyStatus, GstStatus } from '../../domain/records.js';
import type { DateSpec } from './calendar.js';

export type EntityKind = 'company' | 'llp' | 'proprietorship' | 'firm';

/** Size tier: 0 micro, 1 small, 2 medium, 3 large. Drives capital, e-invoicing and filing frequency. */
export type Tier = 0 | 1 | 2 | 3;

export type CompanyClass = 'Private' | 'Public' | 'One Person Company' | 'LLP';

/**
 * How a GSTIN files its returns. `late_gstr1` (scenarios only) files GSTR-1 a few days late
 * every third month; `backlog` files each period `lagPeriods` periods late, so the latest
 * periods are always outstanding; `unpaid_gstr3b` (scenarios only) files GSTR-1 on time but never
 * files GSTR-3B for the last `lagPeriods` periods before its cancellation (the ITC check's r.37A case).
 */
export type FilingProfile = 'perfect' | 'punctual' | 'sometimes_late' | 'erratic' | 'backlog' | 'late_gstr1' | 'unpaid_gstr3b';

/**
 * What a drifting scenario record shows in odd ISO weeks of `now` instead of its stored state
 * (drift.ts): a GSTIN `cancelled` since that week's Monday, `cancelled_retrospectively` since the
 * first day of the month before last, or with its latest due returns `returns_not_filed`; a
 * company `struck_off`; a director `disqualified`. Every other record, and every record in even
 * weeks, is as stored ('none').
 */
export type GstinDrift = 'none' | 'cancelled' | 'cancelled_retrospectively' | 'returns_not_filed';
export type EntityDrift = 'none' | 'struck_off';
export type PersonDrift = 'none' | 'disqualified';

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
  /**
   * Capital in thousands of rupees (see `thousands`): every sandbox capital is a whole number of
   * thousands, and so stays a small integer to V8.
   */
  authorisedCapitalK: number;
  paidUpCapitalK: number;
  /** Address line 1; null for generated entities, whose line is derived from the PAN per query. */
  line1: string | null;
  place: number;
  /** Annual filings: years behind the latest due AGM (0 = up to date), or -1 to use `lastFiledFy`. */
  agmLagYears: number;
  /** The financial year (ending 31 March of this year) of the last accounts filed; null: never. */
  lastFiledFy: number | null;
  drift: EntityDrift;
  /** Its GST registrations are u.gstins[firstGstin] and the `gstinCount - 1` after it. */
  firstGstin: number;
  gstinCount: number;
  /** Its directors' or partners' appointments, current and past: a range of u.appointments likewise. */
  firstOfficer: number;
  officerCount: number;
}

export interface SandboxGstin {
  /**
   * Worked out from the PAN, state code and entity number when read (see GstinRecord): like
   * derived addresses, 24,000 GSTINs are not kept as strings for the few that are asked for.
   */
  readonly gstin: string;
  /** The entity's PAN (the very same string). */
  pan: string;
  /** The registration's number among the PAN's registrations in the state: '1' to '9'. */
  entityNumber: string;
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
  drift: GstinDrift;
}

export interface SandboxPerson {
  /** The DIN as a number (shown as 8 digits, see dinText): integer keys keep the DIN index cheap. */
  din: number;
  /** A generated person's name is joined from its words when read (see GeneratedPersonRecord). */
  readonly name: string;
  /** The last word of the name: the family name, or SINGH / KAUR. */
  readonly surname: string;
  disqualified: boolean;
  readonly drift: PersonDrift;
  /** Index of the person's first appointment in u.appointments (-1: none yet), then see nextOfPerson. */
  firstAppointment: number;
  /** Index of the latest one, where the next is chained on. */
  lastAppointment: number;
}

export interface SandboxAppointment {
  person: number;
  entity: number;
  designation: string;
  appointed: DateSpec;
  ceased: DateSpec | null;
  /** Index of the same person's next appointment, or -1. */
  nextOfPerson: number;
}

export interface Universe {
  entities: SandboxEntity[];
  /** How many entities there are of each kind. */
  entityCounts: Record<EntityKind, number>;
  gstins: SandboxGstin[];
  persons: SandboxPerson[];
  appointments: SandboxAppointment[];
  /** GSTINs are found through their embedded PAN (byPan, then the entity's few registrations). */
  byPan: Map<string, number>;
  byCin: Map<string, number>;
  byLlpin: Map<string, number>;
  byDin: Map<number, number>;
}

/** An entity's GST registrations, in the order they were added. */
export function gstinsOf(u: Universe, entity: SandboxEntity): SandboxGstin[] {
  return u.gstins.slice(entity.firstGstin, entity.firstGstin + entity.gstinCount);
}

/** An entity's appointments (directors or designated partners, current and past), in the order made. */
export function officersOf(u: Universe, entity: SandboxEntity): SandboxAppointment[] {
  return u.appointments.slice(entity.firstOfficer, entity.firstOfficer + entity.officerCount);
}

/** A person's appointments, in the order made. */
export function appointmentsOf(u: Universe, person: SandboxPerson): SandboxAppointment[] {
  const appointments: SandboxAppointment[] = [];
  for (let index = person.firstAppointment; index >= 0; ) {
    const appointment = u.appointments[index]!;
    appointments.push(appointment);
    index = appointment.nextOfPerson;
  }
  return appointments;
}

/**
 * Rupees in thousands. Capitals go up to ₹500 crore, past V8's small integers: the first such
 * company stored as a double would change the layout of every entity record mid-build and throw
 * away the generator's optimised code, once per capital field.
 */
export function thousands(rupees: number): number {
  const k = Math.round(rupees / 1000);
  if (k * 1000 !== rupees) throw new Error(`sandbox capital is not a whole number of thousands: ${rupees}`);
  return k;
}

/** The 8-digit text of a DIN. */
export function dinText(din: number): string {
  return String(din).padStart(8, '0');
}
