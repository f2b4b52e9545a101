/**
 * The OpenAPI description of every route, keyed by `METHOD url` as Fastify registers it.
 * Routes stay thin and carry no documentation; register-openapi.ts attaches these to them as
 * they are registered. Request schemas are the very zod schemas the handlers parse with;
 * response schemas are the contract's shapes (src/api/schemas/records.ts).
 */
import { ADMIN_DOCS, OPEN_DOCS } from './admin-docs.js';
import { BULK_DOCS } from './bulk-docs.js';
import { operationDocs } from './operation-docs.js';
import { PORTFOLIO_DOCS } from './portfolio-docs.js';
import type { RouteDoc } from './route-doc.js';

export const ROUTE_DOCS: Readonly<Record<string, RouteDoc>> = { ...operationDocs(), ...BULK_DOCS, ...PORTFOLIO_DOCS, ...ADMIN_DOCS, ...OPEN_DOCS };
