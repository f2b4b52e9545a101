/**
 * The `sandbox` source: answers all nine checks from the in-process sandbox registry. Sandbox
 * API keys are always served from it. Fault triggers answer at once (no real waiting), so tests
 * of the 503/504 paths stay fast.
 */
import type { CheckName } from '../../domain/operations.js';
import type { CheckHandler, Source } from '../port.js';
import { loadSandboxRegistry, type SandboxRegistry } from './registry.js';

const WHAT: Readonly<Record<CheckName, string>> = {
  'gst.verify': 'GST registration',
  'gst.returns': 'GST registration',
  'gst.by_pan': 'PAN',
  'pan.verify': 'PAN',
  'mca.company': 'company or LLP',
  'mca.search': 'company',
  'mca.cin_to_pan': 'company or LLP',
  'mca.directors': 'company or LLP',
  'mca.din': 'director',
};

function describe(input: object): string {
  return Object.entries(input)
    .filter(([, value]) => typeof value === 'string')
    .map(([field, value]) => `${field} ${String(value).trim().toUpperCase()}`)
    .join(', ');
}

export function createSandboxSource(registry: SandboxRegistry = loadSandboxRegistry()): Source {
  const handle = <C extends CheckName>(check: C): CheckHandler<C> => {
    return async (input, context) => {
      const fault = registry.faultFor(check, input);
      if (fault === 'unavailable') return { outcome: 'unavailable', message: `sandbox fault trigger: ${check} source unavailable for ${describe(input)}` };
      if (fault === 'timeout') return { outcome: 'timeout', message: `sandbox fault trigger: ${check} source timed out for ${describe(input)}` };
      if (context.signal.aborted) return { outcome: 'timeout', message: `${check} was aborted before the sandbox answered` };
      const value = registry.lookup(check, input, context.now);
      if (value === undefined) return { outcome: 'not_found', message: `no ${WHAT[check]} record for ${describe(input)}` };
      return { outcome: 'ok', value };
    };
  };
  return {
    name: 'sandbox',
    inProcess: true,
    handlers: {
      'gst.verify': handle('gst.verify'),
      'gst.returns': handle('gst.returns'),
      'gst.by_pan': handle('gst.by_pan'),
      'pan.verify': handle('pan.verify'),
      'mca.company': handle('mca.company'),
      'mca.search': handle('mca.search'),
      'mca.cin_to_pan': handle('mca.cin_to_pan'),
      'mca.directors': handle('mca.directors'),
      'mca.din': handle('mca.din'),
    },
  };
}
