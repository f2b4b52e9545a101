/**
 * The supplier's own name and code among a portfolio row's kept columns, so a change report
 * names "Sharma Traders (V0042)" and not only a GSTIN. Rows keep every uploaded column under
 * the customer's header, so the two are found by header, case, spaces and punctuation
 * ignored, in this order of preference: `vendor_name_in_erp` (our samples), `Vendor Name`
 * (Zoho Books, SAP Business One's `Vendor Name`/`BP Name`), `Supplier Name` (ERPNext),
 * `Party Name` and `Ledger Name` (Tally, Busy). A generic `name` column comes last: in a
 * gst.verify or business360 list it is not sent anywhere and is the supplier's name.
 */
import { COLUMN_ALIASES } from '../bulk-columns/aliases.js';

/**
 * Normalised header names (see `headerKey`), best first: the supplier-specific ones, then
 * every name alias the bulk intake knows (`Name of Party`, `Legal Name`, ...), `name` last.
 */
const NAME_HEADERS: readonly string[] = [
  ...new Set([
    'vendornameinerp',
    'vendorname',
    'suppliername',
    'partyname',
    'ledgername',
    'bpname',
    ...COLUMN_ALIASES.name.map(headerKey).filter((key) => key !== 'name'),
    'name',
  ]),
];

const CODE_HEADERS = ['vendorcode', 'suppliercode', 'partycode', 'ledgercode', 'bpcode', 'vendorid', 'supplierid', 'vendorno', 'code'] as const;

/** `Vendor Name`, `vendor_name` and `VENDOR-NAME.` are one header. */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface SupplierLabel {
  vendor_name: string | null;
  vendor_code: string | null;
}

function pick(columns: Readonly<Record<string, string>>, wanted: readonly string[]): string | null {
  const byKey = new Map<string, string>();
  for (const [name, value] of Object.entries(columns)) {
    const key = headerKey(name);
    const text = typeof value === 'string' ? value.trim() : '';
    // The first non-blank column of a name wins: an export that repeats a header keeps its order.
    if (text !== '' && !byKey.has(key)) byKey.set(key, text);
  }
  for (const key of wanted) {
    const value = byKey.get(key);
    if (value !== undefined) return value;
  }
  return null;
}

/** The row's vendor name and code, each null when no column of a known header holds one. */
export function supplierLabel(columns: Readonly<Record<string, string>> | null | undefined): SupplierLabel {
  if (columns === null || columns === undefined) return { vendor_name: null, vendor_code: null };
  return { vendor_name: pick(columns, NAME_HEADERS), vendor_code: pick(columns, CODE_HEADERS) };
}
