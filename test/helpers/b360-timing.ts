import type { Business360Profile, ModuleName } from '../../src/domain/business360/profile.js';
import { MODULES } from '../../src/domain/business360/profile.js';
import type { StepTimes } from '../../src/orchestration/business360/run-business360.js';

export interface Business360Timing {
  totalMs: number;
  /** When the last resolution step the modules waited for finished (0 when none was needed). */
  resolutionMs: number;
  slowestModuleMs: number;
  /** total / (resolution + slowest module): about 1 when modules run in parallel, ~N when serial. */
  ratio: number;
  /** Each module that ran: [start, end] in ms from the call's start. */
  windows: Partial<Record<ModuleName, [number, number]>>;
}

/** Reads one Business360 run's timings (its step log and its wrappers' latencies). */
export function business360Timing(profile: Business360Profile, steps: StepTimes): Business360Timing {
  const windows: Business360Timing['windows'] = {};
  let slowestModuleMs = 0;
  for (const module of MODULES) {
    const end = steps.modules[module];
    const wrapper = profile[module];
    if (end === undefined || wrapper.status === 'skipped') continue;
    windows[module] = [end - wrapper.latency_ms, end];
    slowestModuleMs = Math.max(slowestModuleMs, wrapper.latency_ms);
  }
  const resolutionMs = Math.max(0, ...Object.values(steps.resolution));
  return { totalMs: steps.totalMs, resolutionMs, slowestModuleMs, ratio: steps.totalMs / (resolutionMs + slowestModuleMs), windows };
}
