import path from 'node:path';
import { type Command, Option } from 'commander';
import type { Session } from '../context.js';
import { UsageError } from '../exit-codes.js';
import type { paths } from '../api-types.js';
import { positiveInt } from '../parse.js';
import { rowsToVerify, type JobStatus } from '../job.js';
import { inr, keyValues, table, text, when } from '../output.js';
import { AS_FILE, type ServiceClient } from '../service-client.js';
import { fileSize, uploadFile } from '../upload-file.js';
import { exitForJob, waitForJob } from './bulk.js';

type NewPortfolio = paths['/v1/portfolios']['post']['requestBody']['content']['application/json'];

interface Portfolio {
  portfolio_id: string;
  name: string;
  operation: string;
  schedule: { every: string | null; cron: string | null; tz: string | null };
  next_run_at: string | null;
  webhook_url: string | null;
  rows: number;
  created_at: string;
  last_run: { run_id: string; status: string; created_at: string; finished_at: string | null } | null;
  /** Scheduled runs that could not start, newest first. */
  skipped_runs?: { at: string; code: string; message: string }[];
}

interface RowsAdded {
  portfolio_id: string;
  added: number;
  replaced: number;
  /** Absent from servers before it was reported. */
  repeated?: number;
  invalid: number;
  invalid_rows: { row: number; problems: { field: string; message: string }[] }[];
  rows: number;
  /** What the upload read differently (a guessed column, a Windows-1252 file); absent from older servers. */
  warnings?: { code: string; message: string }[];
}

interface Run {
  run_id: string;
  status: string;
  created_at: string;
  finished_at: string | null;
  charged_inr: number;
  job: JobStatus;
  changes: { rows: number; changed: number; new_high_severity: number; previous_run_id: string | null } | null;
}

interface Change {
  identifier: string;
  vendor_name?: string | null;
  vendor_code?: string | null;
  check: string;
  field: string;
  description?: string;
  before: unknown;
  after: unknown;
  severity: string;
  detected_at: string;
}

/** `Sharma Traders (V0042)`, the name or the code alone, or — when the row has neither. */
const supplier = (c: Change): string =>
  c.vendor_name && c.vendor_code ? `${c.vendor_name} (${c.vendor_code})` : (c.vendor_name ?? c.vendor_code ?? '—');
const scheduleText = (s: Portfolio['schedule']) => (s.every ?? `cron "${s.cron ?? ''}"${s.tz ? ` (${s.tz})` : ''}`);

function portfolioPairs(p: Portfolio): [string, string][] {
  return [
    ['portfolio', p.portfolio_id],
    ['name', p.name],
    ['operation', p.operation],
    ['schedule', scheduleText(p.schedule)],
    ['next run', when(p.next_run_at)],
    ['rows', String(p.rows)],
    ['webhook', text(p.webhook_url)],
    ['created', when(p.created_at)],
    ['last run', p.last_run ? `${p.last_run.run_id} ${p.last_run.status} (${when(p.last_run.created_at)})` : '—'],
    // A scheduled run that could not start (wallet short, no rows) is otherwise invisible here.
    ...(p.skipped_runs ?? []).slice(0, 3).map((skipped): [string, string] => ['skipped run', `${when(skipped.at)}: ${skipped.code}: ${skipped.message}`]),
  ];
}

function rowsAddedLine(added: RowsAdded): string {
  const problems = added.invalid_rows.map((r) => `\n  row ${r.row}: ${r.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`).join('');
  const repeated = (added.repeated ?? 0) > 0 ? `, ${added.repeated} repeated in the file (the last kept)` : '';
  const warnings = (added.warnings ?? []).map((w) => `\nWarning: ${w.message} (${w.code})`).join('');
  return `Rows: ${added.added} added, ${added.replaced} replaced${repeated}, ${added.invalid} invalid; ${added.rows} in the portfolio.${problems}${warnings}`;
}

/** `--columns` and `--sheet`, as the upload's `?columns=` and `?sheet=`. */
interface SheetOptions {
  columns?: string;
  sheet?: string;
}

async function uploadRows(client: ServiceClient, portfolioId: string, file: string, options: SheetOptions): Promise<RowsAdded> {
  const params = { path: { id: portfolioId }, query: { columns: options.columns, sheet: options.sheet } };
  return (await client.call(client.key.POST('/v1/portfolios/{id}/rows', { params, body: { file: await uploadFile(file) }, ...client.multipart() }))).data;
}

const COLUMNS_HELP = 'which header is which column, as ?columns= takes it: gstin:Party GSTIN (pairs separated by commas)';
const SHEET_HELP = 'the worksheet of an .xlsx to read (default: the first visible one with a header)';

interface CreateOptions extends SheetOptions {
  name: string;
  operation: string;
  every?: string;
  cron?: string;
  tz?: string;
  webhookUrl?: string;
  file?: string;
}

