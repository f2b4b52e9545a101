import { isRealIsoDate } from '../dates.js';
import { reason } from './reasons.js';
import type { ItcReason, SupplierFacts } from './types.js';
import { readableDate } from './wording.js';

export interface SupplierOutcome {
  reasons: ItcReason[];
  /**
   * True when the supplier could not issue a tax invoice on that date at all (not registered,
   * cancelled, composition). The filing and claim-window rules are then skipped: a supplier owes no
   * GSTR-1/GSTR-3B for a period it was not registered in (and a composition supplier files neither),
   * so "not filed" would be noise beside the reason that already decides.
   */
  blocks: boolean;
}

/** Registration on the invoice date (s.16(2)(a), s.29(2)), composition (s.10(4)) and suspension (r.21A). */
export function supplierReasons(supplier: SupplierFacts, invoiceDate: string): SupplierOutcome {
  const reasons: ItcReason[] = [];
  let blocks = false;
  const registered = supplier.registrationDate;

  if (!isRealIsoDate(registered)) {
    reasons.push(
      reason('registration_dates_unknown', 'The registration data gives no effective date of registration, so whether the supplier was registered on the invoice date is not known.'),
    );
  } else if (invoiceDate < registered) {
    // A registration takes effect on its effective date: an invoice dated that very day is issued by a
    // registered person; the day before is not.
    blocks = true;
    reasons.push(
      reason(
        'not_registered_on_invoice_date',
        `The supplier was registered with effect from ${readableDate(registered)}, after the invoice date (${readableDate(invoiceDate)}): an unregistered person cannot issue a tax invoice, so the credit is not admissible.`,
      ),
    );
  }

  const cancelled = supplier.cancellationDate;
  if (cancelled !== null && supplier.status === 'Active') {
    // An Active registration that still shows a cancellation date had the cancellation revoked
    // (s.30): the registration runs on, and the supplier owes the returns of the gap, which the
    // filing rules check. Not blocked.
  } else if (cancelled === null || !isRealIsoDate(cancelled)) {
    if (supplier.status === 'Cancelled') {
      reasons.push(
        reason('registration_dates_unknown', 'The registration is cancelled but the data gives no effective date of cancellation, so whether it was in force on the invoice date is not known.'),
      );
    }
  } else if (invoiceDate >= cancelled) {
    // Cancellation takes effect from its effective date (s.29(2): "from such date, including any
    // retrospective date"), so an invoice of that day is already outside the registration, and a
    // cancellation ordered after the invoice but effective before it counts from its effective date.
    blocks = true;
    reasons.push(
      reason(
        'cancelled_on_or_before_invoice_date',
        `The registration was cancelled with effect from ${readableDate(cancelled)}, on or before the invoice date (${readableDate(invoiceDate)}); this holds even when the cancellation was ordered later with retrospective effect. A cancelled supplier cannot issue a tax invoice, so the credit is not admissible (a buyer with proof of a genuine supply and payment may contest a retrospective cancellation).`,
      ),
    );
  } else {
    reasons.push(
      reason(
        'cancelled_after_invoice_date',
        `The registration was cancelled with effect from ${readableDate(cancelled)}, after the invoice date: the invoice falls within the registration, but an effective date can still be moved back (s.29(2)), so check again before relying on it.`,
      ),
    );
  }

  if (supplier.taxpayerType === 'Composition') {
    blocks = true;
    reasons.push(
      reason(
        'composition_supplier',
        'The supplier pays tax under the composition levy: it cannot charge tax to its customers and issues a bill of supply, not a tax invoice, so no credit is available. The data shows the current type only: if the supplier opted in after the invoice date, check the invoice itself.',
      ),
    );
  }

  if (supplier.status === 'Suspended') {
    reasons.push(
      reason(
        'supplier_suspended',
        'The registration is suspended: a suspended supplier must not issue tax invoices or charge tax during the suspension, and a suspension usually precedes a cancellation, which can be made retrospective. The data does not say since when it is suspended.',
      ),
    );
  }
  return { reasons, blocks };
}
