/**
 * The upstreams the simulator plays and the routes each serves. Route names
 * (`<upstream>.<name>`) are the keys of the fault configuration and of the statistics.
 */

export const UPSTREAMS = ['gstn-gsp', 'nic-einvoice', 'pan-aggregator', 'mca-master', 'kyb-aggregator'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

/** Path prefix of each upstream: an adapter's base URL ends with it (wire agreement). */
export const UPSTREAM_PREFIXES: Readonly<Record<UpstreamName, string>> = {
  'gstn-gsp': '/gsp',
  'nic-einvoice': '/nic',
  'pan-aggregator': '/pan',
  'mca-master': '/mca',
  'kyb-aggregator': '/kyb',
};

export const ROUTES = [
  'gstn-gsp.search',
  'gstn-gsp.returns',
  'nic-einvoice.gstin',
  'pan-aggregator.verify',
  'mca-master.company',
  'mca-master.llp',
  'mca-master.director',
  'kyb-aggregator.by-pan',
  'kyb-aggregator.cin-to-pan',
  'kyb-aggregator.pan-to-cin',
  'kyb-aggregator.search',
] as const;
export type RouteName = (typeof ROUTES)[number];

export function upstreamOf(route: RouteName): UpstreamName {
  return route.slice(0, route.indexOf('.')) as UpstreamName;
}

export function isUpstreamName(value: string): value is UpstreamName {
  return (UPSTREAMS as readonly string[]).includes(value);
}

export function isRouteName(value: string): value is RouteName {
  return (ROUTES as readonly string[]).includes(value);
}

/**
 * Credential headers each upstream requires (lower case, as Node hands them over); a missing
 * or empty one answers 401. Values are never checked: any non-empty value passes.
 */
export const REQUIRED_HEADERS: Readonly<Record<UpstreamName, readonly string[]>> = {
  'gstn-gsp': ['aspid', 'asp-secret', 'session-id', 'ip-usr', 'txn'],
  'nic-einvoice': ['client_id', 'client_secret', 'gstin', 'user_name', 'authtoken'],
  'pan-aggregator': ['x-api-key'],
  'mca-master': ['x-api-key'],
  'kyb-aggregator': ['x-api-key'],
};
