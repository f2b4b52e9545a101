/**
 * The status vocabularies of the upstreams (UPSTREAMS.md), each mapped onto the few values
 * of the records. Matching ignores case and surrounding spaces: upstreams are not consistent
 * about either. `undefined` means the value is not one we know, which adapters report as a
 * malformed answer instead of guessing a status that decides a supplier's fate.
 */
import type { CompanyStatus, DinStatus, GstStatus, TaxpayerType } from './records.js';

function key(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/gu, ' ');
}

const GST_STATUS: Readonly<Record<string, GstStatus>> = {
  active: 'Active',
  provisional: 'Active',
  cancelled: 'Cancelled',
  canceled: 'Cancelled',
  inactive: 'Cancelled',
  suspended: 'Suspended',
};

/** GST portal `sts` (and the aggregators' copies of it): Active, Provisional, Cancelled, Inactive, Suspended. */
export function gstStatusOf(sts: string): GstStatus | undefined {
  return GST_STATUS[key(sts)];
}

const NIC_STATUS: Readonly<Record<string, GstStatus>> = {
  act: 'Active',
  pro: 'Active',
  cnl: 'Cancelled',
  ina: 'Cancelled',
  sus: 'Suspended',
};

/** NIC e-invoice `Status`: ACT, PRO, CNL, INA, SUS. */
export function nicStatusOf(status: string): GstStatus | undefined {
  return NIC_STATUS[key(status)];
}

/** GST portal `dty`: only Composition is a composition taxpayer; ISD, SEZ, TDS/TCS and the rest file as regular. */
export function taxpayerTypeOf(dty: string): TaxpayerType {
  return key(dty) === 'composition' ? 'Composition' : 'Regular';
}

/** NIC `TxpType`: COM is composition, REG and the rest regular. */
export function nicTaxpayerTypeOf(txpType: string): TaxpayerType {
  return key(txpType) === 'com' ? 'Composition' : 'Regular';
}

/**
 * MCA `companyStatusForEfiling` / `llpStatus`, 14 values seen. Striking-off forms (Strike Off,
 * Under Process of Striking Off) first; then every form that ends the company (Under
 * Liquidation, Liquidated, Dissolved, Converted to LLP and Dissolved); everything else
 * (Active, Dormant, Amalgamated, Captured, …) is a company that still exists: Active.
 */
export function companyStatusOf(status: string): CompanyStatus {
  const k = key(status);
  if (k.includes('strike off') || k.includes('striking off') || k.includes('struck off')) return 'Strike Off';
  if (k.includes('liquidat') || k.includes('dissolved')) return 'Under Liquidation';
  return 'Active';
}

/** MCA `dinStatus`: Approved, or one of several deactivation/disqualification texts. */
export function dinStatusOf(status: string): DinStatus {
  return key(status) === 'approved' ? 'Approved' : 'Disqualified';
}
