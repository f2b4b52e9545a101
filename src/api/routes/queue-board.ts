import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import type { BulkQueues } from '../../queue/queues.js';
import { queueBoardAuth } from '../queue-board-auth.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

export interface QueueBoardOptions {
  adminToken: string;
  queues: BulkQueues;
}

/** bull-board over the four queues, behind the operator's token (see queue-board-auth.ts). */
export async function queueBoardRoutes(app: FastifyInstance, options: QueueBoardOptions): Promise<void> {
  const { verify, finalize, webhooks, portfolios } = options.queues;
  const serverAdapter = new FastifyAdapter();
  // The UI builds its asset and API addresses from the base path; it must match the prefix.
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: [verify, finalize, webhooks, portfolios].map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Verification queues' } },
  });
  // bull-board's routes carry no `api` name; one name keeps them apart from 404s in /metrics.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, api: 'admin.queues' };
  });
  app.addHook('onRequest', queueBoardAuth({ adminToken: options.adminToken, basePath: QUEUE_BOARD_PATH }));
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
}
