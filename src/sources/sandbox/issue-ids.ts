/**
 * Mints identifiers for generated entities the way the issuing systems do, and never one that
 * is already taken or that falls in a range reserved for scenarios and fault triggers:
 * PANs starting ZZZ, LLPINs starting ZZZ-, CINs with industry code 00000, DINs 09900000-09999999
 * (scenario directors) and 9999xxxx (fault triggers and unknown DINs).
 */
import type { Rng } from './prng.js';
import type { Universe } from './model.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const INDIVIDUAL_SERIES = 'AABBCDEF';

const A = 65;
const ZERO = 48;

/** The char code of a random letter A-Z. */
const letterCode = (rng: Rng): number => A + rng.int(0, 25);

/**
 * A PAN: three series letters, the holder type, the first letter of the surname (individuals)
 * or of the name (everyone else), four digits and a check letter (the ITD's check algorithm is
 * not public; the letter is random here). Built from char codes in one go: this runs for every
 * entity, and a template literal would build it piece by piece.
 */
export function issuePan(rng: Rng, u: Universe, holderType: 'P' | 'C' | 'F', nameLetter: string): string {
  const holder = holderType.charCodeAt(0);
  const initial = nameLetter.charCodeAt(0);
  for (;;) {
    // Entity PANs are still being issued from the A series; individuals' run further.
    const first = holderType === 'P' ? INDIVIDUAL_SERIES.charCodeAt(rng.int(0, INDIVIDUAL_SERIES.length - 1)) : rng.chance(0.92) ? A : A + 1;
    const second = letterCode(rng);
    const third = letterCode(rng);
    const number = rng.int(1, 9999);
    const pan = String.fromCharCode(
      first, second, third, holder, initial,
      ZERO + Math.floor(number / 1000), ZERO + (Math.floor(number / 100) % 10), ZERO + (Math.floor(number / 10) % 10), ZERO + (number % 10),
      letterCode(rng),
    );
    if (!u.byPan.has(pan)) return pan;
  }
}

/** A CIN: listing, NIC code, state, year of incorporation, ownership, 6-digit registration number. */
export function issueCin(
  rng: Rng,
  u: Universe,
  parts: { listed: boolean; nic: string; cinState: string; year: number; ownership: string },
): string {
  const prefix = `${parts.listed ? 'L' : 'U'}${parts.nic}${parts.cinState}${parts.year}${parts.ownership}`;
  for (;;) {
    const cin = prefix + String(rng.int(1_000, 399_999)).padStart(6, '0');
    if (!u.byCin.has(cin)) return cin;
  }
}

/** An LLPIN from the series in use in the year of incorporation (AAA- in 2009, about three series a year since). */
export function issueLlpin(rng: Rng, u: Universe, year: number): string {
  for (;;) {
    const index = Math.max(0, (year - 2009) * 3 + rng.int(0, 2));
    const series = `A${LETTERS.charAt(Math.floor(index / 26) % 26)}${LETTERS.charAt(index % 26)}`;
    const llpin = `${series}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
    if (!u.byLlpin.has(llpin)) return llpin;
  }
}

/** Roughly how far DIN allotment had got by the end of each year (DINs began in 2006). */
const DIN_ALLOTTED_BY_YEAR: readonly (readonly [number, number])[] = [
  [2007, 2_000_000], [2008, 2_300_000], [2009, 2_800_000], [2010, 3_300_000], [2011, 3_700_000],
  [2012, 5_000_000], [2013, 6_700_000], [2014, 7_000_000], [2015, 7_300_000], [2016, 7_600_000],
  [2017, 7_900_000], [2018, 8_300_000], [2019, 8_600_000], [2020, 8_900_000], [2021, 9_300_000],
  [2022, 9_700_000], [2023, 10_100_000], [2024, 10_500_000], [2025, 10_800_000], [2026, 11_000_000],
];

const SCENARIO_DIN_BLOCK: readonly [number, number] = [9_900_000, 9_999_999];

/** The DINs being allotted in a year, [low, high): from the previous year's mark to the year's own. */
function dinRange(year: number): readonly [number, number] {
  let low = 100;
  for (const [until, allotted] of DIN_ALLOTTED_BY_YEAR) {
    if (year <= until) return [low, allotted];
    low = allotted;
  }
  // After the table ends, allotment runs on at about the last years' pace.
  return [low, low + 200_000];
}

/** dinRange for every year the table distinguishes, worked out once. */
const FIRST_DIN_YEAR = DIN_ALLOTTED_BY_YEAR[0]![0];
const LAST_DIN_YEAR = DIN_ALLOTTED_BY_YEAR[DIN_ALLOTTED_BY_YEAR.length - 1]![0] + 1;
const DIN_RANGES = Array.from({ length: LAST_DIN_YEAR - FIRST_DIN_YEAR + 1 }, (_, i) => dinRange(FIRST_DIN_YEAR + i));

/** A DIN from the range being allotted in the year the person first joined a board. */
export function issueDin(rng: Rng, u: Universe, firstAppointmentYear: number): number {
  const year = Math.min(Math.max(firstAppointmentYear, FIRST_DIN_YEAR), LAST_DIN_YEAR);
  const range = DIN_RANGES[year - FIRST_DIN_YEAR]!;
  const low = range[0];
  const high = range[1];
  for (;;) {
    const value = rng.int(low, high - 1);
    if (value >= SCENARIO_DIN_BLOCK[0] && value <= SCENARIO_DIN_BLOCK[1]) continue;
    if (!u.byDin.has(value)) return value;
  }
}
