import { Command, Option } from 'commander';
import { registerAdmin } from './commands/admin.js';
import { registerBulk } from './commands/bulk.js';
import { registerItc } from './commands/itc.js';
import { registerPortfolios } from './commands/portfolios.js';
import { registerVerify } from './commands/verify.js';
import { registerWallet } from './commands/wallet.js';
import { cliVersion, DEFAULT_BASE_URL, type Session } from './context.js';
import { EXIT } from './exit-codes.js';

export const HELP_EPILOG = `
Environment:
  BV_BASE_URL     the service (default ${DEFAULT_BASE_URL})
  BV_KEY          your API key (bv_test_… or bv_live_…); prefer it to --key, which other users can see in ps
  BV_ADMIN_TOKEN  the operator token for "bv admin" (npm start saves it in $BV_DATA_DIR/admin-token, ./data by default)
  BV_ADMIN_TOKEN_FILE  a file holding it instead ($BV_DATA_DIR/admin-token, a Docker secret): kept out of the environment

Output:
  Short aligned text by default. With --json, stdout carries only JSON: the API's envelope
  for "verify", the resource itself for the other commands, and {"error": {...}} when the
  API answered an error or could not be reached (usage errors go to stderr only).
  Progress and hints go to stderr (a bar on a terminal, one line per tenth otherwise; none with --json).

Exit codes:
  ${EXIT.ok}    ok
  ${EXIT.apiError}    the API answered an error (its code and message are printed)
  ${EXIT.usage}    usage error: unknown command or option, missing argument, bad value, no key, unreadable file
  ${EXIT.network}    cannot reach the service (refused, DNS, time-out), or what answered is not this API
  ${EXIT.jobIncomplete}    a bulk job or portfolio run followed with --wait ended cancelled or failed, or some of
       its rows ended "failed" (never verified); results are still downloaded when there are any
  ${EXIT.auth}    the API key or admin token was refused (401/403)
  ${EXIT.reconcileDifference}    "admin reconcile" found a problem in the books
  ${EXIT.interrupted}  interrupted while following a job (the job keeps running)

Examples:
  bv verify gst 27AAPFU0939F1ZV
  bv verify pan ABCPV1234D --name "Rahul Kumar Verma"
  bv itc check 09CKDPG5907R1ZK --invoice INV-1,2024-07-10,18000
  bv bulk submit vendors.csv --operation gst.verify --wait
  bv bulk submit purchases.csv --operation itc.check --wait
  bv bulk suppliers job_… --format xlsx
  bv portfolios create --name "Key suppliers" --operation gst.verify --every weekly --file suppliers.csv
  bv admin reconcile
`;

/** The `bv` command tree. Usage errors throw (exitOverride) so that run() picks the exit code. */
export function buildProgram(session: Session): Command {
  const program = new Command('bv')
    .description('Command line for the business verification service (GSTIN, PAN, CIN, LLPIN, DIN)')
    .version(cliVersion(), '-V, --version')
    .addOption(new Option('--base-url <url>', 'the service\'s base URL').env('BV_BASE_URL').default(DEFAULT_BASE_URL))
    .addOption(new Option('--key <key>', 'API key').env('BV_KEY'))
    .addOption(new Option('--admin-token <token>', 'admin token, for "bv admin"').env('BV_ADMIN_TOKEN'))
    .addOption(new Option('--admin-token-file <file>', 'a file holding the admin token').env('BV_ADMIN_TOKEN_FILE'))
    .option('--json', 'print machine-readable JSON only on stdout')
    .addHelpText('after', HELP_EPILOG)
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (text) => session.io.stdout.write(text),
      writeErr: (text) => session.io.stderr.write(text),
    })
    .exitOverride();
  registerVerify(program, session);
  registerItc(program, session);
  registerBulk(program, session);
  registerWallet(program, session);
  registerPortfolios(program, session);
  registerAdmin(program, session);
  return program;
}
