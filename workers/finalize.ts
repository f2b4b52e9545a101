/** `npm run worker:finalize`: the pool that writes a finished job's result files and releases its hold. */
import { runPool } from './run-pool.js';

await runPool('finalize');
