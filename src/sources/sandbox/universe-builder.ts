/**
 * Builds a universe (model.ts): refuses any identifier twice, so that scenarios and generated
 * data never collide, and keeps the links between records by index.
 */
import type { DateSpec } from './calendar.js';
import type { PersonDrift, Universe } from './model.js';
import type { PersonName } from './person-names.js';
import {
  AppointmentRecord,
  EntityRecord,
  GeneratedPersonRecord,
  GstinRecord,
  NamedPersonRecord,
  type NewEntity,
  type NewGstin,
} from './records.js';

export class UniverseBuilder {
  readonly universe: Universe = {
    entities: [],
    entityCounts: { company: 0, llp: 0, proprietorship: 0, firm: 0 },
    gstins: [],
    persons: [],
    appointments: [],
    byPan: new Map(),
    byCin: new Map(),
    byLlpin: new Map(),
    byDin: new Map(),
  };

  /** Company and LLP names in use: MCA does not allow two alike. Needed only while building. */
  readonly companyNames = new Set<string>();

  addEntity(entity: NewEntity): number {
    const u = this.universe;
    const index = u.entities.length;
    const record = new EntityRecord(entity);
    claim(u.byPan, entity.pan, index, 'PAN');
    if (entity.cin !== null) claim(u.byCin, entity.cin, index, 'CIN');
    if (entity.llpin !== null) claim(u.byLlpin, entity.llpin, index, 'LLPIN');
    if (entity.kind === 'company' || entity.kind === 'llp') {
      const before = this.companyNames.size;
      this.companyNames.add(entity.name);
      if (this.companyNames.size === before) throw new Error(`sandbox company name used twice: ${entity.name}`);
    }
    u.entities.push(record);
    u.entityCounts[entity.kind]++;
    return index;
  }

  /**
   * Registers a GSTIN for `registration.entity`, with the next free entity number for the PAN
   * in that state unless one is given. An entity's registrations must be added one after another.
   */
  addGstin(registration: NewGstin, entityNumber?: string): number {
    const u = this.universe;
    const entity = u.entities[registration.entity];
    if (entity === undefined) throw new Error(`no entity ${registration.entity}`);
    const index = u.gstins.length;
    const first = entity.gstinCount === 0 ? index : entity.firstGstin;
    if (first + entity.gstinCount !== index) throw new Error(`sandbox GSTINs of ${entity.pan} not added together`);
    let inState = 0;
    for (let g = first; g < index; g++) if (u.gstins[g]!.stateCode === registration.stateCode) inState++;
    const number = entityNumber ?? (inState < 9 ? DIGITS.charAt(inState + 1) : String(inState + 1));
    for (let g = first; g < index; g++) {
      const other = u.gstins[g]!;
      if (other.stateCode === registration.stateCode && other.entityNumber === number) {
        throw new Error(`sandbox GSTIN issued twice: ${other.gstin}`);
      }
    }
    u.gstins.push(new GstinRecord(entity.pan, number, registration));
    entity.firstGstin = first;
    entity.gstinCount++;
    return index;
  }

  /** Adds a director: a scenario's, named in full (and maybe drifting), or a generated one, by the words of the name. */
  addPerson(din: number, name: string | PersonName, disqualified: boolean, drift: PersonDrift = 'none'): number {
    const u = this.universe;
    const index = u.persons.length;
    if (typeof name !== 'string' && drift !== 'none') throw new Error(`generated director ${din} cannot drift`);
    claim(u.byDin, din, index, 'DIN');
    u.persons.push(typeof name === 'string' ? new NamedPersonRecord(din, name, disqualified, drift) : new GeneratedPersonRecord(din, name, disqualified));
    return index;
  }

  /** Appoints a person to an entity's board; an entity's appointments must be made one after another. */
  appoint(person: number, entity: number, designation: string, appointed: DateSpec, ceased: DateSpec | null): void {
    const u = this.universe;
    const p = u.persons[person];
    const e = u.entities[entity];
    if (p === undefined || e === undefined) throw new Error(`no person ${person} or entity ${entity}`);
    const index = u.appointments.length;
    const first = e.officerCount === 0 ? index : e.firstOfficer;
    if (first + e.officerCount !== index) throw new Error(`sandbox appointments of ${e.pan} not made together`);
    u.appointments.push(new AppointmentRecord(person, entity, designation, appointed, ceased));
    e.firstOfficer = first;
    e.officerCount++;
    if (p.lastAppointment < 0) p.firstAppointment = index;
    else u.appointments[p.lastAppointment]!.nextOfPerson = index;
    p.lastAppointment = index;
  }
}

/** Entity numbers 1 to 9 as strings, without converting a number each time. */
const DIGITS = '0123456789';

function claim<K>(map: Map<K, number>, key: K, index: number, what: string): void {
  // One hash operation instead of has + set: this runs some 120,000 times per universe.
  const before = map.size;
  map.set(key, index);
  if (map.size === before) throw new Error(`sandbox ${what} issued twice: ${key}`);
}
