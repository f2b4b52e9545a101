import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/sim/simulator.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = '27AAPFU0939F1ZV';

/**
 * GST Verify's live chain is gstn-gsp then nic-einvoice (samples/sources.sim.json), over real
 * HTTP to the simulator, whose faults are switched per test.
 */
describe('POST /v1/gst/verify on a live key with the first GST source failing', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  const verify = () => t.post('/v1/gst/verify', { gstin: GSTIN }, t.liveKey);

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    // Each source may take 600 ms; the whole call 2.5 s. No retries, and a circuit that stays
    // closed, so each test sees exactly the faults it sets.
    const file = await writeSimSources(sim.url, { timeout_ms: 600, retries: 0, circuit: { failures: 1_000 } });
    t = await createTestApp({ env: { BV_SOURCES: file, BV_REQUEST_BUDGET_MS: '2500' } });
  });
  afterEach(() => sim.configure({ upstreams: { 'gstn-gsp': { down: null, latencyMs: null }, 'nic-einvoice': { down: null, latencyMs: null } } }));
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('answers 200 from the full record of the first source when it is up', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { gstin: GSTIN, constitution: 'Limited Liability Partnership' }, meta: { charged: true } });
  });

  it('answers 200 from the second source (a thinner record) when the first is down', async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { down: true } } });
    const response = await verify();
    expect(response.statusCode, response.body).toBe(200);
    // nic-einvoice has no constitution, nature of business or e-invoice flag.
    expect(response.json()).toMatchObject({ data: { gstin: GSTIN, constitution: '', nature_of_business: [] }, meta: { charged: true } });
  });

  it('answers 503, unbilled, when both are down', async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { down: true }, 'nic-einvoice': { down: true } } });
    const response = await verify();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'PROVIDER_UNAVAILABLE' }, meta: { charged: false } });
  });

  it('falls back to the second source, before the budget runs out, when the first is too slow', async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 5_000 } } });
    const response = await verify();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { gstin: GSTIN, constitution: '' } });
  });

  it('answers 504, unbilled, when every source is too slow', async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 5_000 }, 'nic-einvoice': { latencyMs: 5_000 } } });
    const response = await verify();
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ error: { code: 'PROVIDER_TIMEOUT' }, meta: { charged: false } });
  });

  it('answers 504 when the call\'s budget runs out before the chain is done', async () => {
    // The first source's 2 s time-out leaves 0.5 s of the 2.5 s budget: it ends during the second's wait.
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 5_000 }, 'nic-einvoice': { latencyMs: 5_000 } } });
    const file = await writeSimSources(sim.url, { timeout_ms: 2_000, retries: 0, circuit: { failures: 1_000 } });
    const tight = await createTestApp({ env: { BV_SOURCES: file, BV_REQUEST_BUDGET_MS: '2500' } });
    try {
      const response = await tight.post('/v1/gst/verify', { gstin: GSTIN }, tight.liveKey);
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ error: { code: 'PROVIDER_TIMEOUT' } });
    } finally {
      await tight.close();
    }
  });
});

describe('live keys without a sources file', () => {
  it('answer 503 saying no live source is configured for the check', async () => {
    const t = await createTestApp();
    try {
      const response = await t.post('/v1/gst/verify', { gstin: GSTIN }, t.liveKey);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: { code: 'PROVIDER_UNAVAILABLE', message: 'No live source is configured for gst.verify' } });
    } finally {
      await t.close();
    }
  });
});
