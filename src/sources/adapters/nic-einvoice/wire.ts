/** The NIC e-invoice "Get GSTIN details" answer (UPSTREAMS.md "nic-einvoice"), read tolerantly. */
import { z } from 'zod';
import { wireList, wireText } from '../../http/wire.js';

export const nicErrorDetail = z.looseObject({
  ErrorCode: wireText,
  ErrorMessage: wireText,
});

export const nicGstin = z.looseObject({
  Gstin: wireText,
  TradeName: wireText,
  LegalName: wireText,
  AddrBnm: wireText,
  AddrBno: wireText,
  AddrFlno: wireText,
  AddrSt: wireText,
  AddrLoc: wireText,
  StateCode: wireText,
  AddrPncd: wireText,
  TxpType: wireText,
  Status: wireText,
  BlkStatus: wireText,
  DtReg: wireText,
  DtDReg: wireText,
  ErrorDetails: wireList(nicErrorDetail),
  /** Gateways that do not unwrap the answer leave it in `Data`. */
  Data: z.unknown().optional(),
});

export type NicGstin = z.output<typeof nicGstin>;
