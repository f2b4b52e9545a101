/**
 * Business360: resolve the identifiers, run the requested modules in parallel (each as soon as
 * its identifier is known), then summarise and flag risks. A module's failure stays inside its
 * wrapper; the call itself fails only when nothing at all could be learned (404 when every
 * source said "no record", 503/504 when the sources that could have answered failed).
 */
import { performance } from 'node:perf_hooks';
import { MAX_RETURN_PERIODS } from '../../domain/gst-returns.js';
import { MODULES, type Business360Profile, type ModuleName, type ModuleWrapper } from '../../domain/business360/profile.js';
import { allocateCharges } from '../../domain/business360/pricing.js';
import { riskFlags } from '../../domain/business360/risk.js';
import { buildSummary } from '../../domain/business360/summary.js';
import { matchNames } from '../../domain/name-match.js';
import { paiseToInr, type CheckName } from '../../domain/operations.js';
import type { NameMatch } from '../../domain/records.js';
import { AppError } from '../../errors.js';
import type { CompanyRef } from '../../sources/port.js';
import type { Verifier, VerifyContext } from '../../sources/verifier.js';
import { companyRefOf, fromStep, isCorporatePan, known, principalGstin, type Resolved, type RunStep, type TimedStep } from './resolve.js';

export interface Business360Request {
  gstin?: string | undefined;
  cin?: string | undefined;
  pan?: string | undefined;
  include: readonly ModuleName[];
}

export type Business360Result =
  | { ok: true; profile: Business360Profile; succeeded: ModuleName[]; checks: number; freshness: 'live' | 'cached'; stepsMs: StepTimes }
  /** checks: the modules that asked their source before the call failed (the interface document's meta.checks: the modules run). */
  | { ok: false; error: AppError; detail: string; checks: number };

/** When each resolution step and module finished, for the logs and the latency benchmark. */
export interface StepTimes {
  resolution: Record<string, number>;
  modules: Partial<Record<ModuleName, number>>;
  totalMs: number;
}

/** What a module came to before it is turned into its wrapper. */
type ModuleRun =
  | { kind: 'skipped'; reason: string }
  | { kind: 'blocked'; error: AppError; detail: string }
  | { kind: 'ran'; step: TimedStep<CheckName>; data?: unknown };

function blockedBy<T>(what: string, resolved: Exclude<Resolved<T>, { state: 'known' }>): ModuleRun {
  if (resolved.state === 'missing') return { kind: 'skipped', reason: resolved.reason };
  return {
    kind: 'blocked',
    error: new AppError(resolved.error.code, `The ${what} could not be resolved: ${resolved.error.message}`),
    detail: resolved.detail,
  };
}

