/** Error answers in each upstream's own style (wire agreement; UPSTREAMS.md). */
import type { UpstreamName } from './routes-table.js';

export interface WireReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type ErrorKind = 'unauthorized' | 'unavailable' | 'rate_limited' | 'bad_request' | 'not_found' | 'timeout';

const HTTP_STATUS: Readonly<Record<ErrorKind, number>> = {
  unauthorized: 401,
  unavailable: 503,
  rate_limited: 429,
  bad_request: 400,
  not_found: 404,
  timeout: 504,
};

const GSP_CODES: Readonly<Record<ErrorKind, string>> = {
  unauthorized: 'AUTH4033',
  unavailable: 'SERVICE_UNAVAILABLE',
  rate_limited: 'RATE_LIMIT_EXCEEDED',
  bad_request: 'INVALID_REQUEST',
  not_found: 'SWEB_9035',
  timeout: 'GATEWAY_TIMEOUT',
};

const NIC_CODES: Readonly<Record<ErrorKind, string>> = {
  unauthorized: '1005',
  unavailable: '5002',
  rate_limited: '5003',
  bad_request: '2150',
  not_found: '3001',
  timeout: '5004',
};

export function gspError(code: string, message: string): { status_cd: '0'; error: { error_cd: string; message: string } } {
  return { status_cd: '0', error: { error_cd: code, message } };
}

export function nicError(code: string, message: string): { Status: 0; ErrorDetails: { ErrorCode: string; ErrorMessage: string }[] } {
  return { Status: 0, ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }] };
}

/**
 * An error answer with the HTTP status the kind implies. GST upstreams answer "not found" with
 * HTTP 200 and an error body; the JSON aggregators use plain 404s.
 */
export function errorReply(upstream: UpstreamName, kind: ErrorKind, message: string): WireReply {
  switch (upstream) {
    case 'gstn-gsp':
      return { status: kind === 'not_found' ? 200 : HTTP_STATUS[kind], body: gspError(GSP_CODES[kind], message) };
    case 'nic-einvoice':
      return { status: kind === 'not_found' ? 200 : HTTP_STATUS[kind], body: nicError(NIC_CODES[kind], message) };
    default:
      return { status: HTTP_STATUS[kind], body: { error: kind, message } };
  }
}

/** GSP "not found" (SWEB_9035), shared by search and RETTRACK. */
export const GSP_NOT_FOUND = gspError('SWEB_9035', 'Invalid GSTIN / UID');

/** The GSP's "GST system is down" answer: HTTP 200 with an error body. */
export const GSP_SYSTEM_DOWN = gspError('GSPERR300', 'GSPGSTDOWN: GST system is down');

/** How an upstream says it is down when a 5030 fault trigger is sent. */
export function downReply(upstream: UpstreamName): WireReply {
  if (upstream === 'gstn-gsp') return { status: 200, body: GSP_SYSTEM_DOWN };
  return errorReply(upstream, 'unavailable', 'service temporarily unavailable');
}
