/**
 * GST registrations of a generated entity: how many, in which states, since when, their status,
 * scheme, filing frequency and filing behaviour. The filings themselves are derived per query
 * (filings.ts) from the profile chosen here.
 */
import type { CompanyStatus, GstStatus } from '../../domain/records.js';
import {
  GST_START_DAY,
  LAST_GENERATED_DAY,
  daysAfterCapped,
  dayBetween,
  type GenerateContext,
} from './generate-context.js';
import { NATURE_OF_BUSINESS, type Industry } from './industries.js';
import type { FilingProfile, SandboxEntity, Tier } from './model.js';
import { STATES, STATE_WEIGHTS, packPlace } from './places.js';
import { weightTable } from './prng.js';

const COUNTS = {
  proprietorship: weightTable([[0, 3], [1, 92], [2, 5]]),
  firm: weightTable([[0, 5], [1, 85], [2, 10]]),
  struckOff: weightTable([[0, 45], [1, 50], [2, 5]]),
  underLiquidation: weightTable([[0, 20], [1, 60], [2, 20]]),
  large: weightTable([[1, 30], [2, 25], [3, 25], [4, 20]]),
  llp: weightTable([[0, 12], [1, 74], [2, 10], [3, 4]]),
  company: weightTable([[0, 10], [1, 66], [2, 14], [3, 6], [4, 4]]),
} as const;

const STATUS_UNDER_LIQUIDATION = weightTable<GstStatus>([['Suspended', 40], ['Cancelled', 30], ['Active', 30]]);
const STATUS_OTHERS = weightTable<GstStatus>([['Active', 87.5], ['Cancelled', 9.3], ['Suspended', 3.2]]);
const PROFILE_CANCELLED = weightTable<FilingProfile>([['backlog', 55], ['punctual', 30], ['sometimes_late', 15]]);
const PROFILE_ACTIVE = weightTable<FilingProfile>([['punctual', 65], ['sometimes_late', 20], ['erratic', 10], ['backlog', 5]]);

function registrationCount(ctx: GenerateContext, entity: SandboxEntity, tier: Tier, industry: Industry): number {
  const { rng } = ctx;
  if (industry.nic === '64200' && rng.chance(0.7)) return 0;
  if (entity.kind === 'proprietorship') return rng.weighted(COUNTS.proprietorship);
  if (entity.kind === 'firm') return rng.weighted(COUNTS.firm);
  if (entity.status === 'Strike Off') return rng.weighted(COUNTS.struckOff);
  if (entity.status === 'Under Liquidation') return rng.weighted(COUNTS.underLiquidation);
  if (tier === 3) return rng.weighted(COUNTS.large);
  return rng.weighted(entity.kind === 'llp' ? COUNTS.llp : COUNTS.company);
}

function gstStatus(ctx: GenerateContext, companyStatus: CompanyStatus): GstStatus {
  const { rng } = ctx;
  // A struck-off company's registrations are cancelled (or on their way); a liquidator may keep one running.
  if (companyStatus === 'Strike Off') return rng.chance(0.9) ? 'Cancelled' : 'Suspended';
  if (companyStatus === 'Under Liquidation') return rng.weighted(STATUS_UNDER_LIQUIDATION);
  return rng.weighted(STATUS_OTHERS);
}

function filingProfile(ctx: GenerateContext, status: GstStatus): FilingProfile {
  const { rng } = ctx;
  // Suspension and suo-moto cancellation mostly follow months of unfiled returns.
  if (status === 'Suspended') return rng.chance(0.6) ? 'backlog' : 'erratic';
  if (status === 'Cancelled') return rng.weighted(PROFILE_CANCELLED);
  return rng.weighted(PROFILE_ACTIVE);
}

function compositionShare(entity: SandboxEntity, tier: Tier): number {
  if (tier > 1) return 0;
  if (entity.kind === 'proprietorship') return 0.32;
  if (entity.kind === 'firm') return 0.12;
  if (entity.kind === 'llp') return 0.03;
  return tier === 0 ? 0.02 : 0;
}

/** Share of e-invoicing registrations by tier. */
const EINVOICE_SHARE: Readonly<Record<Tier, number>> = [0.02, 0.25, 0.85, 1];

export function generateGstins(
  ctx: GenerateContext,
  entityIndex: number,
  spec: { tier: Tier; status: CompanyStatus; incorporated: number; stateIndex: number; place: number; industry: Industry },
): void {
  const { rng, u } = ctx;
  const entity = u.entities[entityIndex];
  if (entity === undefined) return;
  const count = registrationCount(ctx, entity, spec.tier, spec.industry);
  const earliest = Math.max(GST_START_DAY, spec.incorporated);
  let firstRegistered = 0;
  // States already registered in, as bits (there are fewer than 32 sandbox states).
  let usedStates = 0;

  for (let n = 0; n < count; n++) {
    let stateIndex = spec.stateIndex;
    let place = spec.place;
    if (n > 0) {
      // Mostly a branch in another state; sometimes a second vertical in the same one.
      if (rng.chance(0.9)) {
        for (let attempt = 0; attempt < 6 && (usedStates & (1 << stateIndex)) !== 0; attempt++) stateIndex = rng.weighted(STATE_WEIGHTS);
      }
      const state = STATES[stateIndex]!;
      const cityIndex = rng.int(0, state.cities.length - 1);
      const city = state.cities[cityIndex]!;
      place = packPlace(stateIndex, cityIndex, rng.int(0, city.localities.length - 1));
    }
    usedStates |= 1 << stateIndex;

    let registered: number;
    if (n === 0) {
      if (spec.incorporated < GST_START_DAY) {
        // Existing taxpayers migrated to GST on its first day; the rest joined later.
        registered = rng.chance(0.55) ? GST_START_DAY : dayBetween(rng, GST_START_DAY, LAST_GENERATED_DAY, 1.6);
      } else {
        registered = daysAfterCapped(earliest, rng.int(7, 150));
      }
      firstRegistered = registered;
    } else {
      registered = dayBetween(rng, daysAfterCapped(firstRegistered, 30), LAST_GENERATED_DAY);
    }

    let status = gstStatus(ctx, spec.status);
    let cancelled: number | null = null;
    if (status === 'Cancelled') {
      const from = daysAfterCapped(registered, 60);
      if (from >= LAST_GENERATED_DAY) status = 'Active';
      else cancelled = dayBetween(rng, from, LAST_GENERATED_DAY);
    }

    const composition = rng.chance(compositionShare(entity, spec.tier));
    const einvoice = !composition && rng.chance(EINVOICE_SHARE[spec.tier]);
    // Composition taxpayers file quarterly; larger taxpayers cannot opt for quarterly returns (QRMP).
    const quarterly = composition || (!einvoice && spec.tier <= 1 && rng.chance(spec.tier === 0 ? 0.45 : 0.25));
    const profile = filingProfile(ctx, status);
    const lagPeriods = profile === 'backlog' ? (quarterly ? rng.int(2, 3) : rng.int(2, 6)) : 0;
    const stateCode = STATES[stateIndex]!.gstCode;

    ctx.builder.addGstin({
      entity: entityIndex,
      stateCode,
      status,
      registered,
      cancelled,
      composition,
      quarterly,
      profile,
      lagPeriods,
      einvoice,
      nature: rng.pick(NATURE_OF_BUSINESS[spec.industry.activity]),
      line1: null,
      place,
      legalName: undefined,
      drift: 'none',
    });
  }
}
