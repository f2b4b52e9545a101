/**
 * bench:bulk (b)'s transport ceiling, run as a process of its own as the API process is: the
 * GSP search requests the adapter sends (its path and headers), one per GSTIN, straight to
 * the simulator through a plain undici Pool, `concurrency` at a time, with no gate, Redis, job
 * or mapping. Prints the rate in requests/s.
 * Usage: node dist/test/bench/plain-client.js <simulator url> <concurrency> <file of GSTINs, one per line>
 */
import { readFile } from 'node:fs/promises';
import { Pool } from 'undici';

const [simUrl, concurrencyText, gstinFile] = process.argv.slice(2) as [string, string, string];
const concurrency = Number(concurrencyText);
const gstins = (await readFile(gstinFile, 'utf8')).split('\n').filter((line) => line !== '');
const pool = new Pool(simUrl, { connections: concurrency });
// The simulator's default GSP credentials (samples/sources.sim.json).
const headers = { aspid: 'sim-asp', 'asp-secret': 'sim-secret', 'session-id': 'sim-session', 'ip-usr': '127.0.0.1', accept: 'application/json' };

async function send(gstin: string, index: number): Promise<void> {
  const query = new URLSearchParams({ action: 'TP', gstin: '27AAPFU0939F1ZV', searchgstin: gstin });
  const response = await pool.request({ method: 'GET', path: `/gsp/commonapi/v1.1/search?${query}`, headers: { ...headers, txn: `plain${index}` } });
  await response.body.text();
  if (response.statusCode !== 200) throw new Error(`the simulator answered ${response.statusCode}`);
}

// A warm-up (connections, JIT) on the first GSTINs, then the measured run over all of them.
let next = 0;
const run = async (list: readonly string[]) =>
  Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < list.length; i = next++) await send(list[i] as string, i);
    }),
  );
await run(gstins.slice(0, concurrency * 4));
next = 0;
const startedAt = performance.now();
await run(gstins);
const rate = (gstins.length * 1000) / (performance.now() - startedAt);
await pool.close();
process.stdout.write(`${rate}\n`);
