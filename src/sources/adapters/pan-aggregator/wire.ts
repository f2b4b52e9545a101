/** A KYC aggregator's PAN verification answer (UPSTREAMS.md "pan-aggregator"), read tolerantly. */
import { z } from 'zod';
import { wireText } from '../../http/wire.js';

export const panReply = z.looseObject({
  pan: wireText,
  name: wireText,
  pan_status: wireText,
  status: wireText,
  /** Never used: name matching is ours, on the full name (UPSTREAMS.md). */
  name_match: wireText,
});

export type PanReply = z.output<typeof panReply>;
