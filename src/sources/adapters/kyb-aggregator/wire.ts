/** A KYB aggregator's JSON (UPSTREAMS.md "kyb-aggregator"), read tolerantly. */
import { z } from 'zod';
import { wireText } from '../../http/wire.js';

// The list key itself is required: an answer without it (`{}`) is broken, and reading it as
// "no registrations" would bill a wrong answer.
export const kybGstByPan = z.looseObject({
  gstin_list: z.array(
    z.looseObject({
      gstin: wireText,
      state: wireText,
      state_code: wireText,
      active_status: wireText,
      /** An extension of the agreed format: the record needs it and no other source has it. */
      registration_date: wireText,
    }),
    { error: 'gstin_list must be a list' },
  ),
});

export const kybMapping = z.looseObject({
  cin: wireText,
  llpin: wireText,
  pan: wireText,
  company_name: wireText,
});

export const kybSearch = z.looseObject({
  results: z.array(
    z.looseObject({
      name: wireText,
      cin: wireText,
      llpin: wireText,
      status: wireText,
      state: wireText,
      date_of_incorporation: wireText,
    }),
    { error: 'results must be a list' },
  ),
});

export type KybGstByPan = z.output<typeof kybGstByPan>;
export type KybMapping = z.output<typeof kybMapping>;
export type KybSearch = z.output<typeof kybSearch>;
