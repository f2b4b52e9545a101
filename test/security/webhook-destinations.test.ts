import type { LookupFunction } from 'node:net';
import { UnrecoverableError } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { deliverWebhook, type WebhookEvent } from '../../src/webhooks/deliver-webhook.js';
import { publicOnlyLookup } from '../../src/webhooks/webhook-destination.js';
import { WebhookStore } from '../../src/store/bulk-jobs/webhooks.js';
import { multipartUpload, waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { envelopeOf } from './routes.js';

const GSTIN = '27AAPFU0939F1ZV';

/** URLs the default refuses at intake: loopback, private, link-local (cloud metadata), unspecified, in their odd spellings too. */
const NON_PUBLIC = [
  'http://127.0.0.1:8080/hooks',
  'http://localhost/hooks',
  'http://LOCALHOST./hooks',
  'http://hooks.localhost/x',
  'http://2130706433/',
  'http://0x7f.0.0.1/',
  'http://127.1/',
  'http://[::1]:9000/',
  'http://[::ffff:127.0.0.1]/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://10.0.0.8/hooks',
  'https://172.20.1.1/hooks',
  'https://192.168.1.10/hooks',
  'http://[fd00::1]/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/',
];
const NOT_HTTP = ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://example.com/', 'data:text/plain,hi', '//example.com/x', 'example.com'];

describe('webhook URLs by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const held = async () => (await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.held_inr as number;

  it.each([...NON_PUBLIC, ...NOT_HTTP])('refuses %s for a bulk job (JSON and multipart) and a portfolio, with 400 naming webhook_url, creating nothing', async (url) => {
    const json = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }], webhook_url: url });
    const upload = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify', webhook_url: url }, { name: 'v.csv', csv: `gstin\n${GSTIN}\n` }));
    const portfolio = await t.post('/v1/portfolios', { name: 'p', operation: 'gst.verify', schedule: { every: 'weekly' }, webhook_url: url });
    for (const [what, response] of [['bulk JSON', json], ['bulk multipart', upload], ['portfolio', portfolio]] as const) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      const body = envelopeOf(response, what);
      expect(body.error?.code).toBe('VALIDATION_FAILED');
      expect(body.error?.details?.map((d) => d.field)).toEqual(['webhook_url']);
    }
    if ((NON_PUBLIC as readonly string[]).includes(url)) expect(json.json().error.details[0].message).toMatch(/must be a public address: .* is an? .*BV_WEBHOOK_ALLOW_PRIVATE/);
    expect(await held()).toBe(0);
    const lists = await Promise.all(['/v1/bulk/jobs', '/v1/portfolios'].map((u) => t.app.inject({ method: 'GET', url: u, headers: { authorization: `Bearer ${t.sandboxKey}` } })));
    expect(lists[0]!.json().data.jobs).toEqual([]);
    expect(lists[1]!.json().data.portfolios).toEqual([]);
  });

  it.each([
    ['credentials', 'https://alice:s3cret@hooks.example.com/bv', /^must not carry a user name or password/],
    ['a user name alone', 'https://alice@hooks.example.com/bv', /^must not carry a user name or password/],
    ['more than 2048 characters', `https://hooks.example.com/${'a'.repeat(2048)}`, /^must be at most 2048 characters$/],
  ])('refuses a URL with %s, saying so, in a form and JSON alike', async (_case, url, message) => {
    const json = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }], webhook_url: url });
    const upload = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify', webhook_url: url }, { name: 'v.csv', csv: `gstin\n${GSTIN}\n` }));
    for (const response of [json, upload]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details).toEqual([{ field: 'webhook_url', message: expect.stringMatching(message) }]);
      // Nothing of the URL is echoed back: it held a password.
      expect(response.body).not.toContain('s3cret');
    }
  });

  it('accepts a public name or address', async () => {
    for (const url of ['https://hooks.example.com/bv', 'http://93.184.216.34:8080/x', 'https://[2606:4700:4700::1111]/x']) {
      const portfolio = await t.post('/v1/portfolios', { name: 'p', operation: 'gst.verify', schedule: { every: 'weekly' }, webhook_url: url });
      expect(portfolio.statusCode, portfolio.body).toBe(201);
      expect(portfolio.json().data.webhook_url).toBe(url);
    }
  });
});

describe('BV_WEBHOOK_ALLOW_PRIVATE', () => {
  it('is false unless set, and takes true or false', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ BV_WEBHOOK_ALLOW_PRIVATE: '' }).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ BV_WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ BV_WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ BV_WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ BV_WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(/BV_WEBHOOK_ALLOW_PRIVATE: must be true or false/);
  });

  it('lets a development setup send webhooks to a local receiver', async () => {
    const dev = await createTestApp({ env: { BV_WEBHOOK_ALLOW_PRIVATE: 'true', BV_WEBHOOK_ATTEMPTS: '1' } });
    const receiver = await startWebhookReceiver();
    try {
      dev.deps.startWorkers();
      const created = await dev.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }], webhook_url: receiver.url });
      expect(created.statusCode, created.body).toBe(202);
      await waitForJob(dev.app, dev.sandboxKey, created.json().data.job_id as string);
      await receiver.waitFor(1);
      expect(receiver.received).toHaveLength(1);
    } finally {
      receiver.close();
      await dev.close();
    }
  });
});