export function registerPortfolios(program: Command, session: Session): void {
  const group = program.command('portfolios').alias('portfolio').description('saved supplier lists re-verified on a schedule, with change reports');

  group
    .command('list')
    .description('the account\'s portfolios, newest first')
    .option('--limit <n>', 'portfolios per page (1-200, default 200)', positiveInt('--limit'))
    .option('--cursor <cursor>', 'the next page, from a previous page')
    .action(async (options: { limit?: number; cursor?: string }, command: Command) => {
      const { out, client } = session.context(command);
      const page = (await client.call(client.key.GET('/v1/portfolios', { params: { query: { limit: options.limit, cursor: options.cursor } } }))).data;
      const { portfolios } = page;
      // On stderr, so --json still prints the portfolios alone.
      if (page.next_cursor) out.note(`More: bv portfolios list${options.limit === undefined ? '' : ` --limit ${options.limit}`} --cursor ${page.next_cursor}`);
      out.result(portfolios, () => {
        if (portfolios.length === 0) return out.line('No portfolios yet.');
        out.line(
          table(
            ['PORTFOLIO', 'NAME', 'OPERATION', 'SCHEDULE', 'ROWS', 'NEXT RUN', 'LAST RUN'],
            portfolios.map((p) => [p.portfolio_id, p.name, p.operation, scheduleText(p.schedule), String(p.rows), when(p.next_run_at), p.last_run ? `${p.last_run.status} ${when(p.last_run.created_at)}` : '—']),
          ),
        );
      });
    });

  group
    .command('create')
    .description('create a portfolio; --file adds rows from a CSV or .xlsx after creating it')
    .requiredOption('--name <name>', 'the portfolio\'s name')
    .addOption(new Option('--operation <api>', 'the check run on every row').choices(['gst.verify', 'gst.returns', 'business360']).makeOptionMandatory())
    .addOption(new Option('--every <period>', 'run daily, weekly or monthly at 06:00 India time').choices(['daily', 'weekly', 'monthly']).conflicts(['cron', 'tz']))
    .addOption(new Option('--cron <expr>', 'run on a 5-field cron schedule, like "30 7 * * 1-5"').conflicts('every'))
    .option('--tz <zone>', 'the cron schedule\'s time zone (default Asia/Kolkata)')
    .option('--webhook-url <url>', 'POST a signed portfolio.changes event here when a run finds changes')
    .option('--file <rows.csv>', 'a CSV or .xlsx of rows to add (gstin; cin or pan for business360)')
    .option('--columns <mapping>', `with --file: ${COLUMNS_HELP}`)
    .option('--sheet <name>', `with --file: ${SHEET_HELP}`)
    .action(async (options: CreateOptions, command: Command) => {
      if (options.every === undefined && options.cron === undefined) throw new UsageError('Give a schedule: --every daily|weekly|monthly, or --cron "<5 fields>" [--tz <zone>]');
      // Before creating anything: a portfolio made for a file that cannot be read would run empty on its schedule.
      if (options.file !== undefined) await fileSize(options.file);
      const { out, client } = session.context(command);
      // --operation and --every are among the API's choices (commander checks them); a cron and its zone are the API's to judge.
      const schedule = (options.every !== undefined ? { every: options.every } : { cron: options.cron, ...(options.tz ? { tz: options.tz } : {}) }) as NewPortfolio['schedule'];
      const body: NewPortfolio = { name: options.name, operation: options.operation as NewPortfolio['operation'], schedule, ...(options.webhookUrl ? { webhook_url: options.webhookUrl } : {}) };
      let portfolio: Portfolio = (await client.call(client.key.POST('/v1/portfolios', { body }))).data;
      let upload: RowsAdded | null = null;
      if (options.file !== undefined) {
        try {
          upload = await uploadRows(client, portfolio.portfolio_id, options.file, options);
        } catch (error) {
          // The portfolio exists: say so, so that a retry adds rows instead of creating another.
          out.error(`Portfolio ${portfolio.portfolio_id} was created, but its rows were not added; retry with: bv portfolios add-rows ${portfolio.portfolio_id} ${options.file}`);
          throw error;
        }
        portfolio = { ...portfolio, rows: upload.rows };
      }
      out.result({ portfolio, upload }, () => {
        out.line(`Portfolio ${portfolio.portfolio_id} created.`);
        out.line(keyValues(portfolioPairs(portfolio)));
        if (upload) out.line(rowsAddedLine(upload));
      });
    });

  group
    .command('add-rows <portfolio> <rows.csv>')
    .description('add rows from a CSV or .xlsx (a row with an identifier already there replaces it)')
    .option('--columns <mapping>', COLUMNS_HELP)
    .option('--sheet <name>', SHEET_HELP)
    .action(async (portfolioId: string, file: string, options: SheetOptions, command: Command) => {
      const { out, client } = session.context(command);
      const added = await uploadRows(client, portfolioId, file, options);
      out.result(added, () => out.line(rowsAddedLine(added)));
    });

  group
    .command('show <portfolio>')
    .description('a portfolio\'s schedule, rows and last run')
    .action(async (portfolioId: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const portfolio: Portfolio = (await client.call(client.key.GET('/v1/portfolios/{id}', { params: { path: { id: portfolioId } } }))).data;
      out.result(portfolio, () => out.line(keyValues(portfolioPairs(portfolio))));
    });

  group
    .command('delete <portfolio>')
    .description('delete a portfolio and its schedule (its runs stay readable)')
    .action(async (portfolioId: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const deleted = (await client.call(client.key.DELETE('/v1/portfolios/{id}', { params: { path: { id: portfolioId } } }))).data;
      out.result(deleted, () => out.line(`Portfolio ${deleted.portfolio_id} deleted.`));
    });

  group
    .command('run <portfolio>')
    .description('run a portfolio now (a bulk job)')
    .option('--wait', 'follow the run until it ends (exit 4 if it did not end cleanly)')
    .action(async (portfolioId: string, options: { wait?: boolean }, command: Command) => {
      const { out, client } = session.context(command);
      const started: { run_id: string; job: JobStatus | null } = (await client.call(client.key.POST('/v1/portfolios/{id}/run', { params: { path: { id: portfolioId } } }))).data;
      if (!options.wait) {
        out.result(started, () => {
          out.line(`Run ${started.run_id} started${started.job ? `: ${rowsToVerify(started.job)} row(s), ${inr(started.job.reserved_inr)} held` : ''}.`);
          out.note(`Follow it: bv bulk status ${started.run_id} --wait`);
        });
        return;
      }
      out.note(`Run ${started.run_id} started.`);
      const job = await waitForJob(client, out, started.run_id);
      out.result({ run_id: started.run_id, job }, () =>
        out.line(`Run ${job.job_id} ${job.status}: ${job.rows.ok} ok, ${job.rows.not_found} not found, ${job.rows.failed} failed; charged ${inr(job.charged_inr)}.`),
      );
      exitForJob(job);
    });

  group
    .command('runs <portfolio>')
    .description('a portfolio\'s runs with their change summaries')
    .action(async (portfolioId: string, _options: unknown, command: Command) => {
      const { out, client } = session.context(command);
      const runs: Run[] = (await client.call(client.key.GET('/v1/portfolios/{id}/runs', { params: { path: { id: portfolioId } } }))).data.runs;
      out.result(runs, () => {
        if (runs.length === 0) return out.line('No runs yet.');
        out.line(
          table(
            ['RUN', 'STATUS', 'CREATED', 'FINISHED', 'ROWS', 'CHARGED', 'CHANGED', 'HIGH'],
            runs.map((run) => [
              run.run_id,
              run.status,
              when(run.created_at),
              when(run.finished_at),
              String(run.job.rows.total),
              inr(run.charged_inr),
              run.changes ? String(run.changes.changed) : '—',
              run.changes ? String(run.changes.new_high_severity) : '—',
            ]),
          ),
        );
      });
    });

  group
    .command('changes <portfolio> <run>')
    .description('a run\'s change report against the earlier runs')
    .addOption(new Option('--format <format>', 'csv, json or xlsx (Excel): the file as the API serves it (default: a table, or JSON with --json)').choices(['csv', 'json', 'xlsx']))
    .option('-o, --out <path>', 'write the file here, or - for stdout (as bv bulk download)')
    .action(async (portfolioId: string, runId: string, options: { format?: 'csv' | 'json' | 'xlsx'; out?: string }, command: Command) => {
      const { out, client } = session.context(command);
      const runPath = { id: portfolioId, run: runId };
      if (options.format !== undefined || options.out !== undefined) {
        const toFile = options.out !== undefined && options.out !== '-' ? options.out : undefined;
        const format = options.format ?? (/\.(json|xlsx)$/i.exec(toFile ?? '')?.[1]?.toLowerCase() as 'json' | 'xlsx' | undefined) ?? 'csv';
        if (toFile === undefined && out.jsonMode && format !== 'json') throw new UsageError(`--json prints JSON: leave out --format ${format}, or write the file with --out`);
        if (toFile === undefined && format === 'xlsx' && out.io.stdout.isTTY === true) throw new UsageError('An Excel file is not for a terminal: write it with --out <file>.xlsx, or redirect stdout');
        await client.download(client.key.GET(`/v1/portfolios/{id}/runs/{run}/changes.${format}`, { params: { path: runPath }, ...AS_FILE }), toFile ?? out.io.stdout);
        if (toFile !== undefined) out.result({ run_id: runId, format, path: path.resolve(toFile) }, () => out.line(`Changes: ${toFile}`));
        return;
      }
      const changes: Change[] = await client.call(client.key.GET('/v1/portfolios/{id}/runs/{run}/changes.json', { params: { path: runPath } }));
      out.result(changes, () => {
        if (changes.length === 0) return out.line('No changes against the earlier runs.');
        out.line(
          table(
            // The supplier as the customer knows it and the change in words; the field path for grep.
            ['SEVERITY', 'SUPPLIER', 'IDENTIFIER', 'WHAT CHANGED', 'FIELD'],
            changes.map((c) => [c.severity, supplier(c), c.identifier, c.description ?? `${text(c.before)} → ${text(c.after)}`, c.field]),
          ),
        );
      });
    });
}
