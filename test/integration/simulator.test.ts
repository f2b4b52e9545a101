import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { istDate } from '../../src/domain/dates.js';
import { financialYearOf } from '../../src/sim/wire-format.js';
import { startSimulator, type RouteName, type RunningSimulator } from '../../src/sim/simulator.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { SCENARIOS, scenario } from '../helpers/scenarios.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read wire answers by path
type Json = any;
const registry = loadSandboxRegistry();
const GSP_HEADERS = { aspid: 'asp', 'asp-secret': 'secret', 'session-id': 'session', 'ip-usr': '10.0.0.1', txn: 'txn-1' };
const NIC_HEADERS = { client_id: 'id', client_secret: 'secret', Gstin: '27AAPFU0939F1ZV', user_name: 'user', AuthToken: 'token' };
const KEY_HEADERS = { 'x-api-key': 'key' };

interface Call {
  route: RouteName;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** The request each route is sent for one identifier (or search name), with full credentials. */
function callFor(route: RouteName, id: string): Call {
  const fy = financialYearOf(istDate(new Date()).slice(0, 7));
  switch (route) {
    case 'gstn-gsp.search':
      return { route, path: `/gsp/commonapi/v1.1/search?action=TP&gstin=27AAPFU0939F1ZV&searchgstin=${id}`, headers: GSP_HEADERS };
    case 'gstn-gsp.returns':
      return { route, path: `/gsp/commonapi/v1.0/returns?action=RETTRACK&gstin=${id}&fy=${fy}`, headers: GSP_HEADERS };
    case 'nic-einvoice.gstin':
      return { route, path: `/nic/eivital/v1.04/Master/gstin/${id}`, headers: NIC_HEADERS };
    case 'pan-aggregator.verify':
      return { route, path: '/pan/verification/pan', headers: KEY_HEADERS, body: { pan: id } };
    case 'mca-master.company':
      return { route, path: `/mca/companies/${id}`, headers: KEY_HEADERS };
    case 'mca-master.llp':
      return { route, path: `/mca/llps/${id}`, headers: KEY_HEADERS };
    case 'mca-master.director':
      return { route, path: `/mca/directors/${id}`, headers: KEY_HEADERS };
    case 'kyb-aggregator.by-pan':
      return { route, path: '/kyb/gst/by-pan', headers: KEY_HEADERS, body: { pan: id } };
    case 'kyb-aggregator.cin-to-pan':
      return { route, path: '/kyb/corporate/cin-to-pan', headers: KEY_HEADERS, body: { cin: id } };
    case 'kyb-aggregator.pan-to-cin':
      return { route, path: '/kyb/corporate/pan-to-cin', headers: KEY_HEADERS, body: { pan: id } };
    case 'kyb-aggregator.search':
      return { route, path: '/kyb/corporate/search', headers: KEY_HEADERS, body: { name: id, limit: 5 } };
  }
}

let sim: RunningSimulator;

async function send(call: Call, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(`${sim.url}${call.path}`, {
    method: call.body === undefined ? 'GET' : 'POST',
    headers: { ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.headers ?? call.headers) },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: init.signal,
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

function request(route: RouteName, id: string, init?: Parameters<typeof send>[1]) {
  return send(callFor(route, id), init);
}

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Waits (briefly) until a condition on the statistics holds: a client's abort reaches the server a moment later. */
async function eventually(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, holdMaxMs: 5_000 });
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  sim.replaceConfig({});
  sim.resetStats();
});

