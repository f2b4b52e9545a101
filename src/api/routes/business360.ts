import type { FastifyError, FastifyInstance } from 'fastify';
import { maxHoldPaise, priceBundle } from '../../domain/business360/pricing.js';
import { BUNDLE_CAP_PAISE, MODULES, type ModuleName } from '../../domain/business360/profile.js';
import { paiseToInr } from '../../domain/operations.js';
import { createBusiness360 } from '../../orchestration/business360/run-business360.js';
import type { Verifier } from '../../sources/verifier.js';
import { runBilled, walletShort } from '../../store/wallet/billing.js';
import type { WalletStore } from '../../store/wallet/wallet.js';
import { sendError, successEnvelope } from '../envelope.js';
import { appErrorOf } from '../error-handler.js';
import { BUSINESS360_SCHEMA } from './business360-schemas.js';
import type { ZodRequests } from '../schema-compilers.js';
import { answerTime } from '../../domain/sandbox-clock.js';
import { ledgerLabel } from '../../domain/ledger-lines.js';

export interface Business360RoutesOptions {
  wallet: WalletStore;
  verifier: Verifier;
  requestBudgetMs: number;
  holdTtlMs: number;
  now: () => Date;
}

/**
 * POST /v1/business360: hold the most the requested modules can cost (at most the bundle
 * cap), run them, commit what succeeded (capped) and release the rest.
 */
export async function business360Routes(app: FastifyInstance, options: Business360RoutesOptions): Promise<void> {
  const runBusiness360 = createBusiness360(options.verifier);
  // docs/business360.md "When the whole call fails": Business360's meta fields are on every answer, the refusals before anything ran
  // too (a bad body, a key refused, a rate limit): no module ran, so checks is 0.
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendError(request, reply, appErrorOf(error, request), { checks: 0, extra: bundleMeta(modulesAskedFor(request.body), []) }),
  );
  app.withTypeProvider<ZodRequests>().post('/v1/business360', { config: { api: 'business360' }, schema: BUSINESS360_SCHEMA }, async (request, reply) => {
    const input = request.body;
    const auth = request.auth!;
    const holdPaise = maxHoldPaise(input.include);
    const billed = await runBilled(
      options.wallet.of(auth.environment),
      { accountId: auth.accountId, reference: request.id, maxPaise: holdPaise, holdTtlMs: options.holdTtlMs, label: ledgerLabel('business360', input) },
      async () => {
        const result = await runBusiness360(input, { environment: auth.environment, budgetMs: options.requestBudgetMs, now: answerTime(options.now(), auth.sandboxClockOffsetMs) });
        return { result, costPaise: result.ok ? priceBundle(result.succeeded).chargedPaise : 0 };
      },
    );
    // docs/business360.md "When the whole call fails": Business360's meta fields are on every answer, failures included.
    const failedMeta = { checks: 0, extra: bundleMeta(input.include.length, []) };
    if (!billed.ran) {
      return sendError(request, reply, walletShort(billed.availablePaise, holdPaise, 'is below the most these modules can cost,'), failedMeta);
    }
    const { result } = billed;
    if (!result.ok) {
      request.log.warn({ code: result.error.code, detail: result.detail }, 'business360 could not resolve the entity');
      // The modules that asked their source count, as on a success: the call covered them.
      return sendError(request, reply, result.error, { ...failedMeta, checks: result.checks });
    }
    if (billed.chargedPaise !== priceBundle(result.succeeded).chargedPaise) {
      // The hold was swept before the commit (a call outliving BV_HOLD_TTL_MS): nothing was
      // billed, and the wrappers must not say otherwise.
      for (const module of MODULES) Object.assign(result.profile[module], { charged: false, amount_inr: 0 });
    }
    request.log.info({ steps: result.stepsMs }, 'business360 timings');
    return reply.send(
      successEnvelope(request, result.profile, {
        freshness: result.freshness,
        chargedPaise: billed.chargedPaise,
        checks: result.checks,
        extra: bundleMeta(input.include.length, result.succeeded),
      }),
    );
  });
}

/** The modules a body asks for, read leniently (it may be the body being refused): its valid `include` names, or all six. */
function modulesAskedFor(body: unknown): number {
  const include = (body as { include?: unknown } | null)?.include;
  const named = Array.isArray(include) ? new Set(include.filter((m): m is ModuleName => typeof m === 'string' && (MODULES as readonly string[]).includes(m))) : new Set();
  return named.size > 0 ? named.size : MODULES.length;
}

function bundleMeta(requested: number, succeeded: readonly ModuleName[]) {
  const pricing = priceBundle(succeeded);
  return {
    modules_requested: requested,
    modules_succeeded: succeeded.length,
    pricing: {
      list_total_inr: paiseToInr(pricing.listTotalPaise),
      bundle_cap_inr: paiseToInr(BUNDLE_CAP_PAISE),
      discount_inr: paiseToInr(pricing.discountPaise),
    },
  };
}
