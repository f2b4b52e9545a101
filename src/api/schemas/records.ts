/**
 * The interface document's record shapes and envelope as zod schemas, written from the
 * contract text (not derived from src/domain/records.ts): strict objects (no extra fields),
 * every field required, enums and date formats exact. The OpenAPI document is generated from
 * them, and the contract tests hold every answer to them, so the code, the published schema
 * and the contract cannot drift apart unnoticed. An `id` in `.meta()` makes a schema a named
 * component of the OpenAPI document.
 */
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const nullableDate = date.nullable();

export const AddressShape = z
  .strictObject({
    line1: z.string(),
    locality: z.string(),
    city: z.string(),
    district: z.string(),
    state: z.string(),
    pincode: z.string().regex(/^\d{6}$/).describe('6-digit PIN code'),
  })
  .meta({ id: 'Address' });

const gstStatus = z.enum(['Active', 'Cancelled', 'Suspended']);

export const GstRecordShape = z.strictObject({
  gstin: z.string().length(15),
  legal_name: z.string(),
  trade_name: z.string(),
  status: gstStatus,
  registration_date: date,
  cancellation_date: nullableDate,
  taxpayer_type: z.enum(['Regular', 'Composition']),
  constitution: z.string(),
  state: z.string(),
  state_code: z.string().regex(/^\d{2}$/),
  pan: z.string().length(10),
  principal_place: AddressShape,
  nature_of_business: z.array(z.string()),
  einvoice_enabled: z.boolean(),
}).meta({ id: 'GstRecord', description: 'GST record (GST Verify data; Business360 gst.data)' });

const returnFiling = z.strictObject({
  status: z.enum(['filed', 'late', 'not_filed']),
  filed_on: nullableDate,
  due_date: date,
});

export const GstReturnsShape = z.strictObject({
  gstin: z.string(),
  filing_frequency: z.enum(['monthly', 'quarterly']),
  periods: z.array(z.strictObject({ period: z.string().regex(/^\d{4}-\d{2}$/), gstr1: returnFiling, gstr3b: returnFiling })),
  summary: z.strictObject({
    periods: z.number().int(),
    filed_on_time: z.number().int(),
    filed_late: z.number().int(),
    not_filed: z.number().int(),
    last_filed_period: z.string().nullable(),
  }),
}).meta({ id: 'GstReturnsRecord', description: 'GST return-filing history, most recent period first (GST Returns data; Business360 gst_returns.data)' });

export const PanVerificationShape = z.strictObject({
  pan: z.string(),
  valid: z.boolean(),
  status: z.enum(['Valid', 'Invalid']),
  // The holder categories by the PAN's 4th character (docs/api.md "Decisions where the interface document is silent").
  category: z.enum([
    'Individual',
    'Company',
    'Hindu Undivided Family',
    'Firm / LLP',
    'Association of Persons',
    'Trust',
    'Body of Individuals',
    'Local Authority',
    'Artificial Juridical Person',
    'Government',
  ]),
  registered_name: z.string(),
  name_match: z
    .strictObject({ input: z.string(), score: z.number().min(0).max(1), result: z.enum(['match', 'partial', 'no_match']) })
    .nullable(),
}).meta({ id: 'PanVerification', description: 'PAN verification (PAN Verify data; Business360 pan.data)' });

export const CompanyRecordShape = z.strictObject({
  entity_type: z.enum(['company', 'llp']),
  cin: z.string().nullable(),
  llpin: z.string().nullable(),
  name: z.string(),
  status: z.enum(['Active', 'Strike Off', 'Under Liquidation']),
  class: z.string(),
  category: z.string(),
  sub_category: z.string(),
  date_of_incorporation: date,
  roc: z.string(),
  listing_status: z.enum(['Listed', 'Unlisted']),
  authorised_capital_inr: z.number(),
  paid_up_capital_inr: z.number(),
  industry: z.strictObject({ nic_code: z.string(), description: z.string() }).nullable(),
  last_agm_date: nullableDate,
  last_balance_sheet_date: nullableDate,
  registered_address: AddressShape,
}).meta({ id: 'CompanyRecord', description: 'Company or LLP master data (Company data; Business360 company.data)' });

const dinStatus = z.enum(['Approved', 'Disqualified']);

