/**
 * Entry point of `npm run sim`: flags → simulator → listen → graceful close on SIGINT/SIGTERM.
 * Writes to stdout/stderr directly: this is a terminal program (the lint rule bars console).
 */
import { SIM_USAGE, SimArgsError, parseSimArgs } from './cli-args.js';
import { startSimulator } from './simulator.js';

async function main(): Promise<void> {
  let options;
  try {
    options = parseSimArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SimArgsError)) throw error;
    process.stderr.write(`sim: ${error.message}\n${SIM_USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${SIM_USAGE}\n`);
    return;
  }
  const sim = await startSimulator({ port: options.port, host: options.host, config: options.config });
  process.stdout.write(`upstream simulator listening on ${sim.url}\n`);

  let closing = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sim: close after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`sim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
