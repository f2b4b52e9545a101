import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness360 } from '../../src/orchestration/business360/run-business360.js';
import { MODULES } from '../../src/domain/business360/profile.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { business360Timing } from '../helpers/b360-timing.js';
import { scenario } from '../helpers/scenarios.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const LATENCY_MS = 300;
const UPSTREAMS = ['gstn-gsp', 'nic-einvoice', 'pan-aggregator', 'mca-master', 'kyb-aggregator'] as const;

/**
 * Business360 on a live key, over real HTTP to the simulator adding 300 ms to every upstream
 * request: the modules run in parallel, each as soon as its identifier is resolved. The
 * ratio total / (resolution + slowest module) is logged; the figures belong to
 * `npm run bench:b360`, so this test asserts the overlap itself, not a duration.
 */
describe('Business360 on live sources with 300 ms upstreams', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    sim.configure({ upstreams: Object.fromEntries(UPSTREAMS.map((u) => [u, { latencyMs: LATENCY_MS }])) });
    t = await createTestApp({ env: { BV_SOURCES: await writeSimSources(sim.url) } });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 1_000, reference: 'b360 live' });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('answers the full bundle through the API on a live key like the sandbox does', async () => {
    const ids = scenario('clean-company').identifiers;
    const [live, sandbox] = await Promise.all([
      t.post('/v1/business360', { gstin: ids.gstin }, t.liveKey),
      t.post('/v1/business360', { gstin: ids.gstin }),
    ]);
    expect(live.statusCode, live.body).toBe(200);
    const l = live.json() as { data: Record<string, { status: string; data: unknown }>; meta: Record<string, unknown> };
    const s = sandbox.json() as typeof l;
    for (const m of MODULES) expect(l.data[m]?.data, m).toEqual(s.data[m]?.data);
    expect(l.data.summary).toEqual(s.data.summary);
    expect(l.meta).toMatchObject({ environment: 'live', amount_inr: 10, checks: 6 });
  });

  it.each([
    ['gstin', { gstin: scenario('clean-company').identifiers.gstin as string }],
    ['cin', { cin: scenario('clean-company').identifiers.cin as string }],
    ['pan', { pan: scenario('clean-company').identifiers.pan as string }],
  ])('runs the modules of a %s entry in parallel', async (_entry, ids) => {
    const run = createBusiness360(t.deps.verifier);
    const result = await run({ ...ids, include: [...MODULES] }, { environment: 'live', budgetMs: 15_000, now: new Date() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const m of MODULES) expect(result.profile[m].status, m).toBe('ok');
    const timing = business360Timing(result.profile, result.stepsMs);
    console.log(
      `business360 ${_entry}: total ${timing.totalMs} ms, resolution ${timing.resolutionMs} ms, slowest module ${timing.slowestModuleMs} ms, ratio ${timing.ratio.toFixed(2)}`,
    );
    // Every module really went upstream (each request takes at least the injected 300 ms)...
    for (const m of MODULES) expect(result.profile[m].latency_ms, m).toBeGreaterThanOrEqual(LATENCY_MS - 5);
    // ...and the modules that need only the entry identifier ran at the same time: each began
    // before any of them ended. Run one after another, none would overlap.
    const first = { gstin: ['gst', 'gst_returns', 'pan'], cin: ['company', 'directors'], pan: ['pan'] }[_entry] as (keyof typeof timing.windows)[];
    if (first.length > 1) {
      const windows = first.map((m) => timing.windows[m] as [number, number]);
      expect(Math.max(...windows.map(([start]) => start))).toBeLessThan(Math.min(...windows.map(([, end]) => end)));
    }
    // Modules never wait for more than the resolution they need: with modules in parallel,
    // the call ends when its slowest module does.
    const ends = Object.values(timing.windows).map(([, end]) => end);
    expect(Math.max(...ends)).toBeLessThanOrEqual(timing.totalMs);
  });
});
