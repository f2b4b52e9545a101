/**
 * What each route answers once the injected misbehaviour has let a request through: the
 * sandbox registry's answer, encoded in the upstream's wire format (wire agreement), with the
 * sandbox fault triggers (5030 down, 5040 no answer, 0404 not found) played out over HTTP.
 */
import { z } from 'zod';
import { istDate } from '../domain/dates.js';
import type { CheckName } from '../domain/operations.js';
import type { CheckAnswers, CheckInputs } from '../sources/port.js';
import type { SandboxRegistry } from '../sources/sandbox/registry.js';
import { encodeGspSearch, encodeNicGstin, encodeRetTrack } from './encode-gst.js';
import { encodeCinPan, encodeGstByPan, encodePanVerify, encodeSearch } from './encode-kyb.js';
import { encodeMcaCompany, encodeMcaDirector, encodeMcaLlp } from './encode-mca.js';
import { upstreamOf, type RouteName, type UpstreamName } from './routes-table.js';
import { describeIssues } from './sim-config.js';
import { GSP_NOT_FOUND, downReply, errorReply, gspError, nicError, type WireReply } from './upstream-errors.js';
import { financialYearStart } from './wire-format.js';

/** The request never gets an answer: held until the client gives up (or the hold cap). */
export const HOLD = Object.freeze({ hold: true as const });
export type RouteOutcome = WireReply | typeof HOLD;

export interface RouteRequest {
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export interface RouteContext {
  registry: SandboxRegistry;
  now: Date;
}

export interface SimRoute {
  route: RouteName;
  method: 'GET' | 'POST';
  /** Path under the upstream's prefix, in Fastify's syntax. */
  path: string;
  handle(request: RouteRequest, context: RouteContext): RouteOutcome;
}

function ok(body: unknown): WireReply {
  return { status: 200, body };
}

/** Fault trigger first, then the registry: the order the in-process sandbox source uses. */
function serve<C extends CheckName>(
  route: RouteName,
  context: RouteContext,
  check: C,
  input: CheckInputs[C],
  encode: (value: CheckAnswers[C]) => WireReply,
  notFound: () => WireReply,
): RouteOutcome {
  const fault = context.registry.faultFor(check, input);
  if (fault === 'unavailable') return downReply(upstreamOf(route));
  if (fault === 'timeout') return HOLD;
  const value = context.registry.lookup(check, input, context.now);
  return value === undefined ? notFound() : encode(value);
}

function notFound(upstream: UpstreamName, what: string): () => WireReply {
  return () => errorReply(upstream, 'not_found', `no ${what} found`);
}

function badRequest(upstream: UpstreamName, message: string): WireReply {
  return errorReply(upstream, 'bad_request', message);
}

/** Parses a JSON body; extra keys are ignored, as the real aggregators do. */
function bodyOf<T extends z.ZodType>(schema: T, body: unknown): { ok: true; value: z.output<T> } | { ok: false; message: string } {
  const parsed = schema.safeParse(body ?? {});
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeIssues(parsed.error) };
}

const text = z.string().trim().min(1);

function postRoute<T extends z.ZodType>(
  route: RouteName,
  path: string,
  schema: T,
  handle: (value: z.output<T>, context: RouteContext) => RouteOutcome,
): SimRoute {
  return {
    route,
    method: 'POST',
    path,
    handle(request, context) {
      const body = bodyOf(schema, request.body);
      return body.ok ? handle(body.value, context) : badRequest(upstreamOf(route), body.message);
    },
  };
}

const gspRoutes: SimRoute[] = [
  {
    route: 'gstn-gsp.search',
    method: 'GET',
    path: '/commonapi/v1.1/search',
    handle({ query }, context) {
      if (query.action !== 'TP') return badRequest('gstn-gsp', 'action must be TP');
      const gstin = query.searchgstin?.trim() ?? '';
      if (gstin === '') return badRequest('gstn-gsp', 'searchgstin is required');
      return serve('gstn-gsp.search', context, 'gst.verify', { gstin }, (record) => ok(encodeGspSearch(record)), () => ok(GSP_NOT_FOUND));
    },
  },
  {
    route: 'gstn-gsp.returns',
    method: 'GET',
    path: '/commonapi/v1.0/returns',
    handle({ query }, context) {
      if (query.action !== 'RETTRACK') return badRequest('gstn-gsp', 'action must be RETTRACK');
      const gstin = query.gstin?.trim() ?? '';
      if (gstin === '') return badRequest('gstn-gsp', 'gstin is required');
      const fyStart = financialYearStart(query.fy ?? '');
      if (fyStart === undefined) return badRequest('gstn-gsp', 'fy must be a financial year like 2025-26');
      return serve(
        'gstn-gsp.returns',
        context,
        'gst.returns',
        // The sandbox's history reaches back to the year asked for, as the portal's does.
        { gstin, since: `${fyStart}-04` },
        (answer) => ok(encodeRetTrack(answer, fyStart, istDate(context.now)) ?? gspError('RET13510', 'No records found')),
        () => ok(GSP_NOT_FOUND),
      );
    },
  },
];

