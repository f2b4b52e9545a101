import type { FastifyInstance } from 'fastify';
import { istDate } from '../../domain/dates.js';
import { duplicateInvoices, itcInvoiceProblems } from '../../domain/itc/input.js';
import { ITC_CHECK } from '../../domain/itc/pricing.js';
import type { ItcInvoice } from '../../domain/itc/types.js';
import { ledgerLabel } from '../../domain/ledger-lines.js';
import { answerTime } from '../../domain/sandbox-clock.js';
import { validationError } from '../../errors.js';
import { createItcCheck } from '../../orchestration/itc-check/run-itc-check.js';
import type { Verifier } from '../../sources/verifier.js';
import { runBilled, walletShort } from '../../store/wallet/billing.js';
import type { WalletStore } from '../../store/wallet/wallet.js';
import { sendError, successEnvelope } from '../envelope.js';
import { ITC_CHECK_SCHEMA } from './itc-check-schemas.js';
import type { ZodRequests } from '../schema-compilers.js';

export interface ItcCheckRoutesOptions {
  wallet: WalletStore;
  verifier: Verifier;
  requestBudgetMs: number;
  holdTtlMs: number;
  now: () => Date;
}

/** The request's field names of an invoice's fields, for 400s naming `invoices.3.availed_in`. */
const WIRE_FIELD: Readonly<Record<keyof ItcInvoice, string>> = { number: 'number', date: 'date', taxPaise: 'tax_inr', availedIn: 'availed_in' };

/**
 * POST /v1/gst/itc-check (an addition): hold ₹1.75, run GST Verify and GST Returns, judge each
 * invoice by the ITC rules, commit only when both checks were delivered.
 */
export async function itcCheckRoutes(app: FastifyInstance, options: ItcCheckRoutesOptions): Promise<void> {
  const runItcCheck = createItcCheck(options.verifier);
  app.withTypeProvider<ZodRequests>().post(ITC_CHECK.path, { config: { api: ITC_CHECK.api }, schema: ITC_CHECK_SCHEMA }, async (request, reply) => {
    const body = request.body;
    const auth = request.auth!;
    const now = answerTime(options.now(), auth.sandboxClockOffsetMs);
    const invoices: ItcInvoice[] = body.invoices.map((invoice) => ({
      number: invoice.number,
      date: invoice.date,
      ...(invoice.tax_inr === undefined ? {} : { taxPaise: invoice.tax_inr }),
      ...(invoice.availed_in === undefined ? {} : { availedIn: invoice.availed_in }),
    }));
    // What depends on today (the sandbox clock's for a sandbox key): nothing held or run if wrong.
    const today = istDate(now);
    const problems = invoices.flatMap((invoice, i) => itcInvoiceProblems(invoice, today).map((p) => ({ field: `invoices.${i}.${WIRE_FIELD[p.field]}`, message: p.message })));
    for (const d of duplicateInvoices(invoices)) {
      problems.push({
        field: `invoices.${d.repeat}.number`,
        message: `repeats invoices.${d.first} (number ${JSON.stringify(invoices[d.repeat]!.number)} in FY ${d.fy}): an invoice number is unique within a supplier's financial year, so send each invoice once`,
      });
    }
    if (problems.length > 0) throw validationError(problems);

    const billed = await runBilled(
      options.wallet.of(auth.environment),
      { accountId: auth.accountId, reference: request.id, maxPaise: ITC_CHECK.pricePaise, holdTtlMs: options.holdTtlMs, label: ledgerLabel(ITC_CHECK.api, body) },
      async () => {
        const result = await runItcCheck({ gstin: body.gstin, invoices }, { environment: auth.environment, budgetMs: options.requestBudgetMs, now });
        return { result, costPaise: result.ok ? ITC_CHECK.pricePaise : 0 };
      },
    );
    const checks = ITC_CHECK.checks.length;
    if (!billed.ran) return sendError(request, reply, walletShort(billed.availablePaise, ITC_CHECK.pricePaise, "is below this call's price of"), { checks: 0 });
    const { result } = billed;
    if (!result.ok) {
      request.log.warn({ failed: result.failed, code: result.error.code, detail: result.detail }, 'itc check failed');
      return sendError(request, reply, result.error, { checks });
    }
    return reply.send(successEnvelope(request, result.data, { freshness: result.freshness, chargedPaise: billed.chargedPaise, checks }));
  });
}
