/**
 * What individual adapters promise beyond the shared contract: how they address their
 * upstream, which calls they make and how many at once.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterDefinition, HttpSource } from '../../src/sources/adapter.js';
import { ADAPTERS } from '../../src/sources/adapters/index.js';
import type { SourceOutcome } from '../../src/sources/port.js';
import { startScriptedUpstream, type ScriptedUpstream, type UpstreamReply } from '../helpers/scripted-upstream.js';
import { upstreamFixture } from '../helpers/upstream-fixtures.js';

const NOW = new Date('2026-11-21T06:00:00Z');

let upstream: ScriptedUpstream;
const sources: HttpSource[] = [];
beforeAll(async () => {
  upstream = await startScriptedUpstream();
});
afterAll(async () => {
  await Promise.all(sources.map((s) => s.close()));
  await upstream.close();
});

function adapterNamed(name: string): AdapterDefinition {
  const adapter = ADAPTERS.find((a) => a.name === name);
  if (adapter === undefined) throw new Error(`no adapter ${name}`);
  return adapter;
}

function sourceFor(name: string, prefix: string, credentials: Record<string, string>): HttpSource {
  const source = adapterNamed(name).create({
    baseUrl: upstream.url(prefix),
    timeoutMs: 2_000,
    connections: 8,
    credentials,
    log: pino({ level: 'silent' }),
  });
  sources.push(source);
  return source;
}

async function call(source: HttpSource, check: string, input: unknown): Promise<SourceOutcome<unknown>> {
  const handler = (source.handlers as Record<string, (i: unknown, c: { signal: AbortSignal; now: Date }) => Promise<SourceOutcome<unknown>>>)[check];
  if (handler === undefined) throw new Error(`no handler for ${check}`);
  return handler(input, { signal: new AbortController().signal, now: NOW });
}

const json = (adapter: Parameters<typeof upstreamFixture>[0], name: string): UpstreamReply => ({ json: upstreamFixture(adapter, name) });

describe('gstn-gsp', () => {
  const credentials = { aspid: 'a', 'asp-secret': 's', 'session-id': 'x', 'ip-usr': '10.0.0.1', 'caller-gstin': '27AAPFU0939F1ZV' };

  it('searches with action TP, the caller GSTIN from credentials and a fresh txn per call', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = () => json('gstn-gsp', 'search-active');
    upstream.requests.length = 0;
    await call(source, 'gst.verify', { gstin: '24AABCX1234X1ZR' });
    await call(source, 'gst.verify', { gstin: '24AABCX1234X1ZR' });
    const [first, second] = upstream.requests;
    expect(first?.path).toBe('/commonapi/v1.1/search');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ action: 'TP', gstin: '27AAPFU0939F1ZV', searchgstin: '24AABCX1234X1ZR' });
    expect(first?.headers.txn).toMatch(/^[0-9a-f]{32}$/u);
    expect(second?.headers.txn).not.toBe(first?.headers.txn);
  });

  it('answers unavailable when the GST system is down (GSPERR300 in an HTTP 200)', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = () => json('gstn-gsp', 'error-gsperr300');
    expect((await call(source, 'gst.verify', { gstin: '24AABCX1234X1ZR' })).outcome).toBe('unavailable');
  });

  it('answers not_found for FO8000, and reads a GSP that wraps the answer in data', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = () => json('gstn-gsp', 'error-fo8000');
    expect((await call(source, 'gst.verify', { gstin: '24AABCX1234X1ZR' })).outcome).toBe('not_found');
    upstream.script = () => json('gstn-gsp', 'search-wrapped');
    expect(await call(source, 'gst.verify', { gstin: '24AABCX1234X1ZR' })).toMatchObject({ outcome: 'ok', value: { legal_name: 'EXAMPLE PRIVATE LIMITED' } });
  });

  it('answers unavailable for an HTTP 404, which only a wrong base URL gives', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = () => ({ status: 404, text: 'Not Found' });
    expect((await call(source, 'gst.verify', { gstin: '24AABCX1234X1ZR' })).outcome).toBe('unavailable');
  });

  it('gst.returns asks RETTRACK for the current and previous years in parallel, and reads RET13510 as no filings', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = (request) => (request.path === '/commonapi/v1.1/search' ? json('gstn-gsp', 'search-active') : json('gstn-gsp', 'error-ret13510'));
    upstream.requests.length = 0;
    expect(await call(source, 'gst.returns', { gstin: '24AABCX1234X1ZR' })).toEqual({
      outcome: 'ok',
      value: { gstin: '24AABCX1234X1ZR', frequency: 'monthly', filings: [], registrationDate: '2017-07-01', cancellationDate: null, coversFrom: '2025-04' },
    });
    const tracks = upstream.requests.filter((r) => r.path === '/commonapi/v1.0/returns');
    expect(tracks.map((r) => r.query.get('fy')).sort()).toEqual(['2025-26', '2026-27']);
    for (const r of tracks) expect(Object.fromEntries(r.query)).toMatchObject({ action: 'RETTRACK', gstin: '24AABCX1234X1ZR' });
  });

  it('gst.returns with `since` asks for every year back to it, and says where its answer starts', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = (request) => (request.path === '/commonapi/v1.1/search' ? json('gstn-gsp', 'search-active') : json('gstn-gsp', 'error-ret13510'));
    upstream.requests.length = 0;
    const answer = await call(source, 'gst.returns', { gstin: '24AABCX1234X1ZR', since: '2023-02' });
    expect(answer).toMatchObject({ outcome: 'ok', value: { coversFrom: '2022-04' } });
    const tracks = upstream.requests.filter((r) => r.path === '/commonapi/v1.0/returns');
    expect(tracks.map((r) => r.query.get('fy')).sort()).toEqual(['2022-23', '2023-24', '2024-25', '2025-26', '2026-27']);
  });

  it('gst.returns asks for two more years when the filings turn out quarterly', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = (request) => {
      if (request.path === '/commonapi/v1.1/search') return json('gstn-gsp', 'search-active');
      return json('gstn-gsp', request.query.get('fy') === '2026-27' ? 'rettrack-quarterly' : 'error-ret13510');
    };
    upstream.requests.length = 0;
    const answer = await call(source, 'gst.returns', { gstin: '24AABCX1234X1ZR' });
    expect(answer).toMatchObject({ outcome: 'ok', value: { frequency: 'quarterly' } });
    const years = upstream.requests.filter((r) => r.path === '/commonapi/v1.0/returns').map((r) => r.query.get('fy'));
    expect(years.sort()).toEqual(['2023-24', '2024-25', '2025-26', '2026-27']);
  });

  it('gst.returns answers not_found when RETTRACK says SWEB_9035, and fails as a whole when one year fails', async () => {
    const source = sourceFor('gstn-gsp', '/gsp', credentials);
    upstream.script = (request) => (request.path === '/commonapi/v1.1/search' ? json('gstn-gsp', 'search-active') : json('gstn-gsp', 'error-sweb-9035'));
    expect((await call(source, 'gst.returns', { gstin: '24AABCX1234X1ZR' })).outcome).toBe('not_found');
    upstream.script = (request) => {
      if (request.path === '/commonapi/v1.1/search') return json('gstn-gsp', 'search-active');
      return request.query.get('fy') === '2025-26' ? { status: 503, text: 'down' } : json('gstn-gsp', 'rettrack-monthly');
    };
    expect((await call(source, 'gst.returns', { gstin: '24AABCX1234X1ZR' })).outcome).toBe('unavailable');
  });
});

describe('nic-einvoice', () => {
  it('answers unavailable for an HTTP 404, which only a wrong base URL gives', async () => {
    const source = sourceFor('nic-einvoice', '/nic', { client_id: 'c', client_secret: 's', Gstin: 'g', user_name: 'u', AuthToken: 't' });
    upstream.script = () => ({ status: 404, json: {} });
    expect((await call(source, 'gst.verify', { gstin: '29AWGPV7107B1Z1' })).outcome).toBe('unavailable');
  });
});

describe('pan-aggregator', () => {
  it('POSTs only the PAN: the name is matched by us and never leaves the service', async () => {
    const source = sourceFor('pan-aggregator', '/pan', { 'x-api-key': 'k' });
    upstream.script = () => json('pan-aggregator', 'valid-individual');
    upstream.requests.length = 0;
    await call(source, 'pan.verify', { pan: 'abcpv1234d' });
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', path: '/verification/pan', body: { pan: 'ABCPV1234D' } });
  });
});

describe('mca-master', () => {
  it('reads an LLP from /llps/{llpin}', async () => {
    const source = sourceFor('mca-master', '/mca', { 'x-api-key': 'k' });
    upstream.script = (request) => (request.path === '/llps/AAB-1234' ? json('mca-master', 'llp') : { status: 404, json: {} });
    expect(await call(source, 'mca.company', { llpin: 'aab-1234' })).toMatchObject({ outcome: 'ok', value: { entity_type: 'llp', llpin: 'AAB-1234', cin: null } });
  });

  it("gives MCA's class of a one person company as the interface document's Private", async () => {
    const source = sourceFor('mca-master', '/mca', { 'x-api-key': 'k' });
    const opc = { ...upstreamFixture('mca-master', 'company-private'), classOfCompany: 'Private(One Person Company)' };
    upstream.script = (request) => (request.path.startsWith('/companies/') ? { json: opc } : { status: 404, json: {} });
    const cin = (upstreamFixture('mca-master', 'company-private') as { cin: string }).cin;
    expect(await call(source, 'mca.company', { cin })).toMatchObject({ outcome: 'ok', value: { class: 'Private' } });
  });

  it('mca.directors looks up each DIN once, at most 4 at a time, and never a PAN', async () => {
    const source = sourceFor('mca-master', '/mca', { 'x-api-key': 'k' });
    const board = Array.from({ length: 9 }, (_, i) => ({
      dinOrPan: String(10_000_000 + i),
      name: `DIRECTOR ${i}`,
      designation: 'Director',
      beginDate: '01/01/2020',
      endDate: '-',
    }));
    const master = { ...upstreamFixture('mca-master', 'company-private'), directorsOrsignatoryDetails: [...board, board[0], { ...board[1]!, dinOrPan: 'ABCPS1234K' }] };
    let inFlight = 0;
    let most = 0;
    upstream.script = (request) => {
      if (request.path.startsWith('/companies/')) return { json: master };
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => inFlight--, 40);
      const din = request.path.slice('/directors/'.length);
      return { json: { directorData: { din, name: 'X', dinStatus: 'Approved' }, companyData: [] }, delayMs: 40 };
    };
    upstream.requests.length = 0;
    const answer = await call(source, 'mca.directors', { cin: 'U72200KA2009PTC049889' });
    expect(answer.outcome).toBe('ok');
    const lookups = upstream.requests.filter((r) => r.path.startsWith('/directors/')).map((r) => r.path);
    expect(lookups.sort()).toEqual(board.map((d) => `/directors/${d.dinOrPan}`).sort());
    expect(most).toBe(4);
  });

  it('mca.directors fails as a whole when a DIN look-up fails, and answers bad_response when MCA does not know a listed DIN', async () => {
    const source = sourceFor('mca-master', '/mca', { 'x-api-key': 'k' });
    upstream.script = (request) => (request.path.startsWith('/companies/') ? json('mca-master', 'company-private') : { status: 429, json: {} });
    expect((await call(source, 'mca.directors', { cin: 'U72200KA2009PTC049889' })).outcome).toBe('rate_limited');
    upstream.script = (request) => (request.path.startsWith('/companies/') ? json('mca-master', 'company-private') : { status: 404, json: {} });
    expect((await call(source, 'mca.directors', { cin: 'U72200KA2009PTC049889' })).outcome).toBe('bad_response');
  });
});

describe('kyb-aggregator', () => {
  it('maps a PAN to its CIN through /corporate/pan-to-cin', async () => {
    const source = sourceFor('kyb-aggregator', '/kyb', { 'x-api-key': 'k' });
    upstream.script = (request) => (request.path === '/corporate/pan-to-cin' ? json('kyb-aggregator', 'pan-to-cin-llp') : { status: 404, json: {} });
    upstream.requests.length = 0;
    expect(await call(source, 'mca.cin_to_pan', { pan: 'abafs1234c' })).toEqual({
      outcome: 'ok',
      value: { cin: null, llpin: 'AAB-1234', pan: 'ABAFS1234C', company_name: 'SHARMA AND ASSOCIATES LLP' },
    });
    expect(upstream.requests[0]?.body).toEqual({ pan: 'ABAFS1234C' });
  });

  it('sends the search name and limit, and reads an empty gstin_list as no GSTINs', async () => {
    const source = sourceFor('kyb-aggregator', '/kyb', { 'x-api-key': 'k' });
    upstream.script = () => json('kyb-aggregator', 'search');
    upstream.requests.length = 0;
    await call(source, 'mca.search', { name: 'tata', limit: 3 });
    expect(upstream.requests[0]?.body).toEqual({ name: 'tata', limit: 3 });
    upstream.script = () => json('kyb-aggregator', 'gst-by-pan-empty');
    expect(await call(source, 'gst.by_pan', { pan: 'AABCE1234F' })).toEqual({ outcome: 'ok', value: [] });
  });
});
