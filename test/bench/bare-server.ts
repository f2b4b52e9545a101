/**
 * The baseline for bench:sync: a bare Fastify JSON route with no auth, limits, Redis or
 * sources, answering a body the size of a real GST Verify answer. Prints its URL.
 *
 * With REDIS_URL, also the floor: the same route after three sequential Redis round trips
 * (a tiny Lua script each, through ioredis set up as the service's own connection), the
 * number the full path cannot avoid: the rate limit, the hold and the commit each wait for
 * Redis before the next can start. It shows how much of the gap to the bare route any
 * design with that shape keeps, and how much is the service's own work.
 */
import Fastify from 'fastify';
import { Redis } from 'ioredis';

const body = {
  success: true,
  request_id: 'req_000000000000000000000000',
  api: 'gst.verify',
  version: '2026-10-01',
  data: {
    gstin: '27AAPFU0939F1ZV',
    legal_name: 'UTKARSH AGRO EXPORTS LLP',
    trade_name: 'UTKARSH AGRO EXPORTS',
    status: 'Active',
    registration_date: '2017-07-01',
    cancellation_date: null,
    taxpayer_type: 'Regular',
    constitution: 'Limited Liability Partnership',
    state: 'Maharashtra',
    state_code: '27',
    pan: 'AAPFU0939F',
    principal_place: {
      line1: 'Office No. 12, Sahyadri Business Park, Solapur Road',
      locality: 'Hadapsar',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '411028',
    },
    nature_of_business: ['Wholesale Business'],
    einvoice_enabled: false,
  },
  meta: { charged: true, amount_inr: 0.75, latency_ms: 1, environment: 'sandbox', checks: 1, timestamp: '', data_freshness: 'live' },
};

const app = Fastify();
app.post('/v1/gst/verify', async () => body);
if (process.env.REDIS_URL !== undefined) {
  const redis = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
  // By SHA, as the service runs its scripts (src/store/redis/scripts.ts).
  const sha = (await redis.script('LOAD', "return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)")) as string;
  app.post('/floor/three-round-trips', async () => {
    for (const field of ['rate', 'hold', 'commit']) await redis.evalsha(sha, 1, 'bench-floor', field);
    return body;
  });
}
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${url}`);
