/**
 * `npm run worker:scheduler`: portfolio schedules (one BullMQ job scheduler per portfolio,
 * reconciled at start), the runs they start, and the runs' change reports.
 */
import { runPool } from './run-pool.js';

await runPool('scheduler');
