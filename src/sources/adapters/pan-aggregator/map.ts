/** pan-aggregator wire → pan.verify (UPSTREAMS.md "pan-aggregator"). Pure: no I/O. */
import type { PanAnswer, SourceOutcome } from '../../port.js';
import { textOf, textOrEmpty } from '../../../domain/upstream-values.js';
import type { PanReply } from './wire.js';

/** Protean/ITD status codes: E and its event forms (EA … EU), F, X, D, N. */
const PAN_STATUS = /^(?:E[A-Z]?|F|X|D|N)$/u;

export function panAnswerOf(wire: PanReply, requestedPan: string): SourceOutcome<PanAnswer> {
  const pan = (textOf(wire.pan) ?? requestedPan).toUpperCase();
  if (pan !== requestedPan) return { outcome: 'bad_response', message: `asked for PAN ${requestedPan}, the aggregator answered for ${pan}` };
  const statusCode = textOrEmpty(wire.pan_status).toUpperCase();
  if (!PAN_STATUS.test(statusCode)) {
    return { outcome: 'bad_response', message: `unknown pan_status ${JSON.stringify(wire.pan_status ?? null)}` };
  }
  // A PAN not in the ITD database has no holder: its name, if any is sent, means nothing.
  return { outcome: 'ok', value: { pan, statusCode, fullName: statusCode === 'N' ? '' : textOrEmpty(wire.name) } };
}
