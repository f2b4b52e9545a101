import type { z } from 'zod';
import { MAX_RETURN_PERIODS } from '../domain/gst-returns.js';
import type { CheckName } from '../domain/operations.js';
import type { OperationInputs } from '../sources/verifier.js';
import { bodyObject, cinField, dinField, gstinField, integerField, llpinField, panField, textField } from './fields.js';

/**
 * Exactly one of two alternative identifiers (docs/api.md "Decisions where the interface
 * document is silent"): both or neither is a 400 naming the fields.
 */
function exactlyOne<A extends string, B extends string>(a: A, b: B) {
  return (value: Partial<Record<A | B, unknown>>, ctx: z.RefinementCtx) => {
    const sent = [a, b].filter((key) => value[key] !== undefined);
    if (sent.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: [a],
      message:
        sent.length === 0
          ? `send exactly one of ${a}, ${b} (neither was sent)`
          : `send exactly one of ${a}, ${b} (both were sent)`,
    });
  };
}

const companyRef = bodyObject({ cin: cinField.optional(), llpin: llpinField.optional() })
  .superRefine(exactlyOne('cin', 'llpin'))
  .transform((body) => (body.cin !== undefined ? { cin: body.cin } : { llpin: body.llpin as string }));

/** Only company (C) and firm/LLP (F) PANs map to a registration. */
const companyPanField = panField.refine((pan) => pan.charAt(3) === 'C' || pan.charAt(3) === 'F', {
  message: "holder_type: only a company PAN (4th character 'C') or a firm/LLP PAN ('F') maps to a CIN or LLPIN",
});

export const OPERATION_REQUESTS: { [C in CheckName]: z.ZodType<OperationInputs[C], unknown> } = {
  'gst.verify': bodyObject({ gstin: gstinField }),
  'gst.returns': bodyObject({
    gstin: gstinField,
    periods: integerField(1, MAX_RETURN_PERIODS).default(MAX_RETURN_PERIODS),
  }),
  'gst.by_pan': bodyObject({ pan: panField }),
  'pan.verify': bodyObject({ pan: panField, name: textField(200).optional() }),
  'mca.company': companyRef,
  'mca.search': bodyObject({ name: textField(200), limit: integerField(1, 20).default(5) }),
  'mca.cin_to_pan': bodyObject({ cin: cinField.optional(), pan: companyPanField.optional() })
    .superRefine(exactlyOne('cin', 'pan'))
    .transform((body) => (body.cin !== undefined ? { cin: body.cin } : { pan: body.pan as string })),
  'mca.directors': companyRef,
  'mca.din': bodyObject({ din: dinField }),
};
