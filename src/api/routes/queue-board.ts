import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import type { BulkQueues } from '../../queue/queues.js';
import { QUEUE_BOARD_PATHS, queueBoardAuth, type BoardKind, type BoardTokens } from '../queue-board-auth.js';
import { queueBoardSignInRoutes } from './queue-board-sign-in.js';

export const QUEUE_BOARD_PATH = QUEUE_BOARD_PATHS.full;

export interface QueueBoardOptions {
  adminToken: string;
  /** BV_ADMIN_READONLY_TOKEN: when set, a read-only board opens to it. */
  readOnlyAdminToken?: string | undefined;
  queues: BulkQueues;
}

/** The `api` name of each board's routes in logs and /metrics. */
const BOARD_API: Readonly<Record<BoardKind, string>> = { full: 'admin.queues', 'read-only': 'admin.queues_read_only' };

/** One bull-board instance at its own path, in its own plugin scope, behind its own check. */
async function board(app: FastifyInstance, options: { kind: BoardKind; tokens: BoardTokens; queues: BulkQueues }): Promise<void> {
  const { kind } = options;
  const { verify, finalize, webhooks, portfolios } = options.queues;
  const serverAdapter = new FastifyAdapter();
  // The UI builds its asset and API addresses from the base path; it must match the prefix.
  serverAdapter.setBasePath(QUEUE_BOARD_PATHS[kind]);
  createBullBoard({
    // A read-only board's adapters refuse every change themselves (bull-board answers 405) and
    // its UI shows no button for one; the hook below refuses every changing method before that.
    queues: [verify, finalize, webhooks, portfolios].map((queue) => new BullMQAdapter(queue, { readOnlyMode: kind === 'read-only' })),
    serverAdapter,
    options: { uiConfig: { boardTitle: kind === 'full' ? 'Verification queues' : 'Verification queues (read-only)' } },
  });
  // bull-board's routes carry no `api` name; one name keeps them apart from 404s in /metrics.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, api: BOARD_API[kind] };
  });
  app.addHook('onRequest', queueBoardAuth({ tokens: options.tokens, board: kind }));
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATHS[kind] });
}

/**
 * bull-board over the four queues (see queue-board-auth.ts): the full board behind the admin
 * token, a read-only board behind the read-only token when there is one, and their sign-in.
 * Two boards rather than one that checks who is asking: each is wholly read-only or not, so
 * the read-only one holds even where a route's method says nothing of what it does.
 */
export async function queueBoardRoutes(app: FastifyInstance, options: QueueBoardOptions): Promise<void> {
  const tokens: BoardTokens = { full: options.adminToken, readOnly: options.readOnlyAdminToken };
  await app.register(board, { kind: 'full', tokens, queues: options.queues });
  if (tokens.readOnly !== undefined) await app.register(board, { kind: 'read-only', tokens, queues: options.queues });
  await app.register(queueBoardSignInRoutes, { tokens });
}
