import { z } from 'zod';
import { isRealIsoDate } from '../../domain/dates.js';
import { MAX_INVOICE_NUMBER_LENGTH } from '../../domain/itc/input.js';
import { ITC_CHECK } from '../../domain/itc/pricing.js';
import { bodyObject, gstinField, textField } from '../../requests/fields.js';
import { inrAmount } from './inr-amount.js';

const stringError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be a string');

/** One purchase invoice. Rules that need today's date (not in the future) are checked by the route. */
const Invoice = bodyObject({
  number: textField(MAX_INVOICE_NUMBER_LENGTH).describe('The invoice number as the supplier wrote it'),
  date: z
    .string({ error: stringError })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD, e.g. 2024-07-10')
    .refine(isRealIsoDate, 'must be a real calendar date written YYYY-MM-DD, e.g. 2024-07-10')
    .describe('Invoice date written YYYY-MM-DD (e.g. 2024-07-10; other forms such as 10-07-2024 are refused); not in the future, not before 2017-07-01'),
  tax_inr: inrAmount(0, 10_000_000_000).optional().describe('The invoice\'s tax (IGST + CGST + SGST + cess), at most 2 decimals'),
  availed_in: z
    .string({ error: stringError })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a return period written YYYY-MM, e.g. 2024-07')
    .optional()
    .describe('The buyer\'s return period (YYYY-MM, e.g. 2024-07) in which the credit was taken; Rule 37A and the s.16(4) limit count from it; echoed in the answer'),
});

/**
 * Invoice numbers are unique within a supplier's financial year (CGST Rules r.46(b)), so one number
 * twice in one FY is the same invoice sent twice (its tax would count twice): a 400 naming both.
 */
export const ItcCheckRequest = bodyObject({
  gstin: gstinField,
  invoices: z
    .array(Invoice, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an array of invoices') })
    .min(1, `must hold 1 to ${ITC_CHECK.maxInvoices} invoices`)
    .max(ITC_CHECK.maxInvoices, `must hold 1 to ${ITC_CHECK.maxInvoices} invoices (send more in a bulk job)`)
    .describe(`1 to ${ITC_CHECK.maxInvoices} invoices of the supplier; the same number twice in one financial year is a 400 naming both indexes (send each invoice once)`),
});
export type ItcCheckRequest = z.output<typeof ItcCheckRequest>;
