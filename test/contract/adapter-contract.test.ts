/**
 * The one contract every HTTP adapter passes, for every check it answers, over real HTTP to
 * a scripted loopback upstream: a recorded answer normalises to the expected record, the
 * upstream's own "no record" is not_found, and 429, 5xx, slowness, malformed bodies, refused
 * connections and an aborted call each end in their outcome.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckName } from '../../src/domain/operations.js';
import type { GstRecord } from '../../src/domain/records.js';
import type { AdapterDefinition, HttpSource } from '../../src/sources/adapter.js';
import { ADAPTERS } from '../../src/sources/adapters/index.js';
import type { CheckAnswers, CheckInputs, SourceOutcome } from '../../src/sources/port.js';
import { closedPort, startScriptedUpstream, type Script, type ScriptedUpstream, type UpstreamReply, type UpstreamRequest } from '../helpers/scripted-upstream.js';
import { upstreamFixture, type FixtureAdapter } from '../helpers/upstream-fixtures.js';

/** 21 November 2026, 11:30 in India: the current financial year is 2026-27. */
const NOW = new Date('2026-11-21T06:00:00Z');
const TIMEOUT_MS = 200;

/** Answers by path (below the prefix); a path nobody scripted gets a 418, which no adapter accepts. */
function routes(table: Record<string, UpstreamReply | ((request: UpstreamRequest) => UpstreamReply)>): Script {
  return (request) => {
    const entry = table[request.path];
    if (entry === undefined) return { status: 418, json: { unscripted: request.path } };
    return typeof entry === 'function' ? entry(request) : entry;
  };
}

const fixture = (adapter: FixtureAdapter, name: string): UpstreamReply => ({ json: upstreamFixture(adapter, name) });

interface CheckContract<C extends CheckName = CheckName> {
  check: C;
  input: CheckInputs[C];
  ok: { script: Script; expected: CheckAnswers[C] };
  /** The upstream's own way of saying "no such record", and what it must become. */
  notFound: { how: string; script: Script; expected: SourceOutcome<CheckAnswers[C]>['outcome'] | SourceOutcome<CheckAnswers[C]> };
}

interface AdapterContract {
  name: string;
  prefix: string;
  credentials: Record<string, string>;
  /** Words that must never reach a log line (holder names, credential values). */
  secrets: string[];
  checks: CheckContract[];
}

const contract = <C extends CheckName>(c: CheckContract<C>): CheckContract => c as unknown as CheckContract;

const GSP_EXAMPLE: GstRecord = {
  gstin: '24AABCX1234X1ZR',
  legal_name: 'EXAMPLE PRIVATE LIMITED',
  trade_name: 'EXAMPLE',
  status: 'Active',
  registration_date: '2017-07-01',
  cancellation_date: null,
  taxpayer_type: 'Regular',
  constitution: 'Private Limited Company',
  state: 'Gujarat',
  state_code: '24',
  pan: 'AABCX1234X',
  principal_place: { line1: 'Plot 420, GIDC', locality: 'Por', city: 'Vadodara', district: 'Vadodara', state: 'Gujarat', pincode: '391243' },
  nature_of_business: ['Wholesale Business', 'Office / Sale Office'],
  einvoice_enabled: false,
};

const gspReturnsRoute = (byYear: Record<string, string>) => (request: UpstreamRequest): UpstreamReply =>
  fixture('gstn-gsp', byYear[request.query.get('fy') ?? ''] ?? 'error-ret13510');

