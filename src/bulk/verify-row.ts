/**
 * One bulk row through the same path as a sync call: the single operation's verifier, or
 * Business360. Its cost is what the sync call would have billed.
 */
import { istDate } from '../domain/dates.js';
import { ITC_CHECK } from '../domain/itc/pricing.js';
import { itcSupplierData } from '../domain/itc/register-results.js';
import { answerTime } from '../domain/sandbox-clock.js';
import { priceBundle } from '../domain/business360/pricing.js';
import { OPERATIONS, type CheckName, type Environment, type BulkOperationName } from '../domain/operations.js';
import type { AppError } from '../errors.js';
import { createBusiness360, type Business360Request } from '../orchestration/business360/run-business360.js';
import { fetchSupplier } from '../orchestration/itc-check/run-itc-check.js';
import type { OperationInputs, Verifier } from '../sources/verifier.js';

export interface RowOutcome {
  status: 'ok' | 'not_found' | 'failed';
  data: unknown;
  error: { code: string; message: string } | null;
  costPaise: number;
  /** Worth another attempt later (the source was down or slow). */
  retryable: boolean;
}

export type VerifyRow = (operation: BulkOperationName, request: Record<string, unknown>, environment: Environment, clockOffsetMs?: number) => Promise<RowOutcome>;

function failure(error: AppError): RowOutcome {
  return {
    status: error.code === 'RECORD_NOT_FOUND' ? 'not_found' : 'failed',
    data: null,
    error: { code: error.code, message: error.message },
    costPaise: 0,
    retryable: error.retryable,
  };
}

export function createRowVerifier(verifier: Verifier, options: { budgetMs: number; now: () => Date }): VerifyRow {
  const business360 = createBusiness360(verifier);
  return async (operation, request, environment, clockOffsetMs = 0) => {
    const context = { environment, budgetMs: options.budgetMs, now: answerTime(options.now(), clockOffsetMs) };
    if (operation === 'itc.check') {
      // A purchase register's supplier (its chunk row): both checks once per job, back to its earliest invoice.
      const { gstin, since } = request as { gstin: string; since: string };
      const supplier = await fetchSupplier(verifier, gstin, since, context);
      if (!supplier.ok) return failure(supplier.error);
      return { status: 'ok', data: itcSupplierData(supplier.record, supplier.facts, istDate(context.now)), error: null, costPaise: ITC_CHECK.pricePaise, retryable: false };
    }
    if (operation === 'business360') {
      const result = await business360(request as unknown as Business360Request, context);
      if (!result.ok) return failure(result.error);
      return { status: 'ok', data: result.profile, error: null, costPaise: priceBundle(result.succeeded).chargedPaise, retryable: false };
    }
    const check = operation as CheckName;
    const result = await verifier.verify(check, request as unknown as OperationInputs[typeof check], context);
    if (!result.ok) return failure(result.error);
    return { status: 'ok', data: result.data, error: null, costPaise: OPERATIONS[check].pricePaise, retryable: false };
  };
}
