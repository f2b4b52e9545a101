/** The GSTN common API as GSPs serve it (UPSTREAMS.md "gstn-gsp"), read tolerantly. */
import { z } from 'zod';
import { wireList, wireText } from '../../http/wire.js';

/** Errors arrive as HTTP 200 with status_cd "0" and this object. */
export const gspError = z.looseObject({
  error_cd: wireText,
  message: wireText,
});

export const gspEnvelope = z.looseObject({
  status_cd: wireText,
  error: z.union([gspError, z.string(), z.null()]).optional(),
  /** Some GSPs wrap the answer in `data`; the agreed format does not. */
  data: z.unknown().optional(),
});

export const gspAddr = z.looseObject({
  bnm: wireText,
  bno: wireText,
  flno: wireText,
  st: wireText,
  loc: wireText,
  city: wireText,
  dst: wireText,
  stcd: wireText,
  pncd: wireText,
});

export const gspTaxpayer = z.looseObject({
  gstin: wireText,
  lgnm: wireText,
  tradeNam: wireText,
  sts: wireText,
  rgdt: wireText,
  cxdt: wireText,
  dty: wireText,
  ctb: wireText,
  nba: wireList(wireText),
  pradr: z
    .looseObject({
      addr: gspAddr.nullish(),
      /** Some answers carry the address as one string. */
      adr: wireText,
    })
    .nullish(),
  einvoiceStatus: wireText,
});

export const gspFiling = z.looseObject({
  valid: wireText,
  dof: wireText,
  ret_prd: wireText,
  rtntype: wireText,
  status: wireText,
});

export const gspReturns = z.looseObject({
  EFiledlist: wireList(gspFiling),
});

export type GspError = z.output<typeof gspError>;
export type GspTaxpayer = z.output<typeof gspTaxpayer>;
export type GspReturns = z.output<typeof gspReturns>;
