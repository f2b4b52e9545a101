import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Security = 'customer' | 'admin' | 'none';

export interface DocumentedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `{param}` placeholders included. */
  path: string;
  security: Security;
  /** Path parameter names, in order. */
  params: string[];
  /** The documented JSON request body's schema and examples, when there is one. */
  jsonBody?: { schema: JsonSchema; examples: { summary: string; value: unknown }[] };
  /** The route also takes a multipart/form-data upload. */
  multipart: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
  [other: string]: unknown;
}

interface OperationDoc {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema; examples?: Record<string, { summary?: string; value: unknown }> }> };
}

/**
 * Every route GET /openapi.json documents (so a new route is walked by these tests as soon as
 * it is documented; test/api/openapi.test.ts keeps the document complete), with its security
 * scheme: `customer` (API key), `admin` (the operator's token) or `none`.
 */
export async function documentedRoutes(app: FastifyInstance): Promise<DocumentedRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json() as { paths: Record<string, Record<string, OperationDoc>>; components: { schemas: Record<string, JsonSchema> } };
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const scheme = Object.keys(operation.security?.[0] ?? {})[0];
      const json = operation.requestBody?.content['application/json'];
      routes.push({
        method: method.toUpperCase() as DocumentedRoute['method'],
        path,
        security: scheme === 'apiKey' ? 'customer' : scheme === 'adminToken' ? 'admin' : 'none',
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        ...(json === undefined
          ? {}
          : {
              jsonBody: {
                schema: resolveRefs(json.schema, doc.components.schemas),
                examples: Object.values(json.examples ?? {}).map((e) => ({ summary: e.summary ?? '', value: e.value })),
              },
            }),
        multipart: operation.requestBody?.content['multipart/form-data'] !== undefined,
      });
    }
  }
  return routes;
}

/** A schema with its `$ref`s to the document's components replaced by what they point at. */
function resolveRefs(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 8 || typeof schema !== 'object' || schema === null) return schema;
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target === undefined ? {} : resolveRefs(target, components, depth + 1);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'object' && v !== null ? resolveRefs(v as JsonSchema, components, depth + 1) : v));
    else if (typeof value === 'object' && value !== null) {
      out[key] = key === 'properties'
        ? Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, s]) => [name, resolveRefs(s, components, depth + 1)]))
        : resolveRefs(value as JsonSchema, components, depth + 1);
    } else out[key] = value;
  }
  return out;
}

/** The path with each `{param}` replaced by what `values` gives for it (a missing one fails the test: add it). */
export function fillPath(route: DocumentedRoute, values: (param: string, route: DocumentedRoute) => string | undefined): string {
  return route.path.replace(/\{(\w+)\}/g, (_all, param: string) => {
    const value = values(param, route);
    if (value === undefined) throw new Error(`no test value for {${param}} in ${route.method} ${route.path}: add one`);
    return encodeURIComponent(value);
  });
}

export interface Envelope {
  success: boolean;
  request_id: string;
  api: string;
  version: string;
  data: unknown;
  meta: { charged: boolean; amount_inr: number; [field: string]: unknown };
  error?: { code: string; message: string; retryable: boolean; details?: { field: string; message: string }[] };
}

/** The response as the contract's envelope (success or error), failing the test when it is not one. */
export function envelopeOf(response: LightMyRequestResponse, what: string): Envelope {
  let body: Envelope;
  try {
    body = response.json() as Envelope;
  } catch {
    throw new Error(`${what}: HTTP ${response.statusCode} answered a body that is not JSON: ${response.body.slice(0, 200)}`);
  }
  expect(typeof body.request_id, what).toBe('string');
  expect(body.request_id, what).toBe(response.headers['x-request-id']);
  expect(typeof body.api, what).toBe('string');
  expect(typeof body.meta?.charged, what).toBe('boolean');
  if (response.statusCode >= 400) {
    expect(body.success, what).toBe(false);
    expect(body.data, what).toBeNull();
    expect(typeof body.error?.code, what).toBe('string');
    expect(typeof body.error?.message, what).toBe('string');
    expect(body.meta.charged, what).toBe(false);
  } else {
    expect(body.success, what).toBe(true);
  }
  return body;
}
