/**
 * Where /metrics gets its series. Each app has its own prom-client Registry (never the
 * library's global one: tests build many apps in one process, and each must count alone).
 * Node's process metrics are the exception: they describe the process, not an app, and
 * prom-client's collector starts a GC observer and an event-loop monitor that cannot be
 * stopped, so they are set up once per process, in a registry of their own, and rendered
 * ahead of the app's.
 */
import { Registry, collectDefaultMetrics } from 'prom-client';

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface AppMetrics {
  /** This app's registry: HTTP and scrape-time series register here. */
  readonly registry: Registry;
  /** The text exposition format's content type. */
  readonly contentType: string;
  /** The process's metrics, then this app's. */
  render(): Promise<string>;
}

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const nodeProcess = processMetrics();
  return {
    registry,
    contentType: registry.contentType,
    async render() {
      const parts = await Promise.all([nodeProcess.metrics(), registry.metrics()]);
      return parts.map((text) => (text.endsWith('\n') || text === '' ? text : `${text}\n`)).join('');
    },
  };
}
