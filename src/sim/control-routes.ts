/**
 * The `/_sim` control endpoints: read and change the injected misbehaviour, read and reset the
 * counters. PUT replaces the whole configuration; PATCH merges (per field, `null` clears).
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from './chaos.js';
import { parseSimConfig, type ConfigStore } from './sim-config.js';
import type { StatsRecorder } from './sim-stats.js';

export interface ControlDeps {
  config: ConfigStore;
  limiter: RateLimiter;
  recorder: StatsRecorder;
}

export function registerControlRoutes(app: FastifyInstance, { config, limiter, recorder }: ControlDeps): void {
  app.get('/_sim/config', async () => config.snapshot());

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/_sim/config',
      handler: async (request, reply) => {
        const parsed = parseSimConfig(request.body);
        if (!parsed.ok) return reply.code(400).send({ error: 'bad_config', message: `invalid simulator config: ${parsed.message}` });
        if (method === 'PUT') {
          config.replace(parsed.value);
          // A replaced configuration starts with fresh rate-limit windows.
          limiter.clear();
        } else {
          config.merge(parsed.value);
        }
        return config.snapshot();
      },
    });
  }

  app.get('/_sim/stats', async () => recorder.snapshot());

  app.post('/_sim/stats/reset', async () => {
    recorder.reset();
    return recorder.snapshot();
  });
}
