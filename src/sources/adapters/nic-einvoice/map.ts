/**
 * nic-einvoice wire → gst.verify (UPSTREAMS.md "nic-einvoice", wire agreement). Pure: no I/O.
 * The format has no constitution, nature of business, e-invoice flag, city or district.
 */
import { GST_STATES } from '../../../domain/identifiers/state-codes.js';
import type { GstRecord } from '../../../domain/records.js';
import { nicStatusOf, nicTaxpayerTypeOf } from '../../../domain/upstream-status.js';
import { textOf, textOrEmpty, upstreamDate } from '../../../domain/upstream-values.js';
import type { SourceOutcome } from '../../port.js';
import type { NicGstin } from './wire.js';

function bad(message: string): { outcome: 'bad_response'; message: string } {
  return { outcome: 'bad_response', message };
}

/** Any ErrorDetails without a GSTIN is NIC's "no such GSTIN" (3001 and its relatives). */
export function nicNotFound(wire: NicGstin): string | undefined {
  if (textOf(wire.Gstin) !== undefined || (wire.ErrorDetails ?? []).length === 0) return undefined;
  return (wire.ErrorDetails ?? [])
    .map((e) => [textOf(e.ErrorCode), textOf(e.ErrorMessage)].filter((part) => part !== undefined).join(' '))
    .join('; ');
}

/** A number on the wire that stands for a fixed-width code: StateCode 7 → "07", AddrPncd → 6 digits. */
function padded(value: unknown, width: number): string {
  const text = textOrEmpty(value);
  return /^\d+$/u.test(text) ? text.padStart(width, '0') : text;
}

export function nicRecord(wire: NicGstin, requestedGstin: string): SourceOutcome<GstRecord> {
  const gstin = (textOf(wire.Gstin) ?? '').toUpperCase();
  if (gstin !== requestedGstin) return bad(`asked for GSTIN ${requestedGstin}, NIC answered for ${JSON.stringify(gstin)}`);
  const statusText = textOf(wire.Status);
  const status = statusText === undefined ? undefined : nicStatusOf(statusText);
  if (status === undefined) return bad(`unknown NIC status ${JSON.stringify(wire.Status ?? null)}`);
  const registered = upstreamDate(wire.DtReg);
  if (!registered) return bad(`registration date ${JSON.stringify(wire.DtReg ?? null)} is not a date`);
  const cancelled = upstreamDate(wire.DtDReg);
  if (cancelled === undefined) return bad(`deregistration date ${JSON.stringify(wire.DtDReg)} is not a date`);
  const legalName = textOf(wire.LegalName);
  if (legalName === undefined) return bad('the answer has no legal name');
  const stateCode = gstin.slice(0, 2);
  const addressStateCode = padded(wire.StateCode, 2);
  return {
    outcome: 'ok',
    value: {
      gstin,
      legal_name: legalName,
      trade_name: textOrEmpty(wire.TradeName),
      status,
      registration_date: registered,
      cancellation_date: cancelled,
      taxpayer_type: nicTaxpayerTypeOf(textOrEmpty(wire.TxpType)),
      constitution: '',
      state: GST_STATES[stateCode] ?? stateCode,
      state_code: stateCode,
      pan: gstin.slice(2, 12),
      principal_place: {
        line1: [wire.AddrBno, wire.AddrFlno, wire.AddrBnm, wire.AddrSt].map(textOrEmpty).filter((part) => part !== '').join(', '),
        locality: textOrEmpty(wire.AddrLoc),
        city: '',
        district: '',
        state: GST_STATES[addressStateCode] ?? '',
        pincode: padded(wire.AddrPncd, 6),
      },
      nature_of_business: [],
      einvoice_enabled: false,
    },
  };
}
