/** The schemas of the nine single operations (operations.ts), with sandbox scenario examples. */
import { OPERATIONS, paiseToInr, type CheckName } from '../../domain/operations.js';
import { OPERATION_REQUESTS } from '../../requests/operation-requests.js';
import { DATA_SHAPES } from '../schemas/records.js';
import { OPERATION_ERRORS } from '../openapi/error-responses.js';
import { envelope, type RouteDoc } from '../openapi/route-doc.js';
import { checkExamples } from '../openapi/sandbox-examples.js';

/** One of the nine single operations (routes/operations.ts registers them in a loop). */
export function checkSchema(check: CheckName) {
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
