import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { DepsOverrides } from '../../src/deps.js';
import type { ScriptDefinition } from '../../src/store/redis/scripts.js';
import { HOLD, RESOLVE } from '../../src/store/wallet/wallet-scripts.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { countingSandbox } from '../helpers/counting-source.js';
import { startRedisProxy, type RedisProxy } from '../helpers/redis-proxy.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const sha = (script: ScriptDefinition) => createHash('sha1').update(script.lua).digest('hex');

/** The app on the test Redis through a fault proxy, after one call that makes Redis learn the scripts. */
async function appBehindProxy(overrides: DepsOverrides = {}): Promise<{ proxy: RedisProxy; t: TestApp }> {
  const target = new URL(inject('redisUrl'));
  const proxy = await startRedisProxy(Number(target.port));
  // The test Redis asks for a password; the proxy passes AUTH through like any command.
  const through = new URL(proxy.url);
  through.password = target.password;
  const t = await createTestApp({ ...overrides, redisUrl: through.toString() });
  // So that a reply lost later is the script's, not a NOSCRIPT.
  expect((await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' })).statusCode).toBe(200);
  return { proxy, t };
}

/**
 * The API's connection to Redis drops just after the wallet's hold or commit ran in Redis and
 * before its reply arrived: the process cannot know the money moved. ioredis sends the command
 * again once it reconnects, and runBilled tries a commit again when Redis stays out of reach
 * for longer. Either way the call must answer what happened: billed once, and `charged: true`
 * when it was billed. A real Redis, behind a proxy that loses the reply and cuts the line.
 */
describe('a wallet reply lost to a dropped Redis connection', () => {
  let proxy: RedisProxy;
  let t: TestApp;

  beforeAll(async () => {
    ({ proxy, t } = await appBehindProxy());
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  /** Calls GST Verify while the reply to `script` is lost and the line then cut for `downMs`. */
  async function callLosing(script: ScriptDefinition, downMs: number): Promise<{ response: LightMyRequestResponse; swallowed: string }> {
    const lost = proxy.swallowReplyTo(sha(script), 100);
    const call = t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' });
    const swallowed = (await lost).toString('latin1');
    proxy.dropConnections(downMs);
    return { response: await call, swallowed };
  }

  async function expectBilledOnce(response: LightMyRequestResponse, balanceBeforePaise: number): Promise<void> {
    expect(response.statusCode, response.body).toBe(200);
    const { request_id: requestId, meta } = response.json() as { request_id: string; meta: { charged: boolean; amount_inr: number } };
    expect(meta).toMatchObject({ charged: true, amount_inr: 0.75 });
    const balance = await t.deps.wallet.of('sandbox').balance(t.accountId);
    expect(balance).toEqual({ balancePaise: balanceBeforePaise - 75, heldPaise: 0, availablePaise: balanceBeforePaise - 75 });
    const lines = (await t.deps.wallet.of('sandbox').ledger(t.accountId, 50)).entries.filter((entry) => entry.reference === requestId);
    expect(lines.map((entry) => [entry.type, entry.amountPaise])).toEqual([
      ['commit', 75],
      ['hold', 75],
    ]);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).problems).toEqual([]);
  }

  it('answers a commit that ran, and whose reply ioredis sent again for, as charged, once', async () => {
    const before = (await t.deps.wallet.of('sandbox').balance(t.accountId)).balancePaise;
    const { response, swallowed } = await callLosing(RESOLVE, 0);
    // The commit ran in Redis: its lost reply said it charged 75 paise.
    expect(swallowed).toContain('$2\r\nok\r\n:75\r\n');
    await expectBilledOnce(response, before);
  });

  it('runs the call when the reply to its hold was lost, rather than refusing it its own hold', async () => {
    const before = (await t.deps.wallet.of('sandbox').balance(t.accountId)).balancePaise;
    const { response, swallowed } = await callLosing(HOLD, 0);
    expect(swallowed).toContain('$2\r\nok\r\n');
    await expectBilledOnce(response, before);
  });

  it('answers as charged, once, a commit whose reply a second-and-a-half outage lost (sent again on reconnecting)', async () => {
    const before = (await t.deps.wallet.of('sandbox').balance(t.accountId)).balancePaise;
    const { response, swallowed } = await callLosing(RESOLVE, 1_500);
    expect(swallowed).toContain('$2\r\nok\r\n:75\r\n');
    await expectBilledOnce(response, before);
  });
});

/**
 * A commit first sent while Redis is out of reach: ioredis fails it after its 3 reconnection
 * tries (some 300 ms), and runBilled tries it again until Redis is back. A slow source lets
 * the outage begin after the hold and before the commit.
 */
describe('a commit sent while Redis is out of reach for a second', () => {
  let proxy: RedisProxy;
  let t: TestApp;

  beforeAll(async () => {
    ({ proxy, t } = await appBehindProxy({ chains: countingSandbox({ delayMs: 300 }).chains }));
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('is tried again once Redis is back, and the call answers charged, once', async () => {
    const before = (await t.deps.wallet.of('sandbox').balance(t.accountId)).balancePaise;
    const call = t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' });
    // The hold is placed; the source takes 300 ms; the line goes down for 1.5 s meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.dropConnections(1_500);
    const response = await call;
    expect(response.statusCode, response.body).toBe(200);
    const { request_id: requestId, meta } = response.json() as { request_id: string; meta: { charged: boolean; amount_inr: number } };
    expect(meta).toMatchObject({ charged: true, amount_inr: 0.75 });
    expect(await t.deps.wallet.of('sandbox').balance(t.accountId)).toEqual({ balancePaise: before - 75, heldPaise: 0, availablePaise: before - 75 });
    const lines = (await t.deps.wallet.of('sandbox').ledger(t.accountId, 50)).entries.filter((entry) => entry.reference === requestId);
    expect(lines.map((entry) => entry.type)).toEqual(['commit', 'hold']);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).problems).toEqual([]);
  });
});