export function createBusiness360(verifier: Verifier) {
  return async function runBusiness360(request: Business360Request, context: VerifyContext): Promise<Business360Result> {
    const startedAt = performance.now();
    const deadline = startedAt + context.budgetMs;
    const wanted = new Set<ModuleName>(request.include);
    const times: StepTimes = { resolution: {}, modules: {}, totalMs: 0 };
    const steps: TimedStep<CheckName>[] = [];
    const resolutionSteps: TimedStep<CheckName>[] = [];
    /** Steps that asked about the identifier the caller sent (not one resolved from it). */
    const entrySteps: TimedStep<CheckName>[] = [];
    const entryValue = request.gstin ?? request.cin ?? request.pan ?? '';

    // Later steps get what is left of the call's one budget, never a fresh one.
    const run: RunStep = async (check, input) => {
      const t = performance.now();
      const result = await verifier.fetch(check, input, { ...context, budgetMs: Math.max(1, Math.round(deadline - t)) });
      const step = { result, latencyMs: Math.round(performance.now() - t) };
      steps.push(step as TimedStep<CheckName>);
      if (Object.values(input).includes(entryValue)) entrySteps.push(step as TimedStep<CheckName>);
      return step;
    };
    const resolutionStep = async <C extends CheckName>(name: string, check: C, input: Parameters<RunStep>[1] & object) => {
      const step = await run(check, input as never);
      resolutionSteps.push(step as TimedStep<CheckName>);
      times.resolution[name] = Math.round(performance.now() - startedAt);
      return step as TimedStep<C>;
    };

    // --- Resolution -------------------------------------------------------------------------
    let pan: Promise<Resolved<string>>;
    let gstin: Promise<Resolved<string>>;
    let company: Promise<Resolved<CompanyRef>>;
    let cinPanStep: Promise<TimedStep<'mca.cin_to_pan'>> | undefined;
    const notCorporate = (p: string): Resolved<CompanyRef> => ({
      state: 'missing',
      reason: `PAN ${p} is not a company or LLP PAN (holder type ${p.charAt(3)}), so it has no CIN or LLPIN`,
    });
    const companyOfPan = (p: string): Promise<Resolved<CompanyRef>> => {
      if (!isCorporatePan(p)) return Promise.resolve(notCorporate(p));
      cinPanStep = resolutionStep('cin_pan', 'mca.cin_to_pan', { pan: p });
      return cinPanStep.then((step) =>
        fromStep(step, (m) => {
          const ref = companyRefOf(m);
          return ref ? known(ref) : { state: 'missing', reason: `no CIN or LLPIN is registered for PAN ${p}` };
        }, `no CIN or LLPIN is registered for PAN ${p}`),
      );
    };
    const gstinOfPan = async (p: Resolved<string>): Promise<Resolved<string>> => {
      if (p.state !== 'known') return p;
      const step = await resolutionStep('gst_by_pan', 'gst.by_pan', { pan: p.value });
      return fromStep(step, (entries) => {
        const principal = principalGstin(entries);
        return principal ? known(principal) : { state: 'missing', reason: `no GSTIN is registered for PAN ${p.value}` };
      }, `no GSTIN is registered for PAN ${p.value}`);
    };

    if (request.gstin !== undefined) {
      gstin = Promise.resolve(known(request.gstin));
      // A GSTIN embeds its holder's PAN: no source call needed.
      const embedded = request.gstin.slice(2, 12);
      pan = Promise.resolve(known(embedded));
      company = companyOfPan(embedded);
    } else if (request.cin !== undefined) {
      const cin = request.cin;
      company = Promise.resolve(known({ cin }));
      cinPanStep = resolutionStep('cin_pan', 'mca.cin_to_pan', { cin });
      pan = cinPanStep.then((step) => fromStep(step, (m) => known(m.pan), `no PAN is registered for CIN ${cin}`));
      gstin = pan.then(gstinOfPan);
    } else {
      const p = request.pan as string;
      pan = Promise.resolve(known(p));
      gstin = gstinOfPan(known(p));
      company = companyOfPan(p);
    }
    // The summary names every identifier, whatever `include` asks for: resolution always runs
    // (unbilled, in parallel with the modules). Handlers now, so that no rejection is unhandled
    // while an early module is still awaited.
    for (const identifier of [pan, gstin, company]) identifier.catch(() => undefined);

    // --- Modules ----------------------------------------------------------------------------
    const moduleAfter = async <T>(
      module: ModuleName,
      what: string,
      identifier: Promise<Resolved<T>>,
      start: (value: T) => Promise<TimedStep<CheckName>>,
    ): Promise<ModuleRun> => {
      if (!wanted.has(module)) return { kind: 'skipped', reason: 'not requested' };
      try {
        const resolved = await identifier;
        if (resolved.state !== 'known') return blockedBy(what, resolved);
        const step = await start(resolved.value);
        times.modules[module] = Math.round(performance.now() - startedAt);
        return { kind: 'ran', step };
      } catch (error) {
        // One module's bug must not lose the others' answers.
        return { kind: 'blocked', error: new AppError('PROVIDER_UNAVAILABLE', `The ${module} module failed unexpectedly`), detail: String(error) };
      }
    };
    const now = context.now;
    const gstRun = moduleAfter('gst', 'GSTIN', gstin, (g) => run('gst.verify', { gstin: g }));
    const returnsRun = moduleAfter('gst_returns', 'GSTIN', gstin, (g) => run('gst.returns', { gstin: g }));
    const panRun = moduleAfter('pan', 'PAN', pan, (p) => run('pan.verify', { pan: p }));
    const companyRun = moduleAfter('company', 'CIN or LLPIN', company, (ref) => run('mca.company', ref));
    const directorsRun = moduleAfter('directors', 'CIN or LLPIN', company, (ref) => run('mca.directors', ref));
    const cinPanRun: Promise<ModuleRun> = (async () => {
      if (!wanted.has('cin_pan')) return { kind: 'skipped', reason: 'not requested' };
      const resolved = await company;
      if (cinPanStep === undefined) {
        return { kind: 'skipped', reason: resolved.state === 'missing' ? resolved.reason : 'no CIN, LLPIN or company PAN to map' };
      }
      const step = await cinPanStep;
      times.modules.cin_pan = times.resolution.cin_pan ?? 0;
      return { kind: 'ran', step };
    })();

    const [gstR, returnsR, panR, companyR, directorsR, cinPanR] = await Promise.all([gstRun, returnsRun, panRun, companyRun, directorsRun, cinPanRun]);
    const runs: Record<ModuleName, ModuleRun> = { gst: gstR, gst_returns: returnsR, pan: panR, company: companyR, directors: directorsR, cin_pan: cinPanR };

    // --- Records ----------------------------------------------------------------------------
    const legalName = gstR.kind === 'ran' && gstR.step.result.ok ? (gstR.step.result.answer as { legal_name: string }).legal_name : undefined;
    const present = (module: ModuleName, r: ModuleRun): unknown => {
      if (r.kind !== 'ran' || !r.step.result.ok) return null;
      const answer = r.step.result.answer;
      switch (module) {
        case 'gst':
          return verifier.present('gst.verify', answer as never, { gstin: '' } as never, now);
        case 'gst_returns': {
          const g = (answer as { gstin: string }).gstin;
          return verifier.present('gst.returns', answer as never, { gstin: g, periods: MAX_RETURN_PERIODS }, now);
        }
        case 'pan':
          // The caller sent no name, so (per the contract) no name_match in the record.
          return verifier.present('pan.verify', answer as never, { pan: (answer as { pan: string }).pan }, now);
        case 'company':
          return verifier.present('mca.company', answer as never, {} as never, now);
        case 'directors':
          return verifier.present('mca.directors', answer as never, {} as never, now);
        case 'cin_pan':
          return verifier.present('mca.cin_to_pan', answer as never, (request.cin !== undefined ? { cin: request.cin } : { pan: '' }) as never, now);
      }
    };

    const failure = callFailure(request, steps, resolutionSteps, entrySteps);
    if (failure !== undefined) return { ...failure, checks: MODULES.filter((m) => runs[m].kind === 'ran').length };

    const modulesData = Object.fromEntries(
      MODULES.map((m) => {
        try {
          return [m, present(m, runs[m])];
        } catch (error) {
          runs[m] = { kind: 'blocked', error: new AppError('PROVIDER_UNAVAILABLE', `The ${m} module's answer could not be read`), detail: String(error) };
          return [m, null];
        }
      }),
    ) as Record<ModuleName, unknown>;
    const succeeded = MODULES.filter((m) => modulesData[m] !== null);
    const charges = allocateCharges(succeeded);
    const wrappers = Object.fromEntries(MODULES.map((m) => [m, wrapperOf(runs[m], modulesData[m], charges[m] ?? 0)])) as Record<ModuleName, ModuleWrapper>;
    const flags = riskFlags(wrappers as never, { now, panNameMatch: panNameMatch(legalName, panR, modulesData.pan) });
    const resolvedPan = await pan;
    const resolvedGstin = await gstin;
    const resolvedCompany = await company;
    const summary = buildSummary({
      identifiers: {
        pan: resolvedPan.state === 'known' ? resolvedPan.value : null,
        gstin: resolvedGstin.state === 'known' ? resolvedGstin.value : null,
        cin: resolvedCompany.state === 'known' && 'cin' in resolvedCompany.value ? resolvedCompany.value.cin : null,
        llpin: resolvedCompany.state === 'known' && 'llpin' in resolvedCompany.value ? resolvedCompany.value.llpin : null,
      },
      modules: wrappers as never,
      flags,
    });
    const ran = MODULES.filter((m) => runs[m].kind === 'ran');
    const freshness = ran.length > 0 && ran.every((m) => { const r = runs[m]; return r.kind === 'ran' && r.step.result.ok && r.step.result.freshness === 'cached'; }) ? 'cached' : 'live';
    times.totalMs = Math.round(performance.now() - startedAt);
    return {
      ok: true,
      profile: { summary, ...wrappers } as Business360Profile,
      succeeded,
      checks: ran.length,
      freshness,
      stepsMs: times,
    };
  };
}