const CONTRACTS: AdapterContract[] = [
  {
    name: 'gstn-gsp',
    prefix: '/gsp',
    credentials: { aspid: 'asp-1', 'asp-secret': 'gsp-secret-value', 'session-id': 'session-1', 'ip-usr': '10.0.0.1', 'caller-gstin': '27AAPFU0939F1ZV' },
    secrets: ['gsp-secret-value', 'session-1'],
    checks: [
      contract({
        check: 'gst.verify',
        input: { gstin: '24aabcx1234x1zr ' },
        ok: { script: routes({ '/commonapi/v1.1/search': fixture('gstn-gsp', 'search-active') }), expected: GSP_EXAMPLE },
        notFound: { how: 'SWEB_9035', script: routes({ '/commonapi/v1.1/search': fixture('gstn-gsp', 'error-sweb-9035') }), expected: 'not_found' },
      }),
      contract({
        check: 'gst.returns',
        input: { gstin: '24AABCX1234X1ZR' },
        ok: {
          script: routes({
            '/commonapi/v1.1/search': fixture('gstn-gsp', 'search-active'),
            '/commonapi/v1.0/returns': gspReturnsRoute({ '2026-27': 'rettrack-monthly' }),
          }),
          expected: {
            gstin: '24AABCX1234X1ZR',
            frequency: 'monthly',
            filings: [
              { period: '2026-10', returnType: 'GSTR1', filedOn: '2026-11-09' },
              { period: '2026-10', returnType: 'GSTR3B', filedOn: '2026-11-18' },
              { period: '2026-09', returnType: 'GSTR1', filedOn: '2026-10-11' },
              { period: '2026-09', returnType: 'GSTR3B', filedOn: '2026-10-25' },
            ],
            registrationDate: '2017-07-01',
            cancellationDate: null,
            // The two years asked for (2025-26 and 2026-27) reach back to April 2025.
            coversFrom: '2025-04',
          },
        },
        notFound: { how: 'SWEB_9035', script: routes({ '/commonapi/v1.1/search': fixture('gstn-gsp', 'error-sweb-9035') }), expected: 'not_found' },
      }),
    ],
  },
  {
    name: 'nic-einvoice',
    prefix: '/nic',
    credentials: { client_id: 'nic-client', client_secret: 'nic-secret-value', Gstin: '29AWGPV7107B1Z1', user_name: 'api_user', AuthToken: 'nic-token-value' },
    secrets: ['nic-secret-value', 'nic-token-value'],
    checks: [
      contract({
        check: 'gst.verify',
        input: { gstin: '29AWGPV7107B1Z1' },
        ok: {
          script: routes({ '/eivital/v1.04/Master/gstin/29AWGPV7107B1Z1': fixture('nic-einvoice', 'gstin-active') }),
          expected: {
            gstin: '29AWGPV7107B1Z1',
            legal_name: 'VIJAYA KUMAR RAO',
            trade_name: 'VIJAY ENTERPRISES',
            status: 'Active',
            registration_date: '2017-07-01',
            cancellation_date: null,
            taxpayer_type: 'Regular',
            constitution: '',
            state: 'Karnataka',
            state_code: '29',
            pan: 'AWGPV7107B',
            principal_place: { line1: 'No 12, Sri Sai Complex, 80 Feet Road', locality: 'Indiranagar', city: '', district: '', state: 'Karnataka', pincode: '560038' },
            nature_of_business: [],
            einvoice_enabled: false,
          },
        },
        notFound: {
          how: 'ErrorDetails 3001',
          script: routes({ '/eivital/v1.04/Master/gstin/29AWGPV7107B1Z1': fixture('nic-einvoice', 'not-found-3001') }),
          expected: 'not_found',
        },
      }),
    ],
  },
  {
    name: 'pan-aggregator',
    prefix: '/pan',
    credentials: { 'x-api-key': 'pan-key-value' },
    secrets: ['pan-key-value', 'RAHUL', 'VERMA'],
    checks: [
      contract({
        check: 'pan.verify',
        input: { pan: 'ABCPV1234D' },
        ok: {
          script: routes({ '/verification/pan': fixture('pan-aggregator', 'valid-individual') }),
          expected: { pan: 'ABCPV1234D', statusCode: 'E', fullName: 'RAHUL KUMAR VERMA' },
        },
        notFound: {
          how: 'pan_status N (an answer, not a failure)',
          script: routes({ '/verification/pan': { json: { ...upstreamFixture('pan-aggregator', 'not-found-n'), pan: 'ABCPV1234D' } } }),
          expected: { outcome: 'ok', value: { pan: 'ABCPV1234D', statusCode: 'N', fullName: '' } },
        },
      }),
    ],
  },
  {
    name: 'mca-master',
    prefix: '/mca',
    credentials: { 'x-api-key': 'mca-key-value' },
    secrets: ['mca-key-value'],
    checks: [
      contract({
        check: 'mca.company',
        input: { cin: 'U72200KA2009PTC049889' },
        ok: {
          script: routes({ '/companies/U72200KA2009PTC049889': fixture('mca-master', 'company-private') }),
          expected: {
            entity_type: 'company',
            cin: 'U72200KA2009PTC049889',
            llpin: null,
            name: 'EXAMPLE PRIVATE LIMITED',
            status: 'Active',
            class: 'Private',
            category: 'Company limited by Shares',
            sub_category: 'Non-government company',
            date_of_incorporation: '2009-05-12',
            roc: 'ROC Bangalore',
            listing_status: 'Unlisted',
            authorised_capital_inr: 1_000_000,
            paid_up_capital_inr: 100_000,
            industry: { nic_code: '62', description: 'Computer programming, consultancy and related activities' },
            last_agm_date: '2024-09-30',
            last_balance_sheet_date: '2024-03-31',
            registered_address: { line1: 'No 12, 3rd Cross', locality: 'Indiranagar', city: 'Bangalore', district: 'Bangalore', state: 'Karnataka', pincode: '560038' },
          },
        },
        notFound: { how: 'HTTP 404', script: routes({ '/companies/U72200KA2009PTC049889': { status: 404, json: { message: 'Not Found' } } }), expected: 'not_found' },
      }),
      contract({
        check: 'mca.directors',
        input: { cin: 'U72200KA2009PTC049889' },
        ok: {
          script: routes({
            '/companies/U72200KA2009PTC049889': fixture('mca-master', 'company-private'),
            '/directors/01234567': fixture('mca-master', 'director-approved'),
            '/directors/07654321': fixture('mca-master', 'director-deactivated'),
            '/directors/08888888': fixture('mca-master', 'director-disqualified'),
            '/directors/03333333': fixture('mca-master', 'director-approved-caps'),
          }),
          expected: {
            cin: 'U72200KA2009PTC049889',
            llpin: null,
            company_name: 'EXAMPLE PRIVATE LIMITED',
            directors: [
              { din: '01234567', name: 'ANIL KUMAR SHARMA', designation: 'Director', appointed_on: '2009-05-12', ceased_on: null, din_status: 'Approved' },
              { din: 'ABCPS1234K', name: 'MEERA SHAH', designation: 'Company Secretary', appointed_on: '2012-07-01', ceased_on: null, din_status: 'Approved' },
              { din: '08888888', name: 'SUNIL REDDY', designation: 'Additional Director', appointed_on: '2021-06-15', ceased_on: null, din_status: 'Disqualified' },
              { din: '03333333', name: 'RAJIV MENON', designation: 'Director', appointed_on: '2012-01-01', ceased_on: '2022-06-30', din_status: 'Approved' },
              { din: '07654321', name: 'PRIYA NAIR', designation: 'Whole-time director', appointed_on: '2015-04-01', ceased_on: '2020-03-31', din_status: 'Disqualified' },
            ],
          },
        },
        notFound: { how: 'HTTP 404', script: routes({ '/companies/U72200KA2009PTC049889': { status: 404, text: 'Not Found' } }), expected: 'not_found' },
      }),
      contract({
        check: 'mca.din',
        input: { din: '07654321' },
        ok: {
          script: routes({ '/directors/07654321': fixture('mca-master', 'director-deactivated') }),
          expected: { din: '07654321', name: 'PRIYA NAIR', din_status: 'Disqualified', companies: [] },
        },
        notFound: { how: 'HTTP 404', script: routes({ '/directors/07654321': { status: 404, json: {} } }), expected: 'not_found' },
      }),
    ],
  },
  {
    name: 'kyb-aggregator',
    prefix: '/kyb',
    credentials: { 'x-api-key': 'kyb-key-value' },
    secrets: ['kyb-key-value'],
    checks: [
      contract({
        check: 'gst.by_pan',
        input: { pan: 'AABCE1234F' },
        ok: {
          script: routes({ '/gst/by-pan': fixture('kyb-aggregator', 'gst-by-pan') }),
          expected: [
            { gstin: '07AABCE1234F1ZQ', state: 'Delhi', state_code: '07', status: 'Suspended', registration_date: '2017-07-01' },
            { gstin: '27AABCE1234F1Z1', state: 'Maharashtra', state_code: '27', status: 'Cancelled', registration_date: '2017-07-01' },
            { gstin: '29AABCE1234F1ZK', state: 'Karnataka', state_code: '29', status: 'Active', registration_date: '2019-03-15' },
            { gstin: '24AABCE1234F1ZN', state: 'Gujarat', state_code: '24', status: 'Cancelled', registration_date: '2020-08-20' },
          ],
        },
        notFound: { how: 'HTTP 404', script: routes({ '/gst/by-pan': { status: 404, json: { error: 'PAN not found' } } }), expected: 'not_found' },
      }),
      contract({
        check: 'mca.search',
        input: { name: 'tata', limit: 5 },
        ok: {
          script: routes({ '/corporate/search': fixture('kyb-aggregator', 'search') }),
          expected: [
            { name: 'TATA STEEL LIMITED', cin: 'L27100MH1907PLC000260', llpin: null, status: 'Active', state: 'Maharashtra', incorporated_on: '1907-08-26' },
            { name: 'TATA ADVISORY LLP', cin: null, llpin: 'AAC-5678', status: 'Strike Off', state: 'Maharashtra', incorporated_on: '2016-02-02' },
            { name: 'TATA TRADING PRIVATE LIMITED', cin: 'U51909DL2005PTC123456', llpin: null, status: 'Under Liquidation', state: 'Delhi', incorporated_on: '2005-10-10' },
          ],
        },
        // A search that matches nothing is an empty list (as the sandbox answers), never "no record".
        notFound: { how: 'HTTP 404 (nothing matched)', script: routes({ '/corporate/search': { status: 404, json: {} } }), expected: { outcome: 'ok', value: [] } },
      }),
      contract({
        check: 'mca.cin_to_pan',
        input: { cin: 'U72200KA2009PTC049889' },
        ok: {
          script: routes({ '/corporate/cin-to-pan': fixture('kyb-aggregator', 'cin-to-pan') }),
          expected: { cin: 'U72200KA2009PTC049889', llpin: null, pan: 'AABCE1234F', company_name: 'EXAMPLE PRIVATE LIMITED' },
        },
        notFound: { how: 'HTTP 404', script: routes({ '/corporate/cin-to-pan': { status: 404, json: {} } }), expected: 'not_found' },
      }),
    ],
  },
];

