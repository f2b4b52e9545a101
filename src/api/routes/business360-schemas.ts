/** The schema of the Business360 route (business360.ts), with sandbox scenario examples. */
import { Business360Request } from '../../requests/business360-request.js';
import { Business360EnvelopeShape, Business360ErrorEnvelopeShape } from '../schemas/records.js';
import { OPERATION_ERRORS } from '../openapi/error-responses.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { business360Examples } from '../openapi/sandbox-examples.js';

export const BUSINESS360_SCHEMA = {
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
