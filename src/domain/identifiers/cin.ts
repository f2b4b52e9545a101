import { istDate } from '../dates.js';
import { fail, normaliseIdentifier, type IdentifierCheck } from './validation.js';

/** The contract's pattern for a CIN. */
export const CIN_PATTERN = /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/;

/** Two-letter state codes used in CINs (Telangana uses TG; older Uttarakhand CINs use UR). */
export const CIN_STATES: Readonly<Record<string, string>> = Object.freeze({
  AN: 'Andaman & Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CH: 'Chandigarh',
  CT: 'Chhattisgarh',
  DD: 'Daman & Diu',
  DL: 'Delhi',
  DN: 'Dadra & Nagar Haveli',
  GA: 'Goa',
  GJ: 'Gujarat',
  HP: 'Himachal Pradesh',
  HR: 'Haryana',
  JH: 'Jharkhand',
  JK: 'Jammu & Kashmir',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MH: 'Maharashtra',
  ML: 'Meghalaya',
  MN: 'Manipur',
  MP: 'Madhya Pradesh',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OR: 'Odisha',
  PB: 'Punjab',
  PY: 'Puducherry',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TG: 'Telangana',
  TN: 'Tamil Nadu',
  TR: 'Tripura',
  UP: 'Uttar Pradesh',
  UR: 'Uttarakhand',
  UT: 'Uttarakhand',
  WB: 'West Bengal',
});

/** Ownership codes (the CIN's letters 13–15), per UPSTREAMS.md. */
export const CIN_OWNERSHIP: Readonly<Record<string, string>> = Object.freeze({
  PLC: 'Public limited company',
  PTC: 'Private limited company',
  OPC: 'One person company',
  NPL: 'Not for profit (section 8)',
  FTC: 'Subsidiary of a foreign company (private)',
  FLC: 'Subsidiary of a foreign company (public)',
  GAP: 'General association (public)',
  GAT: 'General association (private)',
  GOI: 'Government of India company',
  SGC: 'State government company',
  ULL: 'Unlimited company (public)',
  ULT: 'Unlimited company (private)',
});

/** The first year a company registered in India can carry (the Companies Act of 1850). */
const FIRST_YEAR = 1850;

export interface CinParts {
  cin: string;
  listed: boolean;
  nicCode: string;
  stateCode: string;
  state: string;
  year: number;
  ownership: string;
  ownershipDescription: string;
  registrationNumber: string;
}

export function checkCin(raw: string, now: Date = new Date()): IdentifierCheck<CinParts> {
  const cin = normaliseIdentifier(raw);
  if (!CIN_PATTERN.test(cin)) {
    return fail(
      'format',
      'must be 21 characters: L or U, 5-digit industry code, 2-letter state, 4-digit year, 3-letter ownership, 6-digit number',
    );
  }
  const stateCode = cin.slice(6, 8);
  const state = CIN_STATES[stateCode];
  if (state === undefined) return fail('state', `state '${stateCode}' is not a known Registrar of Companies state code`);
  const year = Number(cin.slice(8, 12));
  // The current year in India: a company registered on 1 January IST already carries it.
  const thisYear = Number(istDate(now).slice(0, 4));
  if (year < FIRST_YEAR || year > thisYear) {
    return fail('year', `year of incorporation ${year} must be between ${FIRST_YEAR} and ${thisYear}`);
  }
  const ownership = cin.slice(12, 15);
  const ownershipDescription = CIN_OWNERSHIP[ownership];
  if (ownershipDescription === undefined) {
    return fail('ownership', `ownership '${ownership}' is not a known code (one of ${Object.keys(CIN_OWNERSHIP).join(', ')})`);
  }
  return {
    ok: true,
    value: {
      cin,
      listed: cin.charAt(0) === 'L',
      nicCode: cin.slice(1, 6),
      stateCode,
      state,
      year,
      ownership,
      ownershipDescription,
      registrationNumber: cin.slice(15),
    },
  };
}