function adapterNamed(name: string): AdapterDefinition {
  const adapter = ADAPTERS.find((a) => a.name === name);
  if (adapter === undefined) throw new Error(`no adapter ${name}`);
  return adapter;
}

/** Log lines the adapter wrote, as text, so tests can check what never appears in them. */
function capturingLogger(lines: string[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return pino({ level: 'debug' }, stream);
}

let upstream: ScriptedUpstream;
beforeAll(async () => {
  upstream = await startScriptedUpstream();
});
afterAll(async () => {
  await upstream.close();
});

describe.each(CONTRACTS)('$name', (spec) => {
  const adapter = adapterNamed(spec.name);
  const logLines: string[] = [];
  let source: HttpSource;

  function create(options: { baseUrl?: string; timeoutMs?: number } = {}): HttpSource {
    return adapter.create({
      baseUrl: options.baseUrl ?? upstream.url(spec.prefix),
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      connections: 4,
      credentials: spec.credentials,
      log: capturingLogger(logLines),
    });
  }

  beforeAll(() => {
    source = create();
  });
  afterAll(async () => {
    await source.close();
  });

  async function call(check: CheckName, input: unknown, signal: AbortSignal = new AbortController().signal, on: HttpSource = source) {
    const handler = on.handlers[check] as ((i: unknown, c: { signal: AbortSignal; now: Date }) => Promise<SourceOutcome<unknown>>) | undefined;
    if (handler === undefined) throw new Error(`${spec.name} does not answer ${check}`);
    return handler(input, { signal, now: NOW });
  }

  it('declares exactly the checks the contract covers, and every credential it sends', () => {
    expect([...adapter.checks].sort()).toEqual(spec.checks.map((c) => c.check).sort());
    expect([...adapter.credentialNames].sort()).toEqual(Object.keys(spec.credentials).sort());
    expect(Object.keys(source.handlers).sort()).toEqual([...adapter.checks].sort());
  });

  describe.each(spec.checks)('$check', (c) => {
    it('normalises a recorded answer into the expected record', async () => {
      upstream.script = c.ok.script;
      expect(await call(c.check, c.input)).toEqual({ outcome: 'ok', value: c.ok.expected });
    });

    it('sends the credential headers with every call', async () => {
      upstream.script = c.ok.script;
      upstream.requests.length = 0;
      await call(c.check, c.input);
      expect(upstream.requests.length).toBeGreaterThan(0);
      for (const request of upstream.requests) {
        for (const [name, value] of Object.entries(spec.credentials)) {
          if (name === 'caller-gstin') continue;
          expect(request.headers[name.toLowerCase()], `${name} on ${request.path}`).toBe(value);
        }
      }
    });

    it(`answers the upstream's own "no record" (${c.notFound.how})`, async () => {
      upstream.script = c.notFound.script;
      const outcome = await call(c.check, c.input);
      if (typeof c.notFound.expected === 'string') expect(outcome.outcome).toBe(c.notFound.expected);
      else expect(outcome).toEqual(c.notFound.expected);
    });

    it('answers rate_limited for HTTP 429', async () => {
      upstream.script = () => ({ status: 429, json: { message: 'Too Many Requests' } });
      expect((await call(c.check, c.input)).outcome).toBe('rate_limited');
    });

    it.each([500, 502, 503])('answers unavailable for HTTP %i', async (status) => {
      upstream.script = () => ({ status, text: '<html>Service Unavailable</html>' });
      expect((await call(c.check, c.input)).outcome).toBe('unavailable');
    });

    it.each([401, 403])('answers unavailable, not retryable, when the credentials are refused (HTTP %i)', async (status) => {
      upstream.script = () => ({ status, json: { message: 'Unauthorized' } });
      const outcome = await call(c.check, c.input);
      expect(outcome.outcome).toBe('unavailable');
      expect(outcome.outcome !== 'ok' && outcome.retryable).not.toBe(true);
    });

    it('marks a 5xx as worth retrying', async () => {
      upstream.script = () => ({ status: 503, text: 'busy' });
      const outcome = await call(c.check, c.input);
      expect(outcome.outcome !== 'ok' && outcome.retryable).toBe(true);
    });

    it('answers bad_response for an empty JSON object', async () => {
      upstream.script = () => ({ status: 200, json: {} });
      expect((await call(c.check, c.input)).outcome).toBe('bad_response');
    });

    it('answers timeout when the answer comes later than timeoutMs', async () => {
      upstream.script = (request) => {
        const reply = c.ok.script(request);
        return reply === 'hang' ? reply : { ...reply, delayMs: TIMEOUT_MS * 5 };
      };
      const startedAt = Date.now();
      expect((await call(c.check, c.input)).outcome).toBe('timeout');
      expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS * 4);
    });

    it('answers bad_response for a body that is not JSON', async () => {
      upstream.script = () => ({ status: 200, text: '<html><body>Maintenance</body></html>' });
      expect((await call(c.check, c.input)).outcome).toBe('bad_response');
    });

    it('answers bad_response for JSON of the wrong shape', async () => {
      upstream.script = () => ({ status: 200, json: ['not', 'an', 'object'] });
      expect((await call(c.check, c.input)).outcome).toBe('bad_response');
    });

    it('answers unavailable when the connection is refused', async () => {
      const refused = create({ baseUrl: `http://127.0.0.1:${await closedPort()}${spec.prefix}` });
      try {
        expect((await call(c.check, c.input, undefined, refused)).outcome).toBe('unavailable');
      } finally {
        await refused.close();
      }
    });

    it("answers timeout, at once, when the call's signal aborts", async () => {
      const patient = create({ timeoutMs: 10_000 });
      upstream.script = () => 'hang';
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const startedAt = Date.now();
      try {
        expect((await call(c.check, c.input, controller.signal, patient)).outcome).toBe('timeout');
        expect(Date.now() - startedAt).toBeLessThan(2_000);
      } finally {
        await patient.close().catch(() => undefined);
      }
    });
  });

  it('never logs credentials or the PAN holder name', async () => {
    for (const c of spec.checks) {
      upstream.script = c.ok.script;
      await call(c.check, c.input);
    }
    upstream.script = () => ({ status: 401, json: {} });
    await call(spec.checks[0]!.check, spec.checks[0]!.input);
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of spec.secrets) expect(text).not.toContain(secret);
  });

  it('close() closes the pool: its connections end and later calls answer unavailable', async () => {
    const own = create();
    const c = spec.checks[0]!;
    upstream.script = c.ok.script;
    const before = upstream.openSockets();
    expect((await call(c.check, c.input, undefined, own)).outcome).toBe('ok');
    expect(upstream.openSockets()).toBeGreaterThan(before);
    await own.close();
    await expect.poll(() => upstream.openSockets(), { timeout: 2_000 }).toBe(before);
    expect((await call(c.check, c.input, undefined, own)).outcome).toBe('unavailable');
  });
});