export const DirectorsShape = z.strictObject({
  cin: z.string().nullable(),
  llpin: z.string().nullable(),
  company_name: z.string(),
  count: z.number().int(),
  current: z.number().int(),
  directors: z.array(
    z.strictObject({
      din: z.string().regex(/^\d{8}$/),
      name: z.string(),
      designation: z.string(),
      appointed_on: date,
      ceased_on: nullableDate,
      din_status: dinStatus,
    }),
  ),
}).meta({ id: 'DirectorsRecord', description: 'Directors, or designated partners of an LLP, past ones included (Directors data; Business360 directors.data)' });

export const CinPanShape = z.strictObject({
  cin: z.string().nullable(),
  llpin: z.string().nullable(),
  pan: z.string(),
  company_name: z.string(),
  direction: z.enum(['cin_to_pan', 'pan_to_cin']),
}).meta({ id: 'CinPanMapping', description: 'CIN <-> PAN mapping (CIN <-> PAN data; Business360 cin_pan.data)' });

export const DinRecordShape = z.strictObject({
  din: z.string(),
  name: z.string(),
  din_status: dinStatus,
  companies: z.array(
    z.strictObject({
      cin: z.string().nullable(),
      llpin: z.string().nullable(),
      name: z.string(),
      designation: z.string(),
      appointed_on: date,
      ceased_on: nullableDate,
    }),
  ),
}).meta({ id: 'DinRecord', description: 'A director and every company they are or were associated with (DIN Lookup data)' });

export const SearchResultShape = z.strictObject({
  query: z.string(),
  count: z.number().int(),
  results: z.array(
    z.strictObject({
      name: z.string(),
      cin: z.string().nullable(),
      llpin: z.string().nullable(),
      status: z.string(),
      state: z.string(),
      incorporated_on: date,
      score: z.number().min(0).max(1),
    }),
  ),
}).meta({ id: 'CompanySearchResult', description: 'Ranked company and LLP matches (Company Search data)' });

export const GstByPanShape = z.strictObject({
  pan: z.string(),
  count: z.number().int(),
  gstins: z.array(
    z.strictObject({
      gstin: z.string().length(15),
      state: z.string(),
      state_code: z.string().regex(/^\d{2}$/),
      status: gstStatus,
      registration_date: date,
    }),
  ),
}).meta({ id: 'GstByPanResult', description: 'GSTINs registered under a PAN (GST by PAN data)' });

export const DATA_SHAPES = {
  'gst.verify': GstRecordShape,
  'gst.returns': GstReturnsShape,
  'gst.by_pan': GstByPanShape,
  'pan.verify': PanVerificationShape,
  'mca.company': CompanyRecordShape,
  'mca.search': SearchResultShape,
  'mca.cin_to_pan': CinPanShape,
  'mca.directors': DirectorsShape,
  'mca.din': DinRecordShape,
} as const;

/** meta as docs/api.md shows it: exactly these fields for a single operation. */
export const MetaShape = z
  .strictObject({
    charged: z.boolean().describe('Whether the call was billed; false on every error'),
    amount_inr: z.number().describe('Amount billed in INR (0 when not charged)'),
    latency_ms: z.number().min(0).describe('Time the service spent on the call, in milliseconds'),
    environment: z.enum(['live', 'sandbox']).describe('sandbox for a bv_test_ key (the synthetic registry), live for a bv_live_ key'),
    checks: z.number().int().describe('Checks run: 1 for a single operation, the modules run for Business360 (6 for the full bundle)'),
    timestamp: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/)
      .describe('When the answer was made, ISO 8601 in India time (+05:30)'),
    data_freshness: z.enum(['live', 'cached']).describe('live when a source answered this call, cached when a recent answer was reused'),
  })
  .meta({ id: 'Meta', description: 'Billing and timing of the call' });

const requestId = z.string().regex(/^req_[0-9a-f]{24}$/).describe('Unique per request; also in the X-Request-Id header');
const apiVersion = z.literal('2026-10-01').describe('API version');

export function envelopeShape(api: string, data: z.ZodType) {
  return z.strictObject({
    success: z.literal(true),
    request_id: requestId,
    api: z.literal(api).describe('Operation identifier'),
    version: apiVersion,
    data,
    meta: MetaShape,
  });
}

