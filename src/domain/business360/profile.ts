/**
 * Business360's shapes (the interface document's "Business360 profile") and its module table.
 * Pure: the orchestration that fills them lives in src/orchestration/business360/.
 */
import { OPERATIONS, type CheckName } from '../operations.js';
import type {
  CinPanMapping,
  CompanyRecord,
  DirectorsRecord,
  GstRecord,
  GstReturnsRecord,
  PanVerification,
} from '../records.js';

export const MODULES = ['gst', 'gst_returns', 'pan', 'company', 'directors', 'cin_pan'] as const;
export type ModuleName = (typeof MODULES)[number];

/** The single operation each module is, and so its list price. */
export const MODULE_CHECK: Readonly<Record<ModuleName, CheckName>> = {
  gst: 'gst.verify',
  gst_returns: 'gst.returns',
  pan: 'pan.verify',
  company: 'mca.company',
  directors: 'mca.directors',
  cin_pan: 'mca.cin_to_pan',
};

export const BUNDLE_CAP_PAISE = OPERATIONS.business360.pricePaise;

export function modulePricePaise(module: ModuleName): number {
  return OPERATIONS[MODULE_CHECK[module]].pricePaise;
}

export interface ModuleData {
  gst: GstRecord;
  gst_returns: GstReturnsRecord;
  pan: PanVerification;
  company: CompanyRecord;
  directors: DirectorsRecord;
  cin_pan: CinPanMapping;
}

export type ModuleStatus = 'ok' | 'failed' | 'not_found' | 'skipped';

export interface ModuleWrapper<M extends ModuleName = ModuleName> {
  status: ModuleStatus;
  data: ModuleData[M] | null;
  error?: { code: string; message: string };
  reason?: string;
  charged: boolean;
  amount_inr: number;
  attempts: number;
  latency_ms: number;
}

export type Severity = 'low' | 'medium' | 'high';

export interface RiskFlag {
  code: string;
  severity: Severity;
  message: string;
  module: ModuleName;
}

export interface Business360Summary {
  legal_name: string | null;
  trade_name: string | null;
  entity_type: 'company' | 'llp' | 'proprietorship' | null;
  pan: string | null;
  gstin: string | null;
  cin: string | null;
  llpin: string | null;
  state: string | null;
  risk: { level: Severity; flags: RiskFlag[] };
}

export type Business360Profile = { summary: Business360Summary } & { [M in ModuleName]: ModuleWrapper<M> };

/** The six module wrappers, each typed by its own record. */
export type Business360Modules = { [M in ModuleName]: ModuleWrapper<M> };

/** A module's record when it answered `ok`; null otherwise (failed, not found, skipped). */
export function okData<M extends ModuleName>(wrapper: ModuleWrapper<M>): ModuleData[M] | null {
  return wrapper.status === 'ok' ? wrapper.data : null;
}
