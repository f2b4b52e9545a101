/**
 * The header names a bulk upload's columns are recognised by: the API's own names (`gstin`,
 * `pan`, ...) and what ERPs and spreadsheets call the same thing, so a vendor list exported
 * from Tally ("GSTIN/UIN", "PAN/IT No.") or Zoho Books ("GST Identification Number (GSTIN)")
 * is read without renaming its columns first. Names compare with case, spaces and punctuation
 * ignored ("GSTIN No." = "gstin_no" = "GSTIN NO"), see `aliasKey`.
 *
 * Where each alias was confirmed (public documentation, as of 2026-11; docs/bulk.md):
 * - Tally Prime: "GSTIN/UIN" (party ledger, GST registration details) and "PAN/IT No." (party
 *   ledger; also the heading of its Excel ledger import template), help.tallysolutions.com.
 * - Zoho Books: "GST Identification Number (GSTIN)", the header its contact import/export
 *   recognises (zoho.com/in/books/kb/gst/gst-import-format).
 * - SAP Business One: "P.A.N. No." (Business Partner Master Data, Accounting, Tax: India),
 *   help.sap.com. Its GSTIN field's label was not found in the stored documentation.
 * - ERPNext: "GSTIN" (on the supplier's Address, frappe/erpnext #9435) and "Supplier Name"
 *   (its Supplier data import template). The India Compliance app's "GSTIN / UIN" label was
 *   not confirmed.
 * - Busy: no public export layout was found; its common headings ("GSTIN", "PAN") are
 *   covered by the general aliases.
 * The rest are names seen in hand-made vendor lists; none of them can name two columns.
 *
 * A purchase register's columns (itc.check; docs/itc-check.md "Bulk"):
 * - GST portal GSTR-2B, sheet B2B (its Excel download's instructions sheet and the sheet itself):
 *   "GSTIN of supplier", "Trade/Legal name", "Invoice number", "Invoice type", "Invoice Date"
 *   (DD-MM-YYYY), "Invoice Value(₹)", "Place of supply", "Supply Attract Reverse Charge",
 *   "Taxable Value (₹)", "Integrated Tax(₹)", "Central Tax(₹)", "State/UT Tax(₹)", "Cess(₹)".
 *   GSTR-2A's B2B sheet uses the same names; "₹" and spacing are ignored by aliasKey.
 * - Tally: "Supplier Invoice No." and its date (purchase voucher), "GSTIN/UIN" (above). The tax
 *   columns of a columnar purchase register are the user's own ledger names; the usual
 *   "Input CGST", "Input SGST", "Input IGST" are here, others need ?columns=. Its "Date" and
 *   "Voucher No." are the buyer's own voucher's, so they are not taken for the invoice's.
 * - Generic: Invoice No., Bill No., Bill Date, IGST/CGST/SGST Amount, Tax Amount, Total Tax.
 */
import { REGISTER_COLUMNS } from '../itc/register-row.js';

/**
 * The columns an alias can stand for (row-request.ts's known columns that identify, or name, a
 * business; and a purchase register's invoice columns, read by itc.check only).
 */
export const ALIASED_COLUMNS = ['gstin', 'pan', 'cin', 'llpin', 'din', 'name', ...REGISTER_COLUMNS] as const;
export type AliasedColumn = (typeof ALIASED_COLUMNS)[number];

/** A header name as compared: lower case, letters and digits only ("GSTIN/UIN" → "gstinuin"). */
export function aliasKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Each column's aliases, as docs/bulk.md documents them; the column's own name is one of them. */
export const COLUMN_ALIASES: Readonly<Record<AliasedColumn, readonly string[]>> = {
  gstin: [
    'GSTIN',
    'GSTIN/UIN',
    'GSTIN No.',
    'GSTIN Number',
    'GST No.',
    'GST Number',
    'GST Reg. No.',
    'GST Registration Number',
    'GST Identification Number',
    'GST Identification Number (GSTIN)',
    'Party GSTIN',
    'Party GSTIN/UIN',
    'Supplier GSTIN',
    'Vendor GSTIN',
    'Customer GSTIN',
    'GSTIN of Supplier',
  ],
  pan: [
    'PAN',
    'PAN No.',
    'PAN Number',
    'PAN/IT No.',
    'P.A.N. No.',
    'Income Tax PAN',
    'IT PAN',
    'Permanent Account Number',
    'Party PAN',
    'Supplier PAN',
    'Vendor PAN',
  ],
  cin: ['CIN', 'CIN No.', 'CIN Number', 'Corporate Identification Number', 'Company CIN', 'Company Identification Number'],
  llpin: ['LLPIN', 'LLPIN No.', 'LLP Identification Number', 'LLP Number'],
  din: ['DIN', 'DIN No.', 'DIN Number', 'Director Identification Number', 'Director DIN'],
  name: ['Name', 'Party Name', 'Supplier Name', 'Vendor Name', 'Company Name', 'Legal Name', 'Name of Party', 'Business Name'],
  invoice_number: ['Invoice number', 'Invoice No.', 'Invoice Num', 'Inv. No.', 'Supplier Invoice No.', 'Supplier Invoice Number', 'Bill No.', 'Bill Number', 'Document Number'],
  invoice_date: ['Invoice Date', 'Invoice Dt.', 'Inv. Date', 'Supplier Invoice Date', 'Supplier Invoice Dt.', 'Bill Date', 'Document Date'],
  tax: ['Tax', 'Tax Amount', 'Total Tax', 'Total Tax Amount', 'GST Amount', 'Total GST', 'Tax INR', 'Total Tax(₹)'],
  igst: ['IGST', 'IGST Amount', 'IGST Amt', 'Integrated Tax', 'Integrated Tax(₹)', 'Integrated Tax Amount', 'Integrated Tax Paid', 'Input IGST'],
  cgst: ['CGST', 'CGST Amount', 'CGST Amt', 'Central Tax', 'Central Tax(₹)', 'Central Tax Amount', 'Central Tax Paid', 'Input CGST'],
  sgst: ['SGST', 'SGST Amount', 'SGST Amt', 'SGST/UTGST', 'UTGST', 'State/UT Tax', 'State/UT Tax(₹)', 'State/UT Tax Amount', 'State/UT Tax Paid', 'Input SGST'],
  cess: ['Cess', 'Cess Amount', 'Cess Amt', 'Cess(₹)', 'Cess Paid', 'Input Cess'],
  availed_in: ['Availed In', 'ITC Availed In', 'Availed Period', 'ITC Availed Period', 'Availed in Period'],
};

const BY_KEY: ReadonlyMap<string, AliasedColumn> = new Map(
  ALIASED_COLUMNS.flatMap((column) => COLUMN_ALIASES[column].map((alias) => [aliasKey(alias), column] as const)),
);

/** The column a header name stands for, if it is one of the aliases. */
export function aliasedColumn(name: string): AliasedColumn | undefined {
  return BY_KEY.get(aliasKey(name));
}

/** Whether the header name is the column's own name (`gstin`, ` GSTIN `), not one of its aliases. */
export function isOwnName(name: string, column: string): boolean {
  return name.replace(/^\uFEFF/, '').trim().toLowerCase() === column;
}
