/**
 * Names for generated people and businesses, built the way Indian businesses are named:
 * "SAHYADRI AGRO FOODS PRIVATE LIMITED", "SHREE GANESH KIRANA STORES", "AGARWAL & SONS".
 */
import { BRAND_WORDS, DEITIES, INITIAL_LETTERS, NAME_TAILS } from './business-words.js';
import type { Industry } from './industries.js';
import { NAME_REGIONS, composeName, type PersonName, type RegionId } from './person-names.js';
import type { Rng } from './prng.js';

/** A person of a naming tradition; `surname` forces the family name (relatives on one board). */
export function generatePerson(rng: Rng, region: RegionId, surname?: string): PersonName {
  const names = NAME_REGIONS[region];
  const female = rng.chance(0.24);
  const first = rng.pick(female ? names.female : names.male);
  const family = surname ?? rng.pick(names.surnames);
  let fatherOrSpouse = rng.pick(names.male);
  if (fatherOrSpouse === first) fatherOrSpouse = rng.pick(names.male);
  return composeName(names, female, first, family, rng.next(), fatherOrSpouse);
}

function initials(rng: Rng): string {
  const a = INITIAL_LETTERS.charAt(rng.int(0, INITIAL_LETTERS.length - 1));
  let b = INITIAL_LETTERS.charAt(rng.int(0, INITIAL_LETTERS.length - 1));
  if (b === a) b = 'K';
  return `${a} ${b}`;
}

/** The distinctive part of a company or LLP name, before PRIVATE LIMITED / LIMITED / LLP. */
export function companyBaseName(rng: Rng, industry: Industry, region: RegionId, cityName: string): string {
  const word = rng.pick(industry.nameWords);
  const roll = rng.next();
  if (roll < 0.42) return `${rng.pick(BRAND_WORDS)} ${word}`;
  if (roll < 0.52) return `SHREE ${rng.pick(DEITIES)} ${word}`;
  if (roll < 0.67) return `${rng.pick(NAME_REGIONS[region].surnames)} ${word}`;
  if (roll < 0.77) return `${rng.pick(BRAND_WORDS)} ${rng.pick(BRAND_WORDS)} ${word}`;
  if (roll < 0.87) {
    const tail = rng.chance(0.5) ? rng.pick(NAME_TAILS) : cityName.toUpperCase();
    return `${rng.pick(BRAND_WORDS)} ${word} ${tail}`;
  }
  if (roll < 0.94) return `${initials(rng)} ${word}`;
  return `NEW ${rng.pick(BRAND_WORDS)} ${word}`;
}

/** Finds a company name (base name, then `suffix`) not yet used; MCA would refuse an identical one. */
export function uniqueCompanyName(
  rng: Rng,
  taken: ReadonlySet<string>,
  suffix: string,
  base: { industry: Industry; region: RegionId; cityName: string },
): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = `${companyBaseName(rng, base.industry, base.region, base.cityName)} ${suffix}`;
    if (!taken.has(name)) return name;
  }
  // Crowded combinations: widen the name as real applicants do.
  for (;;) {
    const name = `${companyBaseName(rng, base.industry, base.region, base.cityName)} ${rng.pick(NAME_TAILS)} ${suffix}`;
    if (!taken.has(name)) return name;
  }
}

/** The trade name a proprietor trades under ("VERMA TRADERS", "SHREE GANESH KIRANA STORES"). */
export function proprietorTradeName(rng: Rng, industry: Industry, person: PersonName): string {
  const word = rng.pick(industry.tradeWords);
  const roll = rng.next();
  if (roll < 0.35) return `${person.surname} ${word}`;
  if (roll < 0.65) return `${rng.pick(BRAND_WORDS)} ${word}`;
  if (roll < 0.85) return `SHREE ${rng.pick(DEITIES)} ${word}`;
  if (roll < 0.95) return `${person.first} ${word}`;
  return `NEW ${rng.pick(BRAND_WORDS)} ${word}`;
}

/** A partnership firm's name, which is also its legal name on PAN and GST. */
export function firmName(rng: Rng, industry: Industry, region: RegionId): string {
  const surname = rng.pick(NAME_REGIONS[region].surnames);
  const roll = rng.next();
  if (industry.nic === '69201' || industry.nic === '70200') {
    return roll < 0.6 ? `${surname} & ASSOCIATES` : `${initials(rng)} ${surname} & CO`;
  }
  if (roll < 0.15) return `${surname} & SONS`;
  if (roll < 0.27) return `${surname} BROTHERS`;
  if (roll < 0.55) return `${rng.pick(BRAND_WORDS)} ${rng.pick(industry.tradeWords)}`;
  if (roll < 0.75) return `SHREE ${rng.pick(DEITIES)} ${rng.pick(industry.tradeWords)}`;
  if (roll < 0.88) return `${surname} ${rng.pick(industry.tradeWords)}`;
  return `NEW ${rng.pick(BRAND_WORDS)} ${rng.pick(industry.tradeWords)}`;
}

/** Line 1 of an address: a unit and a building, street or estate. */
export function addressLine1(rng: Rng, streets: readonly string[], industrial: boolean): string {
  const street = rng.pick(streets.length > 0 && rng.chance(0.7) ? streets : GENERIC_STREETS);
  const number = rng.int(1, 480);
  if (industrial) {
    const plot = rng.chance(0.5) ? `${rng.pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'J', 'W'])}-${number}` : String(number);
    return rng.chance(0.6) ? `Plot No. ${plot}, ${street}` : `Survey No. ${number}/${rng.int(1, 9)}, ${street}`;
  }
  const building = `${titleCase(rng.pick(BRAND_WORDS))} ${rng.pick(BUILDING_KINDS)}`;
  switch (rng.int(0, 4)) {
    case 0:
      return `Office No. ${rng.int(1, 12)}${String(rng.int(1, 20)).padStart(2, '0')}, ${building}, ${street}`;
    case 1:
      return `Shop No. ${rng.int(1, 60)}, ${building}, ${street}`;
    case 2:
      return `${number}, ${rng.pick(FLOORS)} Floor, ${building}, ${street}`;
    case 3:
      return `Door No. ${rng.int(1, 40)}-${rng.int(1, 120)}, ${street}`;
    default:
      return `Unit ${rng.int(101, 909)}, ${building}`;
  }
}

function titleCase(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

const BUILDING_KINDS = ['Complex', 'Towers', 'Chambers', 'Heights', 'Plaza', 'Arcade', 'Business Park', 'House', 'Trade Centre', 'Bhavan'];
const FLOORS = ['Ground', 'First', 'Second', 'Third', 'Fourth'];
const GENERIC_STREETS = ['MG Road', 'Station Road', 'Main Road', 'Gandhi Road', 'Nehru Marg', 'Tilak Road', 'Subhash Marg', 'Ambedkar Road', 'Market Road', 'Industrial Estate'];