describe('upstream simulator: wire formats for the sandbox scenarios', () => {
  const ok = (check: string) => SCENARIOS.filter((s) => s.expect[check as keyof typeof s.expect] === 200);

  it('serves GST records on gstn-gsp and nic-einvoice, and returns on RETTRACK', async () => {
    for (const s of ok('gst.verify')) {
      const gstin = s.identifiers.gstin!;
      const record = registry.gstVerify(gstin)!;
      const gsp = await request('gstn-gsp.search', gstin);
      expect(gsp.status).toBe(200);
      expect(gsp.body).toMatchObject({ gstin, lgnm: record.legal_name, pradr: { addr: { pncd: record.principal_place.pincode } } });
      const nic = await request('nic-einvoice.gstin', gstin);
      expect(nic.body).toMatchObject({ Gstin: gstin, LegalName: record.legal_name, StateCode: Number(gstin.slice(0, 2)) });
    }
    for (const s of ok('gst.returns')) {
      const returns = await request('gstn-gsp.returns', s.identifiers.gstin!);
      expect(returns.status).toBe(200);
      expect(Array.isArray(returns.body.EFiledlist) || returns.body.error?.error_cd === 'RET13510').toBe(true);
    }
    // A scenario whose returns source alone is down: search answers, RETTRACK says the GST system is down.
    const returnsDown = scenario('returns-unavailable').identifiers.gstin!;
    expect((await request('gstn-gsp.search', returnsDown)).body.gstin).toBe(returnsDown);
    expect((await request('gstn-gsp.returns', returnsDown)).body.error.error_cd).toBe('GSPERR300');
  });

  it('serves PAN, GSTIN-by-PAN and CIN↔PAN answers', async () => {
    for (const s of ok('pan.verify')) {
      const pan = s.identifiers.pan!;
      const answer = registry.panVerify(pan);
      expect((await request('pan-aggregator.verify', pan)).body).toMatchObject({ pan, pan_status: answer.statusCode, name: answer.fullName });
    }
    for (const s of ok('gst.by_pan')) {
      const list = registry.gstByPan(s.identifiers.pan!)!;
      const wire = await request('kyb-aggregator.by-pan', s.identifiers.pan!);
      expect(wire.body.gstin_list.map((g: { gstin: string }) => g.gstin)).toEqual(list.map((g) => g.gstin));
    }
    const clean = scenario('clean-company').identifiers;
    expect((await request('kyb-aggregator.cin-to-pan', clean.cin!)).body).toMatchObject({ cin: clean.cin, pan: clean.pan, llpin: null });
    expect((await request('kyb-aggregator.pan-to-cin', clean.pan!)).body).toMatchObject({ cin: clean.cin, pan: clean.pan });
  });

  it('serves companies, LLPs, directors and search on mca-master and kyb-aggregator', async () => {
    for (const s of ok('mca.company')) {
      const { cin, llpin } = s.identifiers;
      const wire = cin !== undefined ? await request('mca-master.company', cin) : await request('mca-master.llp', llpin!);
      expect(wire.status).toBe(200);
      expect(wire.body[cin !== undefined ? 'cin' : 'llpin']).toBe(cin ?? llpin);
      expect(wire.body.registeredAddress).toMatch(/, India, \d{6}$/);
    }
    for (const s of ok('mca.din')) {
      const wire = await request('mca-master.director', s.identifiers.din!);
      expect(wire.body.directorData.din).toBe(s.identifiers.din);
    }
    const search = await request('kyb-aggregator.search', 'sahyadri');
    expect(search.body.results.length).toBe(registry.search('sahyadri').length);
  });
});

