/** The ten operations of the interface document, with sandbox scenario examples. */
import { OPERATIONS, paiseToInr, type CheckName } from '../../domain/operations.js';
import { ITC_CHECK } from '../../domain/itc/pricing.js';
import { Business360Request } from '../../requests/business360-request.js';
import { ItcCheckRequest } from '../schemas/itc-check-request.js';
import { ItcCheckShape } from '../schemas/itc-check-shape.js';
import { OPERATION_REQUESTS } from '../../requests/operation-requests.js';
import { Business360EnvelopeShape, Business360ErrorEnvelopeShape, DATA_SHAPES } from '../schemas/records.js';
import { OPERATION_ERRORS } from './error-responses.js';
import { envelope, type RouteDoc } from './route-doc.js';
import { business360Examples, checkExamples } from './sandbox-examples.js';

/** One of the nine single operations (routes/operations.ts registers them in a loop). */
export function checkDoc(check: CheckName) {
  const { pricePaise } = OPERATIONS[check];
  return {
    operationId: OPERATION_IDS[check],
    summary: OPERATION_SUMMARIES[check],
    description: `${OPERATION_SUMMARIES[check]}. Price ${paiseToInr(pricePaise).toFixed(2)} INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).`,
    tags: ['Operations'],
    auth: 'customer',
    body: OPERATION_REQUESTS[check],
    bodyExamples: checkExamples(check),
    response: { 200: envelope(check, DATA_SHAPES[check]).describe('The record, in the envelope') },
    errors: OPERATION_ERRORS,
  } satisfies RouteDoc;
}

export const business360Doc = {
  operationId: 'getBusiness360',
  summary: 'Business360: one profile from every source, with risk flags',
  description:
    'Send exactly one of gstin, cin, pan, plus optional include. The service resolves the other identifiers, runs the chosen modules in parallel with source fallback and returns one profile. Each module is billed at its single-operation price only if it succeeds; the total never exceeds 10.00 INR. A module failure is reported in its wrapper, not as an error of the call.',
  tags: ['Operations'],
  auth: 'customer',
  body: Business360Request,
  bodyExamples: business360Examples(),
  response: { 200: Business360EnvelopeShape.describe('The profile, in the envelope') },
  errors: OPERATION_ERRORS,
  errorEnvelope: Business360ErrorEnvelopeShape,
} satisfies RouteDoc;

export const itcCheckDoc = {
  operationId: 'checkItc',
  summary: 'ITC check: which purchase invoices put input tax credit at risk, and by when to act (an addition)',
  description: `Send a supplier's gstin and 1 to ${ITC_CHECK.maxInvoices} of its invoices. The service runs GST Verify and GST Returns (back to the earliest invoice's period) and judges each invoice by the CGST Act and Rules: registration on the invoice date (s.16(2)(a), s.29), composition (s.10), suspension (r.21A), GSTR-1 furnished (s.16(2)(aa)), GSTR-3B filed (s.16(2)(c)), the Rule 37A reversal and the s.16(4) time limit (docs/itc-check.md has every reason code and its rule). Price ${paiseToInr(ITC_CHECK.pricePaise).toFixed(2)} INR (GST Verify + GST Returns), charged only when both checks were delivered; if one fails the answer says which and nothing is billed. From public registration and filing data; not tax advice.`,
  tags: ['Operations'],
  auth: 'customer',
  body: ItcCheckRequest,
  response: { 200: envelope(ITC_CHECK.api, ItcCheckShape).describe('Each invoice with its verdict, reasons and deadlines, in the envelope') },
  errors: OPERATION_ERRORS,
} satisfies RouteDoc;

/** What a generated client names each operation's method: stable, so never renamed. */
const OPERATION_IDS: Record<CheckName, string> = {
  'gst.verify': 'verifyGstin',
  'gst.returns': 'getGstReturns',
  'gst.by_pan': 'listGstinsByPan',
  'pan.verify': 'verifyPan',
  'mca.company': 'getCompany',
  'mca.search': 'searchCompanies',
  'mca.cin_to_pan': 'mapCinPan',
  'mca.directors': 'listDirectors',
  'mca.din': 'lookupDin',
};

const OPERATION_SUMMARIES: Record<CheckName, string> = {
  'gst.verify': 'GST Verify: the GST registration of a GSTIN',
  'gst.returns': 'GST Returns: GSTR-1 and GSTR-3B filing history of a GSTIN',
  'gst.by_pan': 'GST by PAN: the GSTINs registered under a PAN',
  'pan.verify': 'PAN Verify: whether a PAN is valid, with an optional name match',
  'mca.company': 'Company: MCA master data of a company (CIN) or LLP (LLPIN)',
  'mca.search': 'Company Search: ranked fuzzy matches on a company or LLP name',
  'mca.cin_to_pan': 'CIN <-> PAN: map a CIN to its PAN or a company PAN back to its CIN or LLPIN',
  'mca.directors': 'Directors: the board of a company, or the designated partners of an LLP',
  'mca.din': 'DIN Lookup: a director and every company they are or were associated with',
};
