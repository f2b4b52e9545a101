import { CHECK_NAMES, type CheckName } from '../../src/domain/operations.js';
import type { CheckHandlers, Source } from '../../src/sources/port.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createSandboxSource } from '../../src/sources/sandbox/sandbox-source.js';
import type { SourceChains } from '../../src/sources/verifier.js';

/** The real sandbox source, counting the calls each check receives (and optionally slowed). */
export function countingSandbox(options: { delayMs?: number } = {}): { chains: SourceChains; calls: Record<CheckName, number> } {
  const sandbox = createSandboxSource(loadSandboxRegistry());
  const calls = Object.fromEntries(CHECK_NAMES.map((check) => [check, 0])) as Record<CheckName, number>;
  const handlers: CheckHandlers = {};
  for (const check of CHECK_NAMES) {
    const inner = sandbox.handlers[check] as (input: unknown, context: unknown) => Promise<never>;
    (handlers as Record<string, unknown>)[check] = async (input: unknown, context: unknown) => {
      calls[check]++;
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return inner(input, context);
    };
  }
  const source: Source = { name: 'counting-sandbox', handlers };
  const chain = Object.fromEntries(CHECK_NAMES.map((check) => [check, [source]])) as unknown as SourceChains['sandbox'];
  return { chains: { sandbox: chain, live: chain }, calls };
}