describe('webhook delivery by default', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_WEBHOOK_BACKOFF_MS: '20', BV_WEBHOOK_ATTEMPTS: '3' } });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    receiver.close();
    await t.close();
  });

  const port = () => new URL(receiver.url).port;
  /** A resolver that answers every name with `addresses` (what a hostile DNS zone could answer). */
  const resolvingTo = (...addresses: string[]): LookupFunction =>
    ((_hostname: string, options: { all?: boolean }, callback: (error: null, address: unknown, family?: number) => void) => {
      const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      if (options.all) callback(null, entries);
      else callback(null, entries[0]!.address, entries[0]!.family);
    }) as unknown as LookupFunction;

  async function deliver(url: string, allowPrivate: boolean, lookup?: LookupFunction): Promise<{ error: unknown; attempts: { ok: boolean; error: string | null }[] }> {
    const deliveryKey = `job_${Math.random().toString(16).slice(2).padEnd(20, '0').slice(0, 20)}`;
    const event: WebhookEvent = { accountId: t.accountId, environment: 'sandbox', url, id: `evt_${deliveryKey}`, type: 'bulk.job.completed', createdAt: new Date().toISOString(), data: {}, deliveryKey };
    const webhooks = new WebhookStore(t.deps.redis, t.deps.keys, { allowPrivate });
    let error: unknown;
    try {
      await deliverWebhook({ jobId: deliveryKey }, 1, { webhooks, resolve: async () => event, log: pino({ level: 'silent' }), timeoutMs: 5_000, ...(lookup ? { lookup } : {}) });
    } catch (caught) {
      error = caught;
    }
    return { error, attempts: await webhooks.attempts(t.accountId, deliveryKey) };
  }

  it('refuses, at connect time, a name that resolves to a loopback, private or link-local address (DNS rebinding), and never retries it', async () => {
    for (const addresses of [['127.0.0.1'], ['10.1.2.3'], ['169.254.169.254'], ['::1'], ['::ffff:127.0.0.1'], ['93.184.216.34', '127.0.0.1']]) {
      const before = receiver.received.length;
      const { error, attempts } = await deliver(`http://hooks.example.com:${port()}/hooks`, false, resolvingTo(...addresses));
      expect(error, addresses.join()).toBeInstanceOf(UnrecoverableError);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ ok: false, error: expect.stringMatching(/destination refused: hooks\.example\.com resolves to .*, which is an? .*not a public address/) });
      expect(receiver.received.length).toBe(before);
    }
  });

  it('refuses an address literal stored before the rule (or under another setting) without connecting', async () => {
    const before = receiver.received.length;
    for (const url of [`http://127.0.0.1:${port()}/hooks`, `http://localhost:${port()}/hooks`, `http://[::ffff:7f00:1]:${port()}/`]) {
      const { error, attempts } = await deliver(url, false);
      expect(error, url).toBeInstanceOf(UnrecoverableError);
      expect(attempts[0]?.error, url).toMatch(/destination refused/);
    }
    expect(receiver.received.length).toBe(before);
  });

  it('delivers to the same receiver when private destinations are allowed (the setting, not the receiver, is what differs)', async () => {
    const before = receiver.received.length;
    const { error, attempts } = await deliver(`http://127.0.0.1:${port()}/hooks`, true);
    expect(error).toBeUndefined();
    expect(attempts[0]).toMatchObject({ ok: true, status: 200 });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('refuses a job\'s stored loopback URL in the worker too: one attempt recorded, nothing received, no retry', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: GSTIN }] });
    const jobId = created.json().data.job_id as string;
    // As if accepted under BV_WEBHOOK_ALLOW_PRIVATE=true and delivered after it was turned off.
    await t.deps.redis.hset(t.deps.keys.bulkJob(jobId), 'webhook_url', `http://127.0.0.1:${port()}/hooks`);
    const before = receiver.received.length;
    t.deps.startWorkers();
    await waitForJob(t.app, t.sandboxKey, jobId);
    const deliveries = async () => (await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}/webhook-deliveries`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.attempts as { error: string }[];
    for (let i = 0; i < 200 && (await deliveries()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    // Three attempts are allowed 20 ms apart: wait well past them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const attempts = await deliveries();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.error).toMatch(/destination refused: 127\.0\.0\.1 is a loopback address/);
    expect(receiver.received.length).toBe(before);
  });
});

describe('publicOnlyLookup', () => {
  const call = (lookup: LookupFunction, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) => lookup('hooks.example.com', { all } as never, (error, address) => resolve({ error, address })));
  const fixed = (address: string): LookupFunction =>
    ((_h: string, options: { all?: boolean }, cb: (e: null, a: unknown, f?: number) => void) => (options.all ? cb(null, [{ address, family: 4 }]) : cb(null, address, 4))) as unknown as LookupFunction;

  it.each([true, false])('passes a public answer through and refuses a private one (all: %s)', async (all) => {
    expect((await call(publicOnlyLookup(fixed('93.184.216.34')), all)).error).toBeNull();
    const refused = await call(publicOnlyLookup(fixed('192.168.0.2')), all);
    expect(refused.error?.message).toMatch(/resolves to 192\.168\.0\.2, which is a private network address/);
  });

  it('passes a resolver error through unchanged', async () => {
    const failing = ((_h: string, _o: unknown, cb: (e: Error, a: string) => void) => cb(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), '')) as unknown as LookupFunction;
    expect((await call(publicOnlyLookup(failing), true)).error?.message).toBe('getaddrinfo ENOTFOUND');
  });
});
