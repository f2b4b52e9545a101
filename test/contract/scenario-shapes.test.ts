import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type CheckName } from '../../src/domain/operations.js';
import { DATA_SHAPES, envelopeShape, ErrorEnvelopeShape } from '../../src/api/schemas/records.js';
import { SCENARIO_CASES } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const ERROR_CODE_BY_STATUS: Record<number, string> = {
  404: 'RECORD_NOT_FOUND',
  503: 'PROVIDER_UNAVAILABLE',
  504: 'PROVIDER_TIMEOUT',
};

const CASES = SCENARIO_CASES;

/**
 * A check from outside: every published scenario identifier, sent to every operation it
 * documents, answers the documented status, and a 200's data matches the interface
 * document's record shape exactly (no missing or extra fields, right enums and dates).
 */
describe('sandbox scenario identifiers against the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('covers every operation and the 200, 404, 503 and 504 answers', () => {
    const seen = new Set(CASES.map((c) => `${c.check}:${c.status}`));
    for (const check of Object.keys(DATA_SHAPES) as CheckName[]) {
      expect(seen.has(`${check}:200`), `${check} 200`).toBe(true);
      expect(seen.has(`${check}:503`), `${check} 503`).toBe(true);
      expect(seen.has(`${check}:504`), `${check} 504`).toBe(true);
      if (check !== 'mca.search') expect(seen.has(`${check}:404`) || check === 'pan.verify', `${check} 404`).toBe(true);
    }
  });

  it.each(CASES)('$scenario: $check answers $status', async ({ check, status, body }) => {
    expect(body, 'the scenario publishes an identifier for this check').toBeDefined();
    const res = await t.post(OPERATIONS[check].path, body);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) {
      const parsed = envelopeShape(check, DATA_SHAPES[check]).safeParse(res.json());
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    } else {
      const envelope = ErrorEnvelopeShape.parse(res.json());
      expect(envelope.error.code).toBe(ERROR_CODE_BY_STATUS[status]);
      expect(envelope.error.retryable).toBe(status !== 404);
      expect(envelope.meta.charged).toBe(false);
    }
  });

  it('serves live keys no sandbox data: with no live source configured they answer 503 naming the check', async () => {
    const res = await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' }, t.liveKey);
    expect(res.statusCode).toBe(503);
    const envelope = ErrorEnvelopeShape.parse(res.json());
    expect(envelope.meta.environment).toBe('live');
    expect(envelope.error.message).toBe('No live source is configured for gst.verify');
  });
});
