/** The `bv` command's entry point (src/cli/bv.js, the package bin, loads the built copy). */
import { run } from './run-program.js';

// `bv … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
