import type { FastifyInstance } from 'fastify';
import { CHECK_NAMES, OPERATIONS, type CheckName } from '../../domain/operations.js';
import type { Verifier } from '../../sources/verifier.js';
import { runBilled, walletShort } from '../../store/wallet/billing.js';
import type { WalletStore } from '../../store/wallet/wallet.js';
import { sendError, successEnvelope } from '../envelope.js';
import type { OperationInputs } from '../../sources/verifier.js';
import { checkSchema } from './operations-schemas.js';
import { answerTime } from '../../domain/sandbox-clock.js';
import { ledgerLabel } from '../../domain/ledger-lines.js';

export interface OperationRoutesOptions {
  wallet: WalletStore;
  verifier: Verifier;
  requestBudgetMs: number;
  holdTtlMs: number;
  now: () => Date;
}

/**
 * The nine single operations (their request is parsed by the schema first): hold the price, verify through the source chain, commit
 * on success or release on failure, answer in the envelope.
 */
export async function operationRoutes(app: FastifyInstance, options: OperationRoutesOptions): Promise<void> {
  for (const check of CHECK_NAMES) {
    const pricePaise = OPERATIONS[check].pricePaise;
    app.post(OPERATIONS[check].path, { config: { api: check }, schema: checkSchema(check) }, async (request, reply) => {
      // Parsed by the route's schema before the handler (the identifier normalised).
      const input = request.body as OperationInputs[CheckName];
      const auth = request.auth!;
      const billed = await runBilled(
        // Sandbox keys spend the account's sandbox wallet, live keys its live one.
        options.wallet.of(auth.environment),
        { accountId: auth.accountId, reference: request.id, maxPaise: pricePaise, holdTtlMs: options.holdTtlMs, label: ledgerLabel(check, input) },
        async () => {
          const result = await options.verifier.verify(check, input, {
            environment: auth.environment,
            budgetMs: options.requestBudgetMs,
            now: answerTime(options.now(), auth.sandboxClockOffsetMs),
          });
          return { result, costPaise: result.ok ? pricePaise : 0 };
        },
      );
      if (!billed.ran) {
        throw walletShort(billed.availablePaise, pricePaise, "is below this call's price of");
      }
      const { result } = billed;
      if (!result.ok) {
        request.log.warn({ check, code: result.error.code, attempts: result.attempts, detail: result.detail }, 'check failed');
        return sendError(request, reply, result.error);
      }
      return reply.send(successEnvelope(request, result.data, { freshness: result.freshness, chargedPaise: billed.chargedPaise }));
    });
  }
}
