import type { FastifyInstance } from 'fastify';
import { CHECK_NAMES, OPERATIONS, type CheckName } from '../../domain/operations.js';
import type { Verifier } from '../../sources/verifier.js';
import type { AccountStore } from '../../store/accounts.js';
import { customerAuth } from '../customer-auth.js';
import { sendError, successEnvelope } from '../envelope.js';
import { OPERATION_REQUESTS } from '../schemas/operation-requests.js';
import { parseOrThrow } from '../zod-problems.js';

export interface OperationRoutesOptions {
  accounts: AccountStore;
  verifier: Verifier;
  requestBudgetMs: number;
  now: () => Date;
}

/** The nine single operations: parse, verify through the source chain, answer in the envelope. */
export async function operationRoutes(app: FastifyInstance, options: OperationRoutesOptions): Promise<void> {
  app.addHook('onRequest', customerAuth(options.accounts));

  for (const check of CHECK_NAMES) {
    app.post(OPERATIONS[check].path, { config: { api: check } }, async (request, reply) => {
      const input = parseOrThrow(OPERATION_REQUESTS[check as CheckName], request.body);
      const result = await options.verifier.verify(check, input, {
        environment: request.auth!.environment,
        signal: AbortSignal.timeout(options.requestBudgetMs),
        now: options.now(),
      });
      if (!result.ok) return sendError(request, reply, result.error);
      return reply.send(successEnvelope(request, result.data, { freshness: result.freshness }));
    });
  }
}