export const ErrorEnvelopeShape = z
  .strictObject({
    success: z.literal(false),
    request_id: requestId,
    api: z.string().describe('Operation identifier'),
    version: apiVersion,
    data: z.null(),
    meta: MetaShape,
    error: z.strictObject({
      code: z.string().describe('Stable error code from the catalogue; branch on it, never on the message'),
      message: z.string().min(1).describe('What went wrong, for a person'),
      retryable: z.boolean().describe('Whether the same request may succeed if sent again later'),
      details: z
        .array(z.strictObject({ field: z.string().describe('The request field, e.g. gstin or rows[3].pan'), message: z.string().describe('The rule that failed') }))
        .optional()
        .describe('Present on VALIDATION_FAILED: one entry per failing field'),
    }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Every error: billed 0, meta.charged false' });

/** The interface document's "Business360 profile" and the extra meta of docs/business360.md "Billing", written from their text. */
const MODULE_NAMES = ['gst', 'gst_returns', 'pan', 'company', 'directors', 'cin_pan'] as const;
const severity = z.enum(['low', 'medium', 'high']);
function wrapperShape(data: z.ZodType) {
  return z.strictObject({
    status: z.enum(['ok', 'failed', 'not_found', 'skipped']),
    data: data.nullable(),
    error: z.strictObject({ code: z.string(), message: z.string().min(1) }).optional(),
    reason: z.string().min(1).optional(),
    charged: z.boolean(),
    amount_inr: z.number().min(0),
    attempts: z.number().int().min(0),
    latency_ms: z.number().int().min(0),
  });
}
export const Business360Shape = z.strictObject({
  summary: z.strictObject({
    legal_name: z.string().nullable(),
    trade_name: z.string().nullable(),
    entity_type: z.enum(['company', 'llp', 'proprietorship']).nullable(),
    pan: z.string().nullable(),
    gstin: z.string().nullable(),
    cin: z.string().nullable(),
    llpin: z.string().nullable(),
    state: z.string().nullable(),
    risk: z.strictObject({
      level: severity,
      flags: z.array(z.strictObject({ code: z.string(), severity, message: z.string().min(1), module: z.enum(MODULE_NAMES) })),
    }),
  }),
  gst: wrapperShape(GstRecordShape),
  gst_returns: wrapperShape(GstReturnsShape),
  pan: wrapperShape(PanVerificationShape),
  company: wrapperShape(CompanyRecordShape),
  directors: wrapperShape(DirectorsShape),
  cin_pan: wrapperShape(CinPanShape),
}).meta({ id: 'Business360Profile', description: 'One profile: summary with risk, and one wrapper per module' });
const BUNDLE_META = {
  modules_requested: z.number().int().min(1).describe('Modules asked for (include, or all six)'),
  modules_succeeded: z.number().int().min(0).describe('Modules that answered ok (and so were billed)'),
  pricing: z
    .strictObject({
      list_total_inr: z.number().describe('Sum of the single-operation prices of the modules that succeeded'),
      bundle_cap_inr: z.literal(10).describe('The bundle price cap'),
      discount_inr: z.number().min(0).describe('list_total_inr minus what was charged'),
    })
    .describe('How the charge was reached'),
};
export const Business360EnvelopeShape = envelopeShape('business360', Business360Shape).extend({
  meta: MetaShape.extend(BUNDLE_META).meta({ id: 'Business360Meta', description: 'Meta of a Business360 call' }),
});
/**
 * A Business360 error: the bundle's meta fields on every error but those the HTTP parser
 * answers before any route (408, 431); checks counts the modules that asked their source
 * before the call failed (0 when it was refused before any ran).
 */
export const Business360ErrorEnvelopeShape = ErrorEnvelopeShape.extend({
  meta: MetaShape.extend({
    modules_requested: BUNDLE_META.modules_requested.optional(),
    modules_succeeded: BUNDLE_META.modules_succeeded.optional(),
    pricing: BUNDLE_META.pricing.optional(),
  }).meta({ id: 'Business360ErrorMeta', description: "Meta of a Business360 error: the bundle's fields (absent only on 408 and 431, answered before any route)" }),
}).meta({ id: 'Business360ErrorEnvelope', description: 'Every Business360 error: billed 0, meta.charged false' });
