/** `npm run worker:verify`: a bulk verify pool (chunks of rows), scalable by starting more. */
import { runPool } from './run-pool.js';

await runPool('verify');
