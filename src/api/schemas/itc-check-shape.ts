/**
 * The data of POST /v1/gst/itc-check (an addition to the contract) as a strict zod schema: the
 * OpenAPI document shows it and the API tests hold every answer to it.
 */
import { z } from 'zod';
import { REASON_CODES } from '../../domain/itc/reasons.js';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const period = z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM');
const verdict = z.enum(['eligible', 'at_risk', 'reverse', 'blocked', 'unknown']);

export const ItcCheckShape = z
  .strictObject({
    supplier: z.strictObject({
      gstin: z.string().length(15),
      legal_name: z.string(),
      trade_name: z.string(),
      status: z.enum(['Active', 'Cancelled', 'Suspended']),
      registration_date: date,
      cancellation_date: date.nullable(),
      taxpayer_type: z.enum(['Regular', 'Composition']),
      filing_frequency: z.enum(['monthly', 'quarterly']),
      filings_from: period.describe('The earliest return period the filing history reached; an invoice of an earlier period is unknown'),
    }),
    as_of: date.describe('The date (in India) the verdicts hold at'),
    invoices: z.array(
      z.strictObject({
        number: z.string(),
        date,
        period: period.describe("The supplier's return period holding the invoice (a quarter is its last month)"),
        verdict,
        reasons: z.array(
          z.strictObject({
            code: z.enum(REASON_CODES as unknown as [string, ...string[]]),
            severity: z.enum(['info', 'warning', 'critical']),
            message: z.string(),
            rule: z.string().describe('The provision cited, e.g. CGST Act s.16(2)(aa)'),
          }),
        ),
        claim_by: date.nullable().describe('s.16(4): the last date to take the credit; null when it is blocked'),
        reverse_by: date.nullable().describe("r.37A: the date the credit must be reversed by while the supplier's GSTR-3B is missing"),
        tax_inr: z.number().nullable().describe('As sent; null when not sent'),
        tax_at_risk_inr: z.number(),
        availed_in: period.nullable().describe('As sent (the return period the credit was taken in); null when not sent'),
      }),
    ),
    totals: z.strictObject({
      invoices: z.number().int(),
      by_verdict: z.strictObject({ eligible: z.number().int(), at_risk: z.number().int(), reverse: z.number().int(), blocked: z.number().int(), unknown: z.number().int() }),
      tax_inr: z.number(),
      tax_at_risk_inr: z.number(),
      earliest_deadline: date
        .nullable()
        .describe("The earliest date to act by: reverse_by of invoices to reverse or at risk (even if passed: the reversal is still owed, with interest) and claim_by not yet passed of invoices not blocked; null when none"),
      next_deadline: date.nullable().describe('The earliest of the same dates that is today or later: what to act on next; null when none'),
    }),
  })
  .meta({ id: 'ItcCheck', description: 'ITC check of purchase invoices against their supplier (an addition)' });
