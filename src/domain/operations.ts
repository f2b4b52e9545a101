/**
 * The ten operations of the interface document: their `api` identifier, path and price.
 * Prices are integers in paise (1 INR = 100 paise).
 */
export const OPERATIONS = {
  business360: { path: '/v1/business360', pricePaise: 10_00 },
  'gst.verify': { path: '/v1/gst/verify', pricePaise: 75 },
  'gst.returns': { path: '/v1/gst/returns', pricePaise: 1_00 },
  'gst.by_pan': { path: '/v1/gst/by-pan', pricePaise: 1_00 },
  'pan.verify': { path: '/v1/pan/verify', pricePaise: 2_00 },
  'mca.company': { path: '/v1/mca/company', pricePaise: 3_50 },
  'mca.search': { path: '/v1/mca/search', pricePaise: 3_50 },
  'mca.cin_to_pan': { path: '/v1/mca/cin-to-pan', pricePaise: 3_50 },
  'mca.directors': { path: '/v1/mca/directors', pricePaise: 4_00 },
  'mca.din': { path: '/v1/mca/din', pricePaise: 4_00 },
} as const satisfies Record<string, { path: string; pricePaise: number }>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * What a bulk job can run: the ten operations and, as an addition (issue 29), `itc.check`: the
 * ITC check of a purchase register, one row per invoice, each supplier verified once per job.
 */
export type BulkOperationName = OperationName | 'itc.check';

/** The nine single checks a source can answer (Business360 combines them). */
export type CheckName = Exclude<OperationName, 'business360'>;

export const CHECK_NAMES = Object.keys(OPERATIONS).filter((name) => name !== 'business360') as CheckName[];

/** The Business360 price is a cap on the sum of its modules' prices. */
export const BUNDLE_CAP_PAISE = OPERATIONS.business360.pricePaise;

export const API_VERSION = '2026-10-01';

/** Sandbox keys are served from the synthetic registry, live keys from the live sources. */
export type Environment = 'sandbox' | 'live';

/** Paise to the INR number on the wire, 2 decimals. */
export function paiseToInr(amountPaise: number): number {
  return Math.round(amountPaise) / 100;
}
