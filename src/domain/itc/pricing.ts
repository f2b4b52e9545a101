import { OPERATIONS } from '../operations.js';

/**
 * The ITC check (an addition to the ten operations) runs GST Verify and GST Returns and is
 * priced as the two: ₹0.75 + ₹1.00 = ₹1.75, billed only when both were delivered.
 */
export const ITC_CHECK = {
  api: 'gst.itc_check',
  path: '/v1/gst/itc-check',
  pricePaise: OPERATIONS['gst.verify'].pricePaise + OPERATIONS['gst.returns'].pricePaise,
  /** The checks it runs: meta.checks of an answer. */
  checks: ['gst.verify', 'gst.returns'],
  maxInvoices: 100,
} as const;
