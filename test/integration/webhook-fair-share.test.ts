import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * Found by review: webhook deliveries shared one pool of 8, and a receiver that hangs holds
 * its slot until the request times out (10 s), so one account with a slow endpoint and a few
 * dozen jobs delayed every other account's webhooks by minutes.
 */
describe("one account's slow webhook receiver", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_WEBHOOK_ALLOW_PRIVATE: 'true', BV_WEBHOOK_CONCURRENCY: '4', BV_WEBHOOK_ACCOUNT_CONCURRENCY: '2' } });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  it("takes only its account's share of the delivery slots: another account's webhook goes out meanwhile", { timeout: 60_000 }, async () => {
    // Holds every request open until released; counts those that gave up first (timed out).
    const held: ServerResponse[] = [];
    let open = 0;
    let abandoned = 0;
    const hanging = createServer((request: IncomingMessage, response: ServerResponse) => {
      open++;
      held.push(response);
      request.resume();
      response.on('close', () => {
        open--;
        if (!response.writableEnded) abandoned++;
      });
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const fast = await startWebhookReceiver();
    try {
      const slowUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks`;
      // Invalid rows only: each job finishes at once, without any upstream call.
      for (let i = 0; i < 10; i++) {
        const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: 'bad' }], webhook_url: slowUrl });
        expect(created.statusCode, created.body).toBe(202);
      }
      for (let i = 0; i < 400 && open < 2; i++) await sleep(25);
      expect(open).toBe(2);

      const other = await t.admin('POST', '/admin/v1/accounts', { name: 'neighbour', balance_inr: 10 });
      const otherKey = (other.json() as { sandbox_key: string }).sandbox_key;
      const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: 'bad' }], webhook_url: fast.url }, otherKey);
      expect(created.statusCode, created.body).toBe(202);
      for (let i = 0; i < 800 && fast.received.length === 0; i++) await sleep(25);
      expect(fast.received).toHaveLength(1);
      // It went out while the slow account's requests were all still held: none had timed out
      // to free a slot, and the slow account never had more than its share open.
      expect(abandoned).toBe(0);
      expect(open).toBe(2);
    } finally {
      for (const response of held) if (!response.writableEnded) response.writeHead(200).end();
      hanging.close();
      fast.close();
    }
  });
});