/**
 * Whether an answer tells anything about the entity. An unknown PAN answers "valid: false"
 * (ITD status N) and an unknown PAN may get an empty GSTIN list, rather than "no record":
 * neither is evidence that the entity exists.
 */
function isEvidence(answer: unknown): boolean {
  if (Array.isArray(answer)) return answer.length > 0;
  if (typeof answer === 'object' && answer !== null && 'statusCode' in answer) {
    return (answer as { statusCode: string }).statusCode.trim().toUpperCase() !== 'N';
  }
  return true;
}

/**
 * The call fails only when resolution itself is impossible (the rule): 404 when every
 * source asked (one of them about the identifier sent) said "no record"; 503/504 when nothing was learned and a resolution step the
 * profile depends on failed. Module failures alone, or nothing to ask at all, answer 200 with
 * the wrappers saying so.
 */
function callFailure(
  request: Business360Request,
  steps: readonly TimedStep<CheckName>[],
  resolutionSteps: readonly TimedStep<CheckName>[],
  entrySteps: readonly TimedStep<CheckName>[],
): Omit<Extract<Business360Result, { ok: false }>, 'checks'> | undefined {
  if (steps.length === 0 || steps.some((s) => s.result.ok && isEvidence(s.result.answer))) return undefined;
  const entry = request.gstin ? `GSTIN ${request.gstin}` : request.cin ? `CIN ${request.cin}` : `PAN ${request.pan as string}`;
  const failed = (list: readonly TimedStep<CheckName>[]) =>
    list.flatMap((s) => (!s.result.ok && !s.result.notFound ? [s.result] : []));
  const all = failed(steps);
  if (all.length === 0) {
    // "Unknown everywhere" needs someone to have been asked about the identifier itself: a
    // GSTIN whose PAN maps to no company is not thereby unknown.
    if (entrySteps.length === 0) return undefined;
    return { ok: false, error: new AppError('RECORD_NOT_FOUND', `No source has a record for ${entry}`), detail: 'every source answered no record' };
  }
  const identity = failed(resolutionSteps);
  if (identity.length === 0) return undefined;
  const chosen = identity.find((f) => f.error.code === 'PROVIDER_TIMEOUT') ?? identity[identity.length - 1]!;
  // Every failure is named, the requested modules' too: a caller who asked for `pan` alone
  // would otherwise read only of a resolution check it never asked for.
  // Sentences: the messages end without a full stop (as every message here), and joined by
  // spaces they ran together; some hold a semicolon of their own.
  const messages = [...new Set(all.map((f) => f.error.message))];
  const error = new AppError(chosen.error.code, `Nothing could be learned about ${entry}: ${messages.join('. ')}`);
  return { ok: false, error, detail: all.map((f) => f.detail).join('; ') };
}

