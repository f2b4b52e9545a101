/** The schema of the ITC check route (itc-check.ts). */
import { paiseToInr } from '../../domain/operations.js';
import { ITC_CHECK } from '../../domain/itc/pricing.js';
import { ItcCheckRequest } from '../schemas/itc-check-request.js';
import { ItcCheckShape } from '../schemas/itc-check-shape.js';
import { OPERATION_ERRORS } from '../openapi/error-responses.js';
import { envelope, type RouteDoc } from '../openapi/route-doc.js';

export const ITC_CHECK_SCHEMA = {
  operationId: 'checkItc',
  summary: 'ITC check: which purchase invoices put input tax credit at risk, and by when to act (an addition)',
  description: `Send a supplier's gstin and 1 to ${ITC_CHECK.maxInvoices} of its invoices. The service runs GST Verify and GST Returns (back to the earliest invoice's period) and judges each invoice by the CGST Act and Rules: registration on the invoice date (s.16(2)(a), s.29), composition (s.10), suspension (r.21A), GSTR-1 furnished (s.16(2)(aa)), GSTR-3B filed (s.16(2)(c)), the Rule 37A reversal and the s.16(4) time limit (docs/itc-check.md has every reason code and its rule). Price ${paiseToInr(ITC_CHECK.pricePaise).toFixed(2)} INR (GST Verify + GST Returns), charged only when both checks were delivered; if one fails the answer says which and nothing is billed. From public registration and filing data; not tax advice.`,
  tags: ['Operations'],
  auth: 'customer',
  body: ItcCheckRequest,
  response: { 200: envelope(ITC_CHECK.api, ItcCheckShape).describe('Each invoice with its verdict, reasons and deadlines, in the envelope') },
  errors: OPERATION_ERRORS,
} satisfies RouteDoc;
