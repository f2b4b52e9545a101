import { describe, expect, it } from 'vitest';
import { ApiError, createApi } from '../../src/console/public/js/api.js';
import { parseHash, sectionOf } from '../../src/console/public/js/router.js';
import { createSignOut, forgetKey, keyEnvironment, keyProblem, storedKey, storeKey, type KeyStorage } from '../../src/console/public/js/session.js';

const KEY = 'bv_test_abcdefghijkl_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: () => Response) {
  const sent: Sent[] = [];
  const fetchImpl = async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  };
  return { sent, fetchImpl };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req_1', ...headers } });

describe('the console API client', () => {
  it('sends the key as a Bearer header to the same origin, never in the URL or a cookie, and reads the envelope', async () => {
    const { sent, fetchImpl } = fakeFetch(() => json(200, { success: true, request_id: 'req_1', api: 'wallet.get', data: { balance_inr: 10 }, meta: { environment: 'sandbox' } }));
    const api = createApi({ getKey: () => KEY, fetchImpl });
    const answer = await api.get('/v1/wallet');
    expect(answer).toMatchObject({ data: { balance_inr: 10 }, meta: { environment: 'sandbox' }, requestId: 'req_1', status: 200 });
    expect(sent[0]!.url).toBe('/v1/wallet');
    expect(sent[0]!.init.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
    expect(sent[0]!.init.credentials).toBe('omit');
  });

  it('posts JSON bodies with their content type', async () => {
    const { sent, fetchImpl } = fakeFetch(() => json(200, { success: true, data: {}, meta: {} }));
    await createApi({ getKey: () => KEY, fetchImpl }).post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' });
    expect(sent[0]!.init).toMatchObject({ method: 'POST', body: '{"gstin":"27AAPFU0939F1ZV"}', headers: { 'content-type': 'application/json' } });
  });

  it('turns an error envelope into an ApiError with its code, message, field details and request id', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json(400, {
        success: false, request_id: 'req_9', data: null, meta: {},
        error: { code: 'VALIDATION_FAILED', message: 'The request is invalid', retryable: false, details: [{ field: 'gstin', message: 'checksum' }] },
      }));
    const error = await createApi({ getKey: () => KEY, fetchImpl }).post('/v1/gst/verify', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'The request is invalid', details: [{ field: 'gstin', message: 'checksum' }], requestId: 'req_9' });
  });

  it('signs out on a 401 to the stored key, but not when a key being tried at sign-in is refused', async () => {
    let signedOut = 0;
    const refused = () => json(401, { success: false, error: { code: 'AUTH_INVALID_KEY', message: 'no' } });
    const api = createApi({ getKey: () => KEY, fetchImpl: fakeFetch(refused).fetchImpl, onUnauthorized: () => (signedOut += 1) });
    await expect(api.get('/v1/wallet', { key: 'bv_test_x_y' })).rejects.toMatchObject({ code: 'AUTH_INVALID_KEY' });
    expect(signedOut).toBe(0);
    await expect(api.get('/v1/wallet')).rejects.toMatchObject({ code: 'AUTH_INVALID_KEY' });
    expect(signedOut).toBe(1);
  });

  it('reports an unreachable service and a non-envelope answer in words', async () => {
    const down = createApi({ getKey: () => KEY, fetchImpl: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(down.get('/v1/wallet')).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
    const proxy = createApi({ getKey: () => KEY, fetchImpl: async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }) });
    await expect(proxy.get('/v1/wallet')).rejects.toMatchObject({ code: 'HTTP_502', status: 502 });
  });

  it('downloads a file with the key and the name the server suggests', async () => {
    const { sent, fetchImpl } = fakeFetch(() => new Response('row,status\r\n1,ok\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="job_1-results.csv"' } }));
    const file = await createApi({ getKey: () => KEY, fetchImpl }).download('/v1/bulk/jobs/job_1/results.csv', 'results.csv');
    expect(file.filename).toBe('job_1-results.csv');
    expect(await file.blob.text()).toBe('row,status\r\n1,ok\r\n');
    expect(sent[0]!.init.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
  });

  it('follows an event stream with the key in the header', async () => {
    const { sent, fetchImpl } = fakeFetch(() => new Response('event: finished\ndata: {"status":"completed"}\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    const events: string[] = [];
    await createApi({ getKey: () => KEY, fetchImpl }).stream('/v1/bulk/jobs/job_1/events', (event) => events.push(`${event.event} ${event.data}`));
    expect(events).toEqual(['finished {"status":"completed"}']);
    expect(sent[0]!.init.headers).toMatchObject({ authorization: `Bearer ${KEY}`, accept: 'text/event-stream' });
  });
});

