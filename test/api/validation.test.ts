import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, OPERATIONS, type CheckName } from '../../src/domain/operations.js';
import type { Source } from '../../src/sources/port.js';
import { ErrorEnvelopeShape } from '../../src/api/schemas/records.js';
import { LISTED_PROBLEMS } from '../../src/errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** A source that answers nothing and records every call, to prove none was made. */
function recordingSource(calls: string[]): Source {
  const handlers = Object.fromEntries(
    CHECK_NAMES.map((check) => [
      check,
      async (input: unknown) => {
        calls.push(`${check} ${JSON.stringify(input)}`);
        return { outcome: 'unavailable', message: 'recording source' };
      },
    ]),
  );
  return { name: 'recording', handlers };
}

const problems = async (t: TestApp, check: CheckName, body: unknown) => {
  const res = await t.post(OPERATIONS[check].path, body);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const envelope = ErrorEnvelopeShape.parse(res.json());
  expect(envelope.error.code).toBe('VALIDATION_FAILED');
  expect(envelope.meta.charged).toBe(false);
  return envelope.error.details ?? [];
};

type Case = [label: string, check: CheckName, body: unknown, field: string, message: RegExp];

const CASES: Case[] = [
  ['a GSTIN of the wrong length', 'gst.verify', { gstin: '27AAPFU0939F1Z' }, 'gstin', /^format: must be 15 characters/],
  ['a GSTIN with an unknown state code', 'gst.verify', { gstin: '40AAPFU0939F1ZV' }, 'gstin', /^state_code: state code '40'/],
  ['a GSTIN whose embedded PAN has an unknown holder type', 'gst.verify', { gstin: '27AAPXU0939F1ZV' }, 'gstin', /^embedded_pan: .*holder type/],
  ['a GSTIN with a wrong check character', 'gst.verify', { gstin: '27AAPFU0939F1ZW' }, 'gstin', /^checksum: .*expected 'V'/],
  ['a GSTIN that is a number', 'gst.verify', { gstin: 27 }, 'gstin', /must be a string/],
  ['a missing GSTIN', 'gst.verify', {}, 'gstin', /is required/],
  ['a GSTIN with a wrong check character', 'gst.returns', { gstin: '27AAPFU0939F1ZW' }, 'gstin', /expected 'V'/],
  ['0 periods', 'gst.returns', { gstin: '27AAPFU0939F1ZV', periods: 0 }, 'periods', /from 1 to 12/],
  ['13 periods', 'gst.returns', { gstin: '27AAPFU0939F1ZV', periods: 13 }, 'periods', /from 1 to 12/],
  ['fractional periods', 'gst.returns', { gstin: '27AAPFU0939F1ZV', periods: 2.5 }, 'periods', /integer/],
  ['periods as a string', 'gst.returns', { gstin: '27AAPFU0939F1ZV', periods: '3' }, 'periods', /must be an integer/],
  ['a 9-character PAN', 'gst.by_pan', { pan: 'AAPFU0939' }, 'pan', /^format:/],
  ['a PAN with an unknown holder type', 'pan.verify', { pan: 'AAPXU0939F' }, 'pan', /^holder_type:/],
  ['an empty name', 'pan.verify', { pan: 'AAPFU0939F', name: '  ' }, 'name', /must not be empty/],
  ['a CIN with an unknown ownership code', 'mca.company', { cin: 'U72200KA2009XYZ049889' }, 'cin', /^ownership:/],
  ['a CIN from the future', 'mca.company', { cin: 'U72200KA2099PTC049889' }, 'cin', /^year:/],
  ['a CIN with an unknown state', 'mca.company', { cin: 'U72200ZZ2009PTC049889' }, 'cin', /^state:/],
  ['a malformed LLPIN', 'mca.company', { llpin: 'AAA1234' }, 'llpin', /AAA-1234/],
  ['both CIN and LLPIN', 'mca.company', { cin: 'U72200KA2009PTC049889', llpin: 'AAA-1234' }, 'cin', /exactly one of cin, llpin \(both were sent\)/],
  ['neither CIN nor LLPIN', 'mca.company', {}, 'cin', /exactly one of cin, llpin \(neither was sent\)/],
  ['both CIN and LLPIN', 'mca.directors', { cin: 'U72200KA2009PTC049889', llpin: 'AAA-1234' }, 'cin', /both were sent/],
  ['neither CIN nor LLPIN', 'mca.directors', {}, 'cin', /neither was sent/],
  ['both CIN and PAN', 'mca.cin_to_pan', { cin: 'U72200KA2009PTC049889', pan: 'AAACE1234F' }, 'cin', /exactly one of cin, pan \(both/],
  ['neither CIN nor PAN', 'mca.cin_to_pan', {}, 'cin', /exactly one of cin, pan \(neither/],
  ["an individual's PAN", 'mca.cin_to_pan', { pan: 'ABCPV1234D' }, 'pan', /only a company PAN/],
  ['a missing name', 'mca.search', {}, 'name', /is required/],
  ['a limit of 21', 'mca.search', { name: 'agro', limit: 21 }, 'limit', /from 1 to 20/],
  ['a limit of 0', 'mca.search', { name: 'agro', limit: 0 }, 'limit', /from 1 to 20/],
  ['a 7-digit DIN', 'mca.din', { din: '1234567' }, 'din', /^format: must be exactly 8 digits \(got 7: a spreadsheet drops leading zeros; pad it with zeros, or format the column as text\)$/],
  ['a 9-digit DIN', 'mca.din', { din: '123456789' }, 'din', /^format: must be exactly 8 digits$/],
  ['a GSTIN pasted with a zero-width space', 'gst.verify', { gstin: '\u200B27AAPFU0939F1ZV' }, 'gstin', /^format: .* \(it holds an invisible character, U\+200B, at position 1, as copied text can: type it again\)$/],
  ['the all-zero DIN', 'mca.din', { din: '00000000' }, 'din', /^range:/],
];

describe('request validation', () => {
  let t: TestApp;
  const calls: string[] = [];
  beforeAll(async () => {
    const recording = recordingSource(calls);
    const chain = Object.fromEntries(CHECK_NAMES.map((check) => [check, [recording]])) as unknown as Record<CheckName, Source[]>;
    t = await createTestApp({ chains: { sandbox: chain, live: chain } });
  });
  afterAll(() => t.close());

  it.each(CASES)('rejects %s on %s with 400 naming the field and rule, before any source is called', async (_label, check, body, field, message) => {
    const before = calls.length;
    const details = await problems(t, check, body);
    const detail = details.find((d) => d.field === field);
    expect(detail, JSON.stringify(details)).toBeDefined();
    expect(detail?.message).toMatch(message);
    expect(calls.length).toBe(before);
  });

  it.each(CHECK_NAMES)('rejects an unknown body field on %s (additional properties)', async (check) => {
    const details = await problems(t, check, { extra: true });
    expect(details).toContainEqual({ field: 'extra', message: 'is not allowed (additional properties are rejected)' });
  });

  it('reports every problem of a request, one detail each', async () => {
    const details = await problems(t, 'gst.returns', { gstin: '27AAPFU0939F1ZW', periods: 99, colour: 'red' });
    expect(details.map((d) => d.field).sort()).toEqual(['colour', 'gstin', 'periods']);
  });

  it('lists at most LISTED_PROBLEMS problems and says how many it left out, so a body of many unknown keys cannot make a huge answer', async () => {
    const body: Record<string, unknown> = { gstin: '27AAPFU0939F1ZV' };
    for (let i = 0; i < 5_000; i++) body[`unknown_${i}`] = 1;
    const res = await t.post('/v1/gst/verify', body);
    expect(res.statusCode).toBe(400);
    const { error } = ErrorEnvelopeShape.parse(res.json());
    expect(error.details).toHaveLength(LISTED_PROBLEMS);
    expect(error.details?.[0]).toEqual({ field: 'unknown_0', message: 'is not allowed (additional properties are rejected)' });
    expect(error.message).toMatch(/; and 4950 more problems \(the first 50 of 5000 are listed\)$/);
    expect(res.body.length).toBeLessThan(20_000);
  });

  it('calls the source with the normalised identifier once the request is valid', async () => {
    const res = await t.post('/v1/gst/verify', { gstin: '  27aapfu0939f1zv ' });
    // The recording source answers "unavailable", so the call fails with 503, after one call.
    expect(res.statusCode).toBe(503);
    expect(calls.at(-1)).toBe('gst.verify {"gstin":"27AAPFU0939F1ZV"}');
  });
});
