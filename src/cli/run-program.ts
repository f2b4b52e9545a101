import { CommanderError } from 'commander';
import { Session } from './context.js';
import { ApiError, CliError, EXIT } from './exit-codes.js';
import type { Io } from './output.js';
import { buildProgram } from './program.js';

function errorJson(error: CliError): Record<string, unknown> {
  if (error instanceof ApiError) {
    return {
      error: {
        code: error.apiCode,
        message: error.message,
        http_status: error.httpStatus,
        retryable: error.retryable,
        ...(error.requestId ? { request_id: error.requestId } : {}),
        ...(error.details ? { details: error.details } : {}),
      },
    };
  }
  return { error: { code: error.code, message: error.message } };
}

/** The API's messages name its query parameters; bv takes them as options. */
const OPTION_OF_PARAMETER: [string, string][] = [
  ['?columns=', '--columns "column:Header"'],
  ['?sheet=', '--sheet <name>'],
];

function errorText(error: CliError): string {
  if (!(error instanceof ApiError)) return `bv: ${error.message}`;
  const lines = [`bv: ${error.apiCode} (HTTP ${error.httpStatus}): ${error.message}`];
  for (const d of error.details ?? []) lines.push(`  ${d.field}: ${d.message}`);
  for (const note of error.notes) lines.push(`  ${note}`);
  if (error.requestId) lines.push(`  request id: ${error.requestId}`);
  const said = [error.message, ...(error.details ?? []).map((d) => d.message)].join(' ');
  const options = OPTION_OF_PARAMETER.filter(([parameter]) => said.includes(parameter)).map(([parameter, option]) => `${parameter} is ${option}`);
  if (options.length > 0) lines.push(`  with bv: ${options.join(', ')}`);
  return lines.join('\n');
}

/** Runs `bv` with the arguments after the program name; resolves to the exit code. */
export async function run(args: string[], io: Io): Promise<number> {
  const session = new Session(io);
  const program = buildProgram(session);
  const jsonMode = args.includes('--json');
  try {
    await program.parseAsync(args, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    // Commander has printed its own message (or the help, or the version).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CliError) {
      io.stderr.write(`${errorText(error)}\n`);
      if (jsonMode && !error.resultPrinted && error.exitCode !== EXIT.usage) io.stdout.write(`${JSON.stringify(errorJson(error), null, 2)}\n`);
      return error.exitCode;
    }
    io.stderr.write(`bv: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.apiError;
  } finally {
    await session.close();
  }
}
