/**
 * What a Business360 row of a portfolio run is compared with. A module that failed in the
 * last answered run hides what changed in it: compared with that run alone, a cancellation or
 * a missed filing that happened meanwhile would never be reported, not then and not later.
 * So each module that failed there is taken, with its risk flags, from the newest older run
 * in which that module answered, and the level is worked out again from the flags that result.
 */
import { MODULES, type RiskFlag } from '../business360/profile.js';
import { FLAGS_ALSO_FROM, riskLevel } from '../business360/risk.js';
import { loose, type RunRow } from './changes.js';

type Json = Record<string, unknown>;

const ANSWERED = new Set(['ok', 'not_found']);

function object(value: unknown): Json | undefined {
  return loose<Json>(value) ?? undefined;
}

function moduleStatus(profile: Json, module: string): unknown {
  return object(profile[module])?.status;
}

function flagsOf(profile: Json): Json[] {
  const flags = object(object(profile.summary)?.risk)?.flags;
  return Array.isArray(flags) ? flags.filter((flag): flag is Json => object(flag) !== undefined) : [];
}

/**
 * `latest` is the row's last answered row, `older` the row's rows in the runs before it,
 * newest first. Rows read from older versions' files that lack a field are left as they are.
 */
export function business360Baseline(latest: RunRow, older: readonly RunRow[]): RunRow {
  const profile = latest.status === 'ok' ? object(latest.data) : undefined;
  if (profile === undefined) return latest;
  let baseline: Json | undefined;
  let flags = flagsOf(profile);
  for (const module of MODULES) {
    if (moduleStatus(profile, module) !== 'failed') continue;
    const source = older
      .map((row) => (row.status === 'ok' ? object(row.data) : undefined))
      .find((earlier) => earlier !== undefined && ANSWERED.has(String(moduleStatus(earlier, module))));
    if (source === undefined) continue;
    baseline ??= { ...profile };
    baseline[module] = source[module];
    // Its MODULE_UNAVAILABLE flag goes with the failure; the flags it raised when it answered
    // come back, with those another module's rule judged from it (FLAGS_ALSO_FROM).
    const judgedFrom = (flag: Json) => flag.module === module || (FLAGS_ALSO_FROM[String(flag.code)] ?? []).includes(module);
    flags = [...flags.filter((flag) => !judgedFrom(flag)), ...flagsOf(source).filter(judgedFrom)];
  }
  if (baseline === undefined) return latest;
  const summary = object(baseline.summary) ?? {};
  const level = riskLevel(flags as unknown as RiskFlag[]);
  baseline.summary = { ...summary, risk: { ...object(summary.risk), level, flags } };
  return { status: 'ok', data: baseline };
}
