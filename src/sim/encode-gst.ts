/** gstn-gsp (search, RETTRACK) and nic-einvoice answers, encoded from the sandbox's records. */
import type { GstRecord } from '../domain/records.js';
import type { GstReturnsAnswer } from '../sources/port.js';
import { gstDtyFor, gstStsFor, nicStatusFor, numberFor } from './variety.js';
import { isoToDmy, periodToRetPrd, splitLine1 } from './wire-format.js';

const RANGE_NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];

/** Jurisdiction fields: adapters ignore them, but a real answer always carries them. */
function jurisdiction(record: GstRecord): { stj: string; stjCd: string; ctj: string; ctjCd: string } {
  const ward = 1 + numberFor(record.gstin, 'stj', 120);
  const range = numberFor(record.gstin, 'ctj', RANGE_NUMERALS.length);
  const place = record.principal_place.district || record.principal_place.city;
  return {
    stj: `Ghatak ${ward} (${place})`,
    stjCd: `${record.state_code}${String(ward).padStart(3, '0')}`,
    ctj: `RANGE-${RANGE_NUMERALS[range] ?? 'I'}`,
    ctjCd: `${String.fromCharCode(65 + numberFor(record.gstin, 'ctjCd', 26))}A${String(100 + numberFor(record.gstin, 'ctjNo', 900)).padStart(4, '0')}`,
  };
}

export function encodeGspSearch(record: GstRecord): Record<string, unknown> {
  const address = record.principal_place;
  const line1 = splitLine1(address.line1);
  const nba = [...record.nature_of_business];
  return {
    gstin: record.gstin,
    lgnm: record.legal_name,
    tradeNam: record.trade_name,
    sts: gstStsFor(record.gstin, record.status),
    rgdt: isoToDmy(record.registration_date),
    cxdt: record.cancellation_date === null ? '' : isoToDmy(record.cancellation_date),
    lstupdt: isoToDmy(record.cancellation_date ?? record.registration_date),
    dty: gstDtyFor(record.gstin, record.taxpayer_type),
    ctb: record.constitution,
    ...jurisdiction(record),
    nba,
    pradr: {
      addr: {
        bnm: line1.bnm,
        bno: line1.bno,
        flno: '',
        st: line1.st,
        loc: address.locality,
        city: address.city,
        dst: address.district,
        stcd: address.state,
        pncd: address.pincode,
        lt: '',
        lg: '',
      },
      ntr: nba.join(', '),
    },
    adadr: [],
    einvoiceStatus: record.einvoice_enabled ? 'Yes' : 'No',
  };
}

/** An ARN like AA241220607741S: state code, return period (MMYY), serial, check letter. */
function arnFor(gstin: string, retPrd: string, returnType: string): string {
  const key = `${gstin}:${retPrd}:${returnType}`;
  const serial = String(numberFor(key, 'arn', 1_000_000)).padStart(6, '0');
  const letter = String.fromCharCode(65 + numberFor(key, 'arn-check', 26));
  return `AA${gstin.slice(0, 2)}${retPrd.slice(0, 2)}${retPrd.slice(4, 6)}${serial}${letter}`;
}

export interface RetTrackEntry {
  valid?: string;
  mof: string;
  dof: string;
  ret_prd: string;
  rtntype: string;
  arn: string;
  status: string;
}

/**
 * The RETTRACK list for one financial year (`fyStart` 2025 = April 2025 to March 2026): the
 * sandbox's filings in that year, plus the GSTR-9 annual return once the year is over and
 * anything was filed in it. Undefined when nothing was filed (the GSP answers RET13510).
 */
export function encodeRetTrack(answer: GstReturnsAnswer, fyStart: number, todayIso: string): { EFiledlist: RetTrackEntry[] } | undefined {
  const first = `${fyStart}-04`;
  const last = `${fyStart + 1}-03`;
  const entries: RetTrackEntry[] = answer.filings
    .filter((filing) => filing.period >= first && filing.period <= last)
    .map((filing) => {
      const retPrd = periodToRetPrd(filing.period);
      return {
        valid: 'Y',
        mof: 'ONLINE',
        dof: isoToDmy(filing.filedOn, '-'),
        ret_prd: retPrd,
        rtntype: filing.returnType,
        arn: arnFor(answer.gstin, retPrd, filing.returnType),
        status: 'Filed',
      };
    });
  if (entries.length === 0) return undefined;
  const yearEnd = `${fyStart + 1}-03-31`;
  if (yearEnd < todayIso) {
    // The annual return is due by 31 December after the year; adapters ignore it for periods.
    const annualDue = `${fyStart + 1}-12-31`;
    const retPrd = `03${fyStart + 1}`;
    entries.push({
      mof: 'ONLINE',
      dof: isoToDmy(annualDue < todayIso ? annualDue : todayIso, '-'),
      ret_prd: retPrd,
      rtntype: 'GSTR9',
      arn: arnFor(answer.gstin, retPrd, 'GSTR9'),
      status: 'Filed',
    });
  }
  return { EFiledlist: entries };
}

export function encodeNicGstin(record: GstRecord): Record<string, unknown> {
  const address = record.principal_place;
  const line1 = splitLine1(address.line1);
  return {
    Gstin: record.gstin,
    TradeName: record.trade_name,
    LegalName: record.legal_name,
    AddrBnm: line1.bnm,
    AddrBno: line1.bno,
    AddrFlno: '',
    AddrSt: line1.st,
    AddrLoc: address.locality,
    StateCode: Number(record.gstin.slice(0, 2)),
    AddrPncd: Number(address.pincode),
    TxpType: record.taxpayer_type === 'Composition' ? 'COM' : 'REG',
    Status: nicStatusFor(record.gstin, record.status),
    BlkStatus: 'U',
    DtReg: record.registration_date,
    DtDReg: record.cancellation_date,
  };
}
