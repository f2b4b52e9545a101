/**
 * The interface document's record shapes, written out again from the contract text (not
 * from src/domain/records.ts) so a test can catch the code drifting from the contract:
 * strict objects (no extra fields), every field required, enums and date formats exact.
 */
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const nullableDate = date.nullable();

export const AddressShape = z.strictObject({
  line1: z.string(),
  locality: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.string().regex(/^\d{6}$/),
});

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
});

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
});

export const PanVerificationShape = z.strictObject({
  pan: z.string(),
  valid: z.boolean(),
  status: z.enum(['Valid', 'Invalid']),
  // API.md "Record details": the holder categories by the PAN's 4th character.
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
});

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
});

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
});

export const CinPanShape = z.strictObject({
  cin: z.string().nullable(),
  llpin: z.string().nullable(),
  pan: z.string(),
  company_name: z.string(),
  direction: z.enum(['cin_to_pan', 'pan_to_cin']),
});

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
});

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
});

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
});

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

/** meta per API.md: exactly these fields for a single operation. */
export const MetaShape = z.strictObject({
  charged: z.boolean(),
  amount_inr: z.number(),
  latency_ms: z.number().min(0),
  environment: z.enum(['live', 'sandbox']),
  checks: z.number().int(),
  timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/),
  data_freshness: z.enum(['live', 'cached']),
});

export function envelopeShape(api: string, data: z.ZodType) {
  return z.strictObject({
    success: z.literal(true),
    request_id: z.string().regex(/^req_[0-9a-f]{24}$/),
    api: z.literal(api),
    version: z.literal('2026-10-01'),
    data,
    meta: MetaShape,
  });
}

export const ErrorEnvelopeShape = z.strictObject({
  success: z.literal(false),
  request_id: z.string().regex(/^req_[0-9a-f]{24}$/),
  api: z.string(),
  version: z.literal('2026-10-01'),
  data: z.null(),
  meta: MetaShape,
  error: z.strictObject({
    code: z.string(),
    message: z.string().min(1),
    retryable: z.boolean(),
    details: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional(),
  }),
});

/** The interface document's "Business360 profile" and API.md's extra meta, written from their text. */
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
});
export const Business360EnvelopeShape = envelopeShape('business360', Business360Shape).extend({
  meta: MetaShape.extend({
    modules_requested: z.number().int().min(1),
    modules_succeeded: z.number().int().min(0),
    pricing: z.strictObject({ list_total_inr: z.number(), bundle_cap_inr: z.literal(10), discount_inr: z.number().min(0) }),
  }),
});
