/**
 * Business360 billing (docs/business360.md "Billing"): each successful module at its single-operation price, the
 * total capped at the bundle price. All amounts in paise.
 */
import { paiseToInr } from '../operations.js';
import { BUNDLE_CAP_PAISE, MODULES, modulePricePaise, type ModuleName } from './profile.js';

export interface BundlePrice {
  chargedPaise: number;
  listTotalPaise: number;
  /** list − charged: what the cap saved; 0 when the cap did not apply. */
  discountPaise: number;
}

/** Each module once, in MODULES order, whatever order or repeats the caller passed. */
function distinct(modules: readonly ModuleName[]): ModuleName[] {
  const wanted = new Set(modules);
  return MODULES.filter((m) => wanted.has(m));
}

function listTotalPaise(modules: readonly ModuleName[]): number {
  return distinct(modules).reduce((sum, m) => sum + modulePricePaise(m), 0);
}

export function priceBundle(succeeded: readonly ModuleName[]): BundlePrice {
  const list = listTotalPaise(succeeded);
  const charged = Math.min(list, BUNDLE_CAP_PAISE);
  return { chargedPaise: charged, listTotalPaise: list, discountPaise: list - charged };
}

/** What to hold on the wallet before running: the most the requested modules can cost. */
export function maxHoldPaise(requested: readonly ModuleName[]): number {
  return Math.min(BUNDLE_CAP_PAISE, listTotalPaise(requested));
}

/**
 * Splits the charged total over the successful modules so that the wrappers add up to it.
 * Modules are billed in MODULES order (gst, gst_returns, pan, company, directors, cin_pan)
 * at full price until the cap; the module that crosses the cap is billed the remainder and
 * any later one 0. A fixed order (rather than a proportional split) keeps every amount a
 * whole number of paise with no rounding remainder to place, and makes the split
 * reproducible from the list of modules alone. Modules that did not succeed get 0.
 *
 * Full bundle: gst 0.75, gst_returns 1.00, pan 2.00, company 3.50, directors 2.75 (of
 * 4.00), cin_pan 0 — total 10.00.
 */
export function allocateCharges(succeeded: readonly ModuleName[]): Record<ModuleName, number> {
  const allocation = Object.fromEntries(MODULES.map((m) => [m, 0])) as Record<ModuleName, number>;
  let remainingPaise = BUNDLE_CAP_PAISE;
  for (const module of distinct(succeeded)) {
    const amountPaise = Math.min(modulePricePaise(module), remainingPaise);
    allocation[module] = amountPaise;
    remainingPaise -= amountPaise;
  }
  return allocation;
}

/**
 * A wrapper's `charged` and `amount_inr` from its allocated amount. A successful module that
 * the cap made free is reported `charged: false` with 0: nothing was billed for it, and so
 * the sum of `amount_inr` over charged wrappers is exactly the call's charge.
 */
export function moduleCharge(amountPaise: number): { charged: boolean; amount_inr: number } {
  return { charged: amountPaise > 0, amount_inr: paiseToInr(amountPaise) };
}