describe('the console session', () => {
  function memoryStorage(): KeyStorage & { items: Map<string, string> } {
    const items = new Map<string, string>();
    return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
  }

  it('tells sandbox from live keys and explains a malformed one', () => {
    expect(keyEnvironment(KEY)).toBe('sandbox');
    expect(keyEnvironment('bv_live_abc_def')).toBe('live');
    expect(keyEnvironment('sk_live_x')).toBeNull();
    expect(keyProblem(KEY)).toBeNull();
    expect(keyProblem('')).toMatch(/Enter your API key/);
    expect(keyProblem('bv_test_abc def')).toMatch(/no spaces/);
    expect(keyProblem('sk_test_abc')).toMatch(/starts with bv_test_/);
    expect(keyProblem('bv_test_abc')).toMatch(/whole API key/);
  });

  it('keeps the key in the storage it is given and forgets it on sign-out', () => {
    const storage = memoryStorage();
    expect(storedKey(storage)).toBeNull();
    storeKey(KEY, storage);
    expect(storedKey(storage)).toBe(KEY);
    forgetKey(storage);
    expect(storedKey(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('signs out once when several calls are refused together, so the sign-in page keeps the "key was refused" message', async () => {
    const storage = memoryStorage();
    storeKey(KEY, storage);
    // The shell (app.js) as it works in the browser: a flash message the next render uses up,
    // and navigate() that renders at once when the hash is already the target, else on the
    // later hashchange.
    let hash = '#/wallet';
    let flashed: string | undefined;
    const renders: (string | undefined)[] = [];
    const render = () => {
      renders.push(flashed);
      flashed = undefined;
    };
    const pending: Promise<void>[] = [];
    const navigate = (target: string) => {
      if (hash === target) return render();
      hash = target;
      pending.push(new Promise<void>((resolve) => setTimeout(resolve, 0)).then(render));
    };
    const signOut = createSignOut<string>({ flash: (message) => void (flashed = message ?? 'Signed out'), navigate, storage });
    const api = createApi({
      getKey: () => storedKey(storage),
      onUnauthorized: () => signOut('The API key was refused'),
      fetchImpl: async () => new Response(JSON.stringify({ success: false, error: { code: 'AUTH_INVALID_KEY', message: 'revoked' } }), { status: 401, headers: { 'content-type': 'application/json' } }),
    });

    // The wallet page's two calls, both refused before the first navigation renders.
    const answers = await Promise.allSettled([api.get('/v1/wallet'), api.get('/v1/wallet/ledger?limit=25')]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    await Promise.all(pending);

    expect(storedKey(storage)).toBeNull();
    expect(hash).toBe('#/signin');
    expect(renders).toEqual(['The API key was refused']);
    // With no key left, signing out again changes nothing.
    expect(signOut()).toBe(false);
    expect(renders).toHaveLength(1);
  });
});

describe('the console routes', () => {
  it('maps hashes to screens with their ids', () => {
    expect(parseHash('')).toMatchObject({ name: 'home' });
    expect(parseHash('#/wallet')).toMatchObject({ name: 'wallet' });
    expect(parseHash('#/jobs/job_0123456789abcdef0123')).toMatchObject({ name: 'job', params: { jobId: 'job_0123456789abcdef0123' } });
    expect(parseHash('#/portfolios/pf_0123456789abcdef0123/runs/job_0123456789abcdef0123')).toMatchObject({
      name: 'changes',
      params: { portfolioId: 'pf_0123456789abcdef0123', runId: 'job_0123456789abcdef0123' },
    });
    expect(parseHash('#/jobs/../../etc')).toMatchObject({ name: 'notfound' });
    expect(sectionOf('changes')).toBe('portfolios');
    expect(sectionOf('job')).toBe('jobs');
  });
});
