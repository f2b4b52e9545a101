/**
 * `npm run gen:api-types`: writes src/cli/api-types.ts, the TypeScript types of the service's
 * own OpenAPI document, which the CLI's typed client (openapi-fetch) is checked against. Run it
 * after any change to the document; test/unit/cli-api-types.test.ts fails until then.
 * `--out <file>` writes elsewhere (the test compares a fresh copy with the committed one).
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { buildOpenApiDocument } from '../helpers/openapi-document.js';

export const API_TYPES_FILE = fileURLToPath(new URL('../../src/cli/api-types.ts', import.meta.url));

const HEADER = `/**
 * The service's HTTP API as TypeScript types, generated from its OpenAPI document (GET /openapi.json)
 * by openapi-typescript. Do not edit: run \`npm run gen:api-types\` after changing the document.
 */
`;

/**
 * A file in a form (a string with contentMediaType in OpenAPI 3.1, or format: binary in 3.0)
 * is a Blob to the client, as openapi-fetch's documentation types it: the CLI's uploads are
 * files opened from disk, never strings.
 */
const BLOB = ts.factory.createTypeReferenceNode('Blob');
const isFile = (schema: { type?: unknown; format?: unknown; contentMediaType?: unknown }) =>
  schema.type === 'string' && (schema.format === 'binary' || typeof schema.contentMediaType === 'string');

/** The types of a document, as the committed file holds them. */
export async function apiTypesSource(document: Record<string, unknown>): Promise<string> {
  const nodes = await openapiTS(document as unknown as OpenAPI3, {
    silent: true,
    alphabetize: true,
    transform: (schema) => (isFile(schema as Parameters<typeof isFile>[0]) ? BLOB : undefined),
  });
  return `${HEADER}\n${astToString(nodes)}`;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = values.out ?? API_TYPES_FILE;
  await writeFile(out, await apiTypesSource(await buildOpenApiDocument()));
  console.error(`wrote ${out}`);
}