/** GST legal name against the PAN holder's full name (only the source's answer has it unmasked). */
function panNameMatch(legalName: string | undefined, panRun: ModuleRun, panData: unknown): NameMatch['result'] | null {
  if (legalName === undefined || panRun.kind !== 'ran' || !panRun.step.result.ok) return null;
  if (!(panData as { valid?: boolean } | null)?.valid) return null;
  const fullName = (panRun.step.result.answer as { fullName?: string }).fullName ?? '';
  return fullName.trim() === '' ? null : matchNames(legalName, fullName).result;
}

function wrapperOf(r: ModuleRun, data: unknown, chargedPaise: number): ModuleWrapper {
  const base = { charged: chargedPaise > 0, amount_inr: paiseToInr(chargedPaise) };
  if (r.kind === 'skipped') return { status: 'skipped', data: null, reason: r.reason, ...base, attempts: 0, latency_ms: 0 };
  if (r.kind === 'blocked') return { status: 'failed', data: null, error: { code: r.error.code, message: r.error.message }, ...base, attempts: 0, latency_ms: 0 };
  const { result, latencyMs } = r.step;
  if (result.ok) return { status: 'ok', data: data as never, ...base, attempts: result.attempts, latency_ms: latencyMs };
  return {
    status: result.notFound ? 'not_found' : 'failed',
    data: null,
    error: { code: result.error.code, message: result.error.message },
    ...base,
    attempts: result.attempts,
    latency_ms: latencyMs,
  };
}
