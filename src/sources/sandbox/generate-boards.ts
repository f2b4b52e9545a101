/**
 * Boards of generated companies and designated partners of generated LLPs. People come from
 * one growing pool: most appointments bring in a new person, some reuse someone who already
 * sits elsewhere (so a DIN can list several companies), and family companies draw relatives.
 */
import { dayNumber, yearOfDay } from './calendar.js';
import { LAST_GENERATED_DAY, daysAfterCapped, dayBetween, type GenerateContext } from './generate-context.js';
import { generatePerson } from './generate-names.js';
import { issueDin } from './issue-ids.js';
import type { RegionId } from './person-names.js';
import { weightTable, type WeightTable } from './prng.js';

type BoardKind = 'private' | 'opc' | 'public' | 'listed' | 'llp';

/** Share of DINs disqualified (section 164(2), or deactivated for a missed DIR-3 KYC). */
const DISQUALIFIED_SHARE = 0.03;
/** DINs were introduced in 2006. */
const DIN_START_DAY = dayNumber('2006-11-01');
/** Chance that an appointment goes to someone already on another board. */
const REUSE_SHARE = 0.22;
/** Past directors per current seat, giving about a fifth of appointments ceased. */
const CEASED_PER_SEAT = 0.25;

const BOARD_SIZES: Readonly<Record<BoardKind, WeightTable<number>>> = {
  opc: weightTable([[1, 1]]),
  private: weightTable([[2, 55], [3, 30], [4, 15]]),
  public: weightTable([[3, 40], [4, 30], [5, 20], [6, 10]]),
  listed: weightTable([[6, 30], [7, 25], [8, 25], [10, 20]]),
  llp: weightTable([[2, 75], [3, 25]]),
};

function designation(kind: BoardKind, seat: number, roll: number): string {
  if (kind === 'llp') return 'Designated Partner';
  if (kind === 'opc') return 'Director';
  if (seat === 0) return kind === 'private' && roll > 0.35 ? 'Director' : 'Managing Director';
  if (seat === 1 && kind !== 'private' && roll < 0.6) return 'Whole-time director';
  if (kind !== 'private' && roll > 0.93) return 'Nominee Director';
  if (roll < 0.08) return 'Whole-time director';
  return 'Director';
}

export function generateBoard(
  ctx: GenerateContext,
  entity: number,
  spec: { kind: BoardKind; incorporated: number; region: RegionId },
): void {
  const { rng } = ctx;
  const size = rng.weighted(BOARD_SIZES[spec.kind]);
  const onBoard: number[] = [];
  // Promoters of private companies and LLPs are often one family.
  const family = spec.kind === 'private' || spec.kind === 'llp' || spec.kind === 'opc';
  let familySurname: string | undefined;

  for (let seat = 0; seat < size; seat++) {
    const founding = seat < 2 ? rng.chance(0.85) : rng.chance(0.3);
    const appointed = founding ? spec.incorporated : dayBetween(rng, spec.incorporated, LAST_GENERATED_DAY);
    const surname = family && seat > 0 && rng.chance(0.45) ? familySurname : undefined;
    const person = choosePerson(ctx, spec.region, onBoard, appointed, surname);
    if (seat === 0) familySurname = ctx.u.persons[person]?.surname;
    if (familySurname === 'SINGH' || familySurname === 'KAUR') familySurname = undefined;
    onBoard.push(person);
    ctx.builder.appoint(person, entity, designation(spec.kind, seat, rng.next()), appointed, null);

    if (rng.chance(CEASED_PER_SEAT)) {
      const from = spec.incorporated;
      const pastAppointed = rng.chance(0.6) ? from : dayBetween(rng, from, daysAfterCapped(from, 3650));
      // Someone who left a board before DINs existed (2006) would have none: past directors left after.
      const ceased = dayBetween(rng, Math.max(daysAfterCapped(pastAppointed, 90), DIN_START_DAY), LAST_GENERATED_DAY);
      if (ceased <= pastAppointed) continue;
      const past = choosePerson(ctx, spec.region, onBoard, pastAppointed, undefined);
      onBoard.push(past);
      const role = spec.kind === 'llp' ? 'Designated Partner' : rng.chance(0.2) ? 'Additional Director' : 'Director';
      ctx.builder.appoint(past, entity, role, pastAppointed, ceased);
    }
  }
}

function choosePerson(
  ctx: GenerateContext,
  region: RegionId,
  onBoard: readonly number[],
  appointed: number,
  familySurname: string | undefined,
): number {
  const { rng, u } = ctx;
  if (familySurname === undefined && rng.chance(REUSE_SHARE) && u.persons.length > ctx.firstGeneratedPerson + 100) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const candidate = rng.int(ctx.firstGeneratedPerson, u.persons.length - 1);
      const person = u.persons[candidate];
      if (person === undefined || onBoard.includes(candidate)) continue;
      // The DIN was allotted for the person's first appointment; a later one cannot predate it.
      const first = u.appointments[person.firstAppointment]?.appointed;
      if (first !== undefined && first <= appointed) return candidate;
    }
  }
  const person = generatePerson(rng, region, familySurname);
  const din = issueDin(rng, u, yearOfDay(appointed));
  return ctx.builder.addPerson(din, person, rng.chance(DISQUALIFIED_SHARE));
}
