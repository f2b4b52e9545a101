import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/sim/simulator.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = '27AAPFU0939F1ZV';

describe('live source state and the response cache, through the API', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    const file = await writeSimSources(sim.url, { timeout_ms: 1_000, retries: 0, circuit: { failures: 2, cooloff_ms: 60_000 } }, (document) => {
      (document.sources.pan as Record<string, unknown>).cache_ttl_s = 60;
    });
    t = await createTestApp({ env: { BV_SOURCES: file } });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('answers a repeated call from the cache when the source has one, saying so in meta.data_freshness', async () => {
    const first = await t.post('/v1/pan/verify', { pan: 'AAPFU0939F' }, t.liveKey);
    const second = await t.post('/v1/pan/verify', { pan: 'AAPFU0939F' }, t.liveKey);
    expect(first.json()).toMatchObject({ meta: { data_freshness: 'live', charged: true } });
    expect(second.json()).toMatchObject({ meta: { data_freshness: 'cached', charged: true } });
    expect(second.json().data).toEqual(first.json().data);
    expect(sim.stats().routes['pan-aggregator.verify'].requests).toBe(1);
  });

  it('shows a source marked down after repeated failures in the admin view (and as a count in /readyz), and then skips it', async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { down: true } } });
    for (let i = 0; i < 2; i++) await t.post('/v1/gst/verify', { gstin: GSTIN }, t.liveKey);
    const callsBefore = sim.stats().upstreams['gstn-gsp'].requests;
    // Marked down: the next call goes straight to the second source.
    const next = await t.post('/v1/gst/verify', { gstin: GSTIN }, t.liveKey);
    expect(next.statusCode).toBe(200);
    expect(sim.stats().upstreams['gstn-gsp'].requests).toBe(callsBefore);

    const admin = await t.admin('GET', '/admin/v1/sources');
    expect(admin.statusCode).toBe(200);
    const gsp = (admin.json() as { live: { sources: Record<string, unknown>[] } }).live.sources.find((s) => s.name === 'gsp');
    expect(gsp).toMatchObject({ adapter: 'gstn-gsp', state: 'down', in_flight: 0, recent_calls: 2, recent_errors: 2, recent_error_rate: 1, max_in_flight: 8 });
    expect(gsp?.down_for_ms).toBeGreaterThan(0);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    // /readyz is public: counts only, no source names, limits or error rates.
    expect(ready.json()).toEqual({
      status: 'ready',
      redis: 'ok',
      sources: { sandbox: { checks_with_sources: 9 }, live: { checks_with_sources: 9, sources_up: 4, sources_down: 1 } },
    });
    expect((admin.json() as { live: { checks: Record<string, string[]> } }).live.checks['gst.verify']).toEqual(['gsp', 'einvoice']);
  });

  it('refuses the admin sources view to a customer key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/v1/sources', headers: { authorization: `Bearer ${t.liveKey}` } });
    expect(response.statusCode).toBe(401);
  });
});
