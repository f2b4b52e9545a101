import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckName } from '../../src/domain/operations.js';
import { OPERATIONS } from '../../src/domain/operations.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { requestFor, SCENARIOS } from '../helpers/scenarios.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const CASES = SCENARIOS.flatMap((scenario) =>
  (Object.keys(scenario.expect) as CheckName[]).flatMap((check) => {
    const body = requestFor(check, scenario.identifiers);
    return body === undefined ? [] : [{ name: `${scenario.name} ${check}`, check, body, status: scenario.expect[check] as number }];
  }),
);

/**
 * The first proof: a live key, served by the HTTP adapters from the upstream simulator
 * (which serves the sandbox registry in the real wire formats), answers every scenario
 * identifier exactly as a sandbox key does: same status, same normalised record.
 */
describe('live sources over the simulator give the sandbox\'s records', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    // Short time-outs keep the 504 scenarios quick; a circuit that never opens keeps the 503
    // fault triggers from marking a source down for the scenarios that follow them.
    const file = await writeSimSources(sim.url, { timeout_ms: 1_000, circuit: { failures: 1_000 } });
    t = await createTestApp({ env: { BV_SOURCES: file } });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 100_000, reference: 'live-sources test' });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('covers every operation', () => {
    expect(new Set(CASES.map((c) => c.check))).toEqual(new Set(Object.keys(OPERATIONS).filter((op) => op !== 'business360')));
  });

  it.each(CASES)('$name', async ({ check, body, status }) => {
    const path = OPERATIONS[check].path;
    const [sandbox, live] = await Promise.all([t.post(path, body), t.post(path, body, t.liveKey)]);
    expect(sandbox.statusCode).toBe(status);
    expect(live.statusCode, live.body).toBe(status);
    const s = sandbox.json() as { data?: unknown; error?: { code: string } };
    const l = live.json() as { data?: unknown; error?: { code: string }; meta?: { environment: string } };
    expect(l.data).toEqual(s.data);
    expect(l.error?.code).toEqual(s.error?.code);
    if (status === 200) expect(l.meta?.environment).toBe('live');
  });
});