const nicRoutes: SimRoute[] = [
  {
    route: 'nic-einvoice.gstin',
    method: 'GET',
    path: '/eivital/v1.04/Master/gstin/:gstin',
    handle({ params }, context) {
      return serve('nic-einvoice.gstin', context, 'gst.verify', { gstin: params.gstin ?? '' }, (record) => ok(encodeNicGstin(record)), () =>
        ok(nicError('3001', 'Requested data is not available')),
      );
    },
  },
];

const panRoutes: SimRoute[] = [
  postRoute('pan-aggregator.verify', '/verification/pan', z.object({ pan: text, name: z.string().optional() }), (body, context) =>
    serve('pan-aggregator.verify', context, 'pan.verify', { pan: body.pan }, (answer) => ok(encodePanVerify(answer, body.name, istDate(context.now))), () =>
      // Unreachable: the registry answers every PAN (status N when unknown), as the ITD does.
      ok(encodePanVerify({ pan: body.pan.toUpperCase(), statusCode: 'N', fullName: '' }, body.name, istDate(context.now))),
    ),
  ),
];

const mcaRoutes: SimRoute[] = [
  {
    route: 'mca-master.company',
    method: 'GET',
    path: '/companies/:cin',
    handle({ params }, context) {
      const ref = { cin: params.cin ?? '' };
      return serve('mca-master.company', context, 'mca.company', ref, (record) =>
        ok(encodeMcaCompany(record, context.registry.lookup('mca.directors', ref, context.now))), notFound('mca-master', 'company'));
    },
  },
  {
    route: 'mca-master.llp',
    method: 'GET',
    path: '/llps/:llpin',
    handle({ params }, context) {
      const ref = { llpin: params.llpin ?? '' };
      return serve('mca-master.llp', context, 'mca.company', ref, (record) =>
        ok(encodeMcaLlp(record, context.registry.lookup('mca.directors', ref, context.now))), notFound('mca-master', 'LLP'));
    },
  },
  {
    route: 'mca-master.director',
    method: 'GET',
    path: '/directors/:din',
    handle({ params }, context) {
      return serve('mca-master.director', context, 'mca.din', { din: params.din ?? '' }, (record) => ok(encodeMcaDirector(record)), notFound('mca-master', 'director'));
    },
  },
];

const kybRoutes: SimRoute[] = [
  postRoute('kyb-aggregator.by-pan', '/gst/by-pan', z.object({ pan: text }), (body, context) =>
    serve('kyb-aggregator.by-pan', context, 'gst.by_pan', { pan: body.pan }, (list) => ok(encodeGstByPan(list)), notFound('kyb-aggregator', 'PAN')),
  ),
  postRoute('kyb-aggregator.cin-to-pan', '/corporate/cin-to-pan', z.object({ cin: text }), (body, context) =>
    serve('kyb-aggregator.cin-to-pan', context, 'mca.cin_to_pan', { cin: body.cin }, (m) => ok(encodeCinPan(m)), notFound('kyb-aggregator', 'company')),
  ),
  postRoute('kyb-aggregator.pan-to-cin', '/corporate/pan-to-cin', z.object({ pan: text }), (body, context) =>
    serve('kyb-aggregator.pan-to-cin', context, 'mca.cin_to_pan', { pan: body.pan }, (m) => ok(encodeCinPan(m)), notFound('kyb-aggregator', 'company')),
  ),
  postRoute(
    'kyb-aggregator.search',
    '/corporate/search',
    z.object({ name: text, limit: z.number().int().min(1).max(1000).optional() }),
    (body, context) =>
      // Every candidate the sandbox returns, not `limit` of them: the ranking above the adapter picks the best.
      serve('kyb-aggregator.search', context, 'mca.search', { name: body.name, limit: body.limit ?? 5 }, (list) => ok(encodeSearch(list)), notFound('kyb-aggregator', 'company')),
  ),
];

export const SIM_ROUTES: readonly SimRoute[] = [...gspRoutes, ...nicRoutes, ...panRoutes, ...mcaRoutes, ...kybRoutes];
