import { z } from 'zod';
import { MODULES, type ModuleName } from '../domain/business360/profile.js';
import { bodyObject, cinField, gstinField, panField } from './fields.js';

const moduleField = z.enum(MODULES, { error: () => `must be one of ${MODULES.join(', ')}` });

/** The rule an empty `include` breaks (bulk JSON rows check it too: a blank cell means "omitted"). */
export const INCLUDE_NOT_EMPTY = `must list at least one module of ${MODULES.join(', ')}`;

/**
 * Exactly one of gstin, cin, pan; `include` at least one module (the full bundle when
 * omitted). A module named twice is run and billed once.
 */
export const Business360Request = bodyObject({
  gstin: gstinField.optional(),
  cin: cinField.optional(),
  pan: panField.optional(),
  include: z
    .array(moduleField, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an array of module names') })
    .min(1, INCLUDE_NOT_EMPTY)
    .optional(),
})
  .superRefine((body, ctx) => {
    const sent = (['gstin', 'cin', 'pan'] as const).filter((key) => body[key] !== undefined);
    if (sent.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      // One that was sent, when any was: a row with cin and pan must not be told about gstin.
      path: [sent[0] ?? 'gstin'],
      message: `send exactly one of gstin, cin, pan (${sent.length === 0 ? 'none was sent' : `${sent.join(' and ')} were sent`})`,
    });
  })
  .transform((body) => ({
    gstin: body.gstin,
    cin: body.cin,
    pan: body.pan,
    include: body.include === undefined ? [...MODULES] : MODULES.filter((m): m is ModuleName => body.include!.includes(m)),
  }));