describe('upstream simulator: credentials, not found and fault triggers', () => {
  it('answers 401 in each upstream\'s style when a credential header is missing or empty', async () => {
    const gsp = await request('gstn-gsp.search', '27AAPFU0939F1ZV', { headers: { ...GSP_HEADERS, txn: '' } });
    expect(gsp).toMatchObject({ status: 401, body: { status_cd: '0' } });
    const { AuthToken: _token, ...nicWithoutToken } = NIC_HEADERS;
    expect(await request('nic-einvoice.gstin', '27AAPFU0939F1ZV', { headers: nicWithoutToken })).toMatchObject({ status: 401, body: { Status: 0 } });
    for (const route of ['pan-aggregator.verify', 'mca-master.company', 'kyb-aggregator.by-pan'] as const) {
      expect((await request(route, 'AAJCS4821K', { headers: {} })).status).toBe(401);
    }
  });

  it('answers not found in each upstream\'s own way', async () => {
    const unknown = (kind: string) => SCENARIOS.find((s) => s.name === `unknown-${kind}`)!.identifiers;
    expect((await request('gstn-gsp.search', unknown('gstin').gstin!)).body).toEqual({ status_cd: '0', error: { error_cd: 'SWEB_9035', message: 'Invalid GSTIN / UID' } });
    expect((await request('gstn-gsp.returns', unknown('gstin').gstin!)).body.error.error_cd).toBe('SWEB_9035');
    const nic = await request('nic-einvoice.gstin', unknown('gstin').gstin!);
    expect(nic).toMatchObject({ status: 200, body: { Status: 0, ErrorDetails: [{ ErrorCode: '3001' }] } });
    expect((await request('pan-aggregator.verify', unknown('pan').pan!)).body).toMatchObject({ pan_status: 'N', name: '', status: 'INVALID' });
    expect((await request('mca-master.company', unknown('cin').cin!)).status).toBe(404);
    expect((await request('mca-master.llp', unknown('llpin').llpin!)).status).toBe(404);
    expect((await request('mca-master.director', unknown('din').din!)).status).toBe(404);
    expect((await request('kyb-aggregator.by-pan', unknown('pan').pan!)).status).toBe(404);
    expect((await request('kyb-aggregator.cin-to-pan', unknown('cin').cin!)).status).toBe(404);
  });

  it('plays the 5030 triggers as the upstream being down', async () => {
    const down = SCENARIOS.find((s) => s.name === 'unavailable-gstin')!.identifiers.gstin!;
    expect(await request('gstn-gsp.search', down)).toMatchObject({ status: 200, body: { error: { error_cd: 'GSPERR300' } } });
    expect((await request('gstn-gsp.search', down)).body.error.message).toContain('GSPGSTDOWN');
    expect((await request('nic-einvoice.gstin', down)).status).toBe(503);
    expect((await request('mca-master.company', SCENARIOS.find((s) => s.name === 'unavailable-cin')!.identifiers.cin!)).status).toBe(503);
    expect((await request('kyb-aggregator.search', 'FAULT 503')).status).toBe(503);
  });

  it('holds a 5040 trigger unanswered until the client gives up, and counts it out then', async () => {
    const din = SCENARIOS.find((s) => s.name === 'timeout-din')!.identifiers.din!;
    const started = Date.now();
    await expect(request('mca-master.director', din, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await eventually(() => sim.stats().routes['mca-master.director'].by_status.aborted === 1);
    expect(sim.stats().upstreams['mca-master'].in_flight).toBe(0);
  });
});

describe('upstream simulator: injected misbehaviour', () => {
  it('adds the configured latency', async () => {
    sim.configure({ upstreams: { 'mca-master': { latencyMs: 200 } } });
    const started = Date.now();
    expect((await request('mca-master.director', '09900001')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('counts the latency from the request\'s arrival, its own work included, not added after it', async () => {
    // An answer that takes 300 ms of the simulator's own work (its clock is read while the
    // answer is built), under a latency of 400 ms: it arrives at about 400 ms, not 700.
    const slow = await startSimulator({
      port: 0,
      now: () => {
        const until = performance.now() + 300;
        while (performance.now() < until);
        return new Date();
      },
      config: { upstreams: { 'mca-master': { latencyMs: 400 } } },
    });
    try {
      const started = performance.now();
      const response = await fetch(`${slow.url}/mca/directors/09900001`, { headers: KEY_HEADERS });
      expect(response.status).toBe(200);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(390);
      expect(elapsed).toBeLessThan(650);
    } finally {
      await slow.close();
    }
  });

  it('answers every request with an error at error rate 1 (503, or the GSP\'s 200 down body)', async () => {
    sim.configure({ upstreams: { 'kyb-aggregator': { errorRate: 1 }, 'gstn-gsp': { errorRate: 1 } } });
    const kyb = await Promise.all(Array.from({ length: 10 }, () => request('kyb-aggregator.pan-to-cin', 'AAJCS4821K')));
    expect(kyb.map((r) => r.status)).toEqual(Array(10).fill(503));
    for (const r of await Promise.all(Array.from({ length: 10 }, () => request('gstn-gsp.search', '27AAPFU0939F1ZV')))) {
      expect(r.status === 503 || r.body.error?.message.includes('GSPGSTDOWN')).toBe(true);
    }
  });

  it('answers 503 while an upstream is down, and a route setting overrides its upstream\'s', async () => {
    sim.configure({ upstreams: { 'mca-master': { down: true } }, routes: { 'mca-master.director': { down: false } } });
    expect((await request('mca-master.company', 'U10611MH2011PTC221847')).status).toBe(503);
    expect((await request('mca-master.director', '09900001')).status).toBe(200);
  });

  it('alternates up and down windows when flapping', async () => {
    sim.configure({ upstreams: { 'pan-aggregator': { flap: { upMs: 500, downMs: 300 } } } });
    const statuses: number[] = [];
    const until = Date.now() + 1_600;
    while (Date.now() < until) {
      statuses.push((await request('pan-aggregator.verify', 'AAPFU0939F')).status);
      await sleep(25);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(503);
    // Runs of answers, e.g. 200 200 503 503 200: an up window came back after a down one.
    const runs = statuses.filter((s, i) => i === 0 || s !== statuses[i - 1]);
    expect(runs.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 429 with Retry-After beyond the rate limit', async () => {
    sim.configure({ upstreams: { 'kyb-aggregator': { rateLimitPerSecond: 3 } } });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => request(i % 2 === 0 ? 'kyb-aggregator.by-pan' : 'kyb-aggregator.pan-to-cin', 'AAJCS4821K')));
    expect(results.filter((r) => r.status === 429)).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('holds requests at time-out rate 1 until the client gives up', async () => {
    sim.configure({ routes: { 'nic-einvoice.gstin': { timeoutRate: 1 } } });
    await expect(request('nic-einvoice.gstin', '27AAPFU0939F1ZV', { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    await eventually(() => sim.stats().routes['nic-einvoice.gstin'].in_flight === 0);
  });

  it('counts the maximum in flight exactly, per route and per upstream, until each client leaves', async () => {
    // Held requests stay in flight as long as their clients wait: an exact count, free of timing.
    sim.configure({ upstreams: { 'mca-master': { timeoutRate: 1 } } });
    const controller = new AbortController();
    const calls = [
      ...Array.from({ length: 6 }, () => request('mca-master.director', '09900001', { signal: controller.signal })),
      ...Array.from({ length: 2 }, () => request('mca-master.company', 'U10611MH2011PTC221847', { signal: controller.signal })),
    ].map((call) => call.catch(() => 'aborted'));
    await eventually(() => sim.stats().upstreams['mca-master'].in_flight === 8);
    controller.abort();
    expect(await Promise.all(calls)).toEqual(Array(8).fill('aborted'));
    await eventually(() => sim.stats().upstreams['mca-master'].in_flight === 0);
    const stats = sim.stats();
    expect(stats.upstreams['mca-master']).toEqual({ requests: 8, in_flight: 0, max_in_flight: 8, by_status: { aborted: 8 } });
    expect(stats.routes['mca-master.director']).toMatchObject({ requests: 6, max_in_flight: 6 });
    expect(stats.routes['mca-master.company']).toMatchObject({ requests: 2, max_in_flight: 2 });
    expect((await control('POST', '/_sim/stats/reset')).body.upstreams['mca-master']).toMatchObject({ requests: 0, max_in_flight: 0 });
  });

  it('counts answered requests out when their last byte is sent', async () => {
    sim.configure({ upstreams: { 'mca-master': { latencyMs: { minMs: 50, maxMs: 150 } } } });
    await Promise.all(Array.from({ length: 4 }, () => request('mca-master.director', '09900001')));
    const stats = sim.stats().upstreams['mca-master'];
    expect(stats).toMatchObject({ requests: 4, in_flight: 0, by_status: { '200': 4 } });
    expect(stats.max_in_flight).toBeGreaterThanOrEqual(1);
    expect(stats.max_in_flight).toBeLessThanOrEqual(4);
  });
});

describe('upstream simulator: shutdown', () => {
  it('closes at once even while requests are held or delayed', async () => {
    const other = await startSimulator({ port: 0, config: { upstreams: { 'mca-master': { timeoutRate: 1 }, 'kyb-aggregator': { latencyMs: 30_000 } } } });
    const pending = [
      fetch(`${other.url}/mca/directors/09900001`, { headers: KEY_HEADERS }).catch(() => 'dropped'),
      fetch(`${other.url}/kyb/gst/by-pan`, { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: '{"pan":"AAJCS4821K"}' }).catch(() => 'dropped'),
    ];
    await eventually(() => other.stats().upstreams['mca-master'].in_flight === 1 && other.stats().upstreams['kyb-aggregator'].in_flight === 1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await Promise.all(pending)).toEqual(['dropped', 'dropped']);
  });
});

describe('upstream simulator: control endpoint', () => {
  it('replaces on PUT, merges on PATCH and clears a field with null', async () => {
    await control('PUT', '/_sim/config', { upstreams: { 'gstn-gsp': { errorRate: 0.5 } } });
    expect((await control('PUT', '/_sim/config', { routes: { 'mca-master.llp': { latencyMs: { minMs: 1, maxMs: 5 } } } })).body).toEqual({
      routes: { 'mca-master.llp': { latencyMs: { minMs: 1, maxMs: 5 } } },
    });
    await control('PATCH', '/_sim/config', { routes: { 'mca-master.llp': { down: true } } });
    await control('PATCH', '/_sim/config', { routes: { 'mca-master.llp': { latencyMs: null } } });
    expect((await control('GET', '/_sim/config')).body).toEqual({ routes: { 'mca-master.llp': { down: true } } });
  });

  it('rejects bad configuration with 400 and a message naming the field', async () => {
    const bad = [
      [{ upstreams: { 'kyb-aggregator': { errorRate: 2 } } }, 'upstreams.kyb-aggregator.errorRate'],
      [{ upstreams: { 'no-such-upstream': { down: true } } }, 'upstreams'],
      [{ routes: { 'gstn-gsp.search': { latencyMs: { minMs: 50, maxMs: 10 } } } }, 'minMs must not exceed maxMs'],
      [{ routes: { 'gstn-gsp.search': { retries: 3 } } }, 'retries'],
    ] as const;
    for (const [body, mention] of bad) {
      const response = await control('PUT', '/_sim/config', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(mention);
    }
    expect((await control('GET', '/_sim/config')).body).toEqual({});
  });
});
