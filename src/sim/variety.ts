/**
 * Deterministic variety (wire agreement): where several wire values mean one normalised value,
 * the simulator picks one by a stable hash of the identifier, so every mapping an adapter
 * carries gets exercised and the same identifier always shows the same wire value.
 */
import type { CompanyStatus, DinStatus, GstStatus, TaxpayerType } from '../domain/records.js';

/** FNV-1a over the UTF-16 code units: stable across processes and machines, unlike Math.random. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * One of `choices` for an identifier, weighted. The salt keeps picks of different fields
 * independent (a GSTIN shown "Provisional" is not always the one shown "SEZ Unit").
 */
export function pickFor<T>(identifier: string, salt: string, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let ticket = stableHash(`${salt}:${identifier.trim().toUpperCase()}`) % total;
  for (const [value, weight] of choices) {
    if (ticket < weight) return value;
    ticket -= weight;
  }
  throw new Error('pickFor: no choices');
}

/** A number in [0, range) for an identifier, for plausible filler values. */
export function numberFor(identifier: string, salt: string, range: number): number {
  return stableHash(`${salt}:${identifier.trim().toUpperCase()}`) % range;
}

// The plain value stays the most common, as on the real portals.
const GST_STS: Readonly<Record<GstStatus, readonly (readonly [string, number])[]>> = {
  Active: [['Active', 3], ['Provisional', 1]],
  Cancelled: [['Cancelled', 3], ['Inactive', 1]],
  Suspended: [['Suspended', 1]],
};

export function gstStsFor(gstin: string, status: GstStatus): string {
  return pickFor(gstin, 'gst-sts', GST_STS[status]);
}

const NIC_STATUS: Readonly<Record<GstStatus, readonly (readonly [string, number])[]>> = {
  Active: [['ACT', 3], ['PRO', 1]],
  Cancelled: [['CNL', 3], ['INA', 1]],
  Suspended: [['SUS', 1]],
};

export function nicStatusFor(gstin: string, status: GstStatus): string {
  return pickFor(gstin, 'nic-status', NIC_STATUS[status]);
}

export function gstDtyFor(gstin: string, type: TaxpayerType): string {
  if (type === 'Composition') return 'Composition';
  return pickFor(gstin, 'gst-dty', [['Regular', 8], ['SEZ Unit', 1], ['Input Service Distributor (ISD)', 1]]);
}

const MCA_STATUS: Readonly<Record<CompanyStatus, readonly (readonly [string, number])[]>> = {
  Active: [
    ['Active', 8],
    ['Active In Progress', 1],
    ['Dormant', 1],
    ['Dormant Under Section 455', 1],
    ['Amalgamated', 1],
    ['Not Available for eFiling', 1],
    ['Converted to LLP', 1],
    ['Captured', 1],
  ],
  'Strike Off': [['Strike Off', 1], ['Under Process of Striking Off', 1]],
  'Under Liquidation': [['Under Liquidation', 1], ['Liquidated', 1], ['Dissolved', 1], ['Converted to LLP and Dissolved', 1]],
};

/** Keyed by the CIN (else LLPIN), so a company shows the same status string on every route. */
export function mcaStatusFor(cinOrLlpin: string, status: CompanyStatus | string): string {
  const choices = MCA_STATUS[status as CompanyStatus] as (typeof MCA_STATUS)[CompanyStatus] | undefined;
  return choices === undefined ? status : pickFor(cinOrLlpin, 'mca-status', choices);
}

export function dinStatusFor(din: string, status: DinStatus): string {
  if (status === 'Approved') return 'Approved';
  return pickFor(din, 'din-status', [['Deactivated due to non-filing of DIR-3 KYC', 1], ['Disqualified under section 164(2)', 1]]);
}

/** MCA writes a missing date as "" or "-". */
export function noDateFor(identifier: string, field: string): string {
  return pickFor(identifier, `no-date-${field}`, [['', 1], ['-', 1]]);
}
