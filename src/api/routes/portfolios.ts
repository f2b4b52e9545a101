import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paiseToInr } from '../../domain/operations.js';
import { rowIdentifier, type PortfolioOperation } from '../../domain/portfolio/operations.js';
import { parseSchedule } from '../../domain/portfolio/schedule.js';
import { supplierLabel } from '../../domain/portfolio/supplier-columns.js';
import { AppError, type FieldProblem } from '../../errors.js';
import { keptWarnings, type JobWarning } from '../../domain/job-warnings.js';
import { CHANGES_CSV_FILE } from '../../domain/portfolio/changes-csv.js';
import { CHANGES_XLSX_FILE } from '../../portfolios/changes-xlsx.js';
import { XLSX_CONTENT_TYPE } from '../../store/results/xlsx-writer.js';
import { CHANGES_JSON } from '../../portfolios/change-report.js';
import { createPortfolio, deletePortfolio, schedulerIdOf } from '../../portfolios/schedules.js';
import { startPortfolioRun, type StartRunDeps } from '../../portfolios/start-run.js';
import type { BulkJobStore } from '../../store/bulk-jobs/bulk-jobs.js';
import type { Portfolio, PortfolioRow, PortfolioStore } from '../../store/portfolios/portfolios.js';
import { openDownload, type ResultStore } from '../../store/results/result-store.js';
import type { WebhookStore } from '../../store/bulk-jobs/webhooks.js';
import { readUpload } from '../../bulk/intake/upload-intake.js';
import { sheetName } from '../multipart-upload.js';
import { parseColumnMapping } from '../../bulk/intake/header-columns.js';
import { intakeFailure } from '../../bulk/intake/intake-error.js';
import { readJsonRows } from '../../bulk/intake/json-intake.js';
import { readPastedRows } from '../../bulk/intake/pasted-rows.js';
import { jobStatusBody, shownStatus } from '../../bulk/job-status-body.js';
import { KNOWN_COLUMNS, normaliseHeaderName, type IntakeItem } from '../../bulk/intake/row-request.js';
import { successEnvelope } from '../envelope.js';
import { resultsNotReady, staleCursor } from '../job-answers.js';
import { replayedUpload, uploadFingerprint } from '../idempotency.js';
import { parseOrThrow } from '../../requests/zod-problems.js';
import { PORTFOLIO_SCHEMAS } from './portfolios-schemas.js';
import type { ZodRequests } from '../schema-compilers.js';
import { AddRows } from '../schemas/portfolio-requests.js';
import { checkWebhookDestination } from '../schemas/webhook-url.js';
import { istTimestamp, wireTime } from '../../domain/dates.js';

export interface PortfolioRoutesOptions extends StartRunDeps {
  portfolios: PortfolioStore;
  jobs: BulkJobStore;
  results: ResultStore;
  webhooks: WebhookStore;
  limits: { maxBytes: number; maxRecordBytes: number };
}

/** A portfolio is re-verified whole on every run: large lists belong in bulk jobs. */
export const PORTFOLIO_MAX_ROWS = 100_000;
/** Past the limit, a CSV file or JSON list of rows is told a portfolio's limit, not a bulk job's. */
const CSV_ROW_LIMIT = 'the most a portfolio holds: use a bulk job for a larger list';
const JSON_ROW_LIMIT = `a portfolio holds at most ${PORTFOLIO_MAX_ROWS}: use a bulk job for a larger list`;
/** Invalid rows listed in an answer; the count says how many there were in all. */
const PROBLEMS_SHOWN = 20;

const newPortfolioId = (): string => `pf_${randomBytes(10).toString('hex')}`;
const PORTFOLIO_ID = /^pf_[0-9a-f]{20}$/;
const RUN_ID = /^job_[0-9a-f]{20}$/;

interface RowsRead {
  rows: PortfolioRow[];
  invalid: { row: number; problems: FieldProblem[] }[];
  /** Valid rows whose identifier a later row of the same upload had: that later row is kept. */
  repeated: number;
  /** What the upload was read as (a Windows-1252 file, a guessed column), as a job's warnings. */
  warnings: JobWarning[];
}

/** Validated rows by identifier (a later row with the same identifier replaces an earlier one), and the invalid ones. */
async function collectRows(operation: PortfolioOperation, items: AsyncIterable<IntakeItem> | Iterable<IntakeItem>): Promise<RowsRead> {
  const byIdentifier = new Map<string, PortfolioRow>();
  const invalid: RowsRead['invalid'] = [];
  let repeated = 0;
  const warnings: JobWarning[] = [];
  /** Header names to the known column they were found to hold (an ERP alias, ?columns=, a guess). */
  let renames = new Map<string, string>();
  for await (const item of items) {
    if (item.kind === 'header') {
      renames = new Map(Object.entries(item.map ?? {}).flatMap(([column, index]) => (item.header[index] === undefined ? [] : [[item.header[index], column] as const])));
      continue;
    }
    if (item.kind === 'warning') {
      warnings.push(item.warning);
      continue;
    }
    const columns = renames.size === 0 ? item.columns : renamedColumns(item.columns, renames);
    const identifier = item.result.ok ? rowIdentifier(operation, columns) : undefined;
    if (!item.result.ok || identifier === undefined) {
      invalid.push({ row: item.row, problems: item.result.ok ? [{ field: 'row', message: 'has no identifier' }] : item.result.problems });
      continue;
    }
    if (byIdentifier.has(identifier)) repeated++;
    byIdentifier.set(identifier, { identifier, columns: canonicalColumns(columns) });
    if (byIdentifier.size > PORTFOLIO_MAX_ROWS) throw tooManyRows(byIdentifier.size);
  }
  return { rows: [...byIdentifier.values()], invalid, repeated, warnings: keptWarnings(warnings) };
}

/**
 * A row's columns with those found under another name (`GSTIN/UIN`) under the column's own
 * (`gstin`): the portfolio's runs send its rows through the intake again, by these names. A
 * column already called `gstin` that the mapping passed over stays, as `gstin (file)`.
 */
function renamedColumns(columns: Readonly<Record<string, string>>, renames: ReadonlyMap<string, string>): Record<string, string> {
  const taken = new Set(renames.values());
  return Object.fromEntries(
    Object.entries(columns).map(([name, value]) => {
      const column = renames.get(name);
      if (column !== undefined) return [column, value];
      return [taken.has(normaliseHeaderName(name)) ? `${name} (file)` : name, value];
    }),
  );
}

/**
 * Known columns under their lower-case names: rows added at different times ("GSTIN" in a CSV,
 * "gstin" in JSON) must make one header when a run sends them through the intake together.
 */
function canonicalColumns(columns: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(columns).map(([name, value]) => {
      const known = normaliseHeaderName(name);
      return [(KNOWN_COLUMNS as readonly string[]).includes(known) ? known : name, value];
    }),
  );
}

function tooManyRows(count: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `A portfolio holds at most ${PORTFOLIO_MAX_ROWS} rows (this would make ${count}); use a bulk job for larger lists`, [
    { field: 'rows', message: `more than ${PORTFOLIO_MAX_ROWS} rows` },
  ]);
}

function invalidRowsError(invalid: RowsRead['invalid']): AppError {
  const details = invalid.slice(0, PROBLEMS_SHOWN).flatMap(({ row, problems }) => problems.map((p) => ({ field: `rows[${row - 1}].${p.field}`, message: p.message })));
  return new AppError('VALIDATION_FAILED', `${invalid.length} row(s) are not valid; nothing was saved`, details);
}

/** The invalid rows of an answer; those of pasted text also say their `line` (the same number as `row`). */
function invalidRowsBody(invalid: RowsRead['invalid'], pasted: boolean) {
  const shown = invalid.slice(0, PROBLEMS_SHOWN);
  return { invalid: invalid.length, invalid_rows: pasted ? shown.map(({ row, problems }) => ({ row, line: row, problems })) : shown };
}

/** Portfolios (docs/portfolios.md): saved lists re-verified on a schedule, with change reports. */
export async function portfolioRoutes(fastify: FastifyInstance, options: PortfolioRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodRequests>();
  await app.register(multipart, { limits: { fileSize: options.limits.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  const { portfolios, jobs, results, queues } = options;
  const pasteLimits = { ...options.limits, maxRows: PORTFOLIO_MAX_ROWS, rowLimitIs: CSV_ROW_LIMIT };

  /**
   * Another account's portfolio is as absent as one that never existed, and so is one of the
   * other environment (a leaked sandbox key must not run a live list); a deleted one only keeps its runs.
   */
  async function ownPortfolio(request: FastifyRequest<{ Params: { id: string } }>, keepDeleted = false): Promise<Portfolio> {
    const auth = request.auth!;
    const portfolio = PORTFOLIO_ID.test(request.params.id) ? await portfolios.get(request.params.id) : undefined;
    if (portfolio === undefined || portfolio.accountId !== auth.accountId || portfolio.environment !== auth.environment || (portfolio.deletedAt !== null && !keepDeleted)) {
      throw new AppError('NOT_FOUND', `There is no portfolio ${request.params.id}`);
    }
    return portfolio;
  }

  async function portfolioBody(portfolio: Portfolio) {
    const [scheduler, lastRunId, skipped] = await Promise.all([
      portfolio.deletedAt === null ? queues.portfolios.getJobScheduler(schedulerIdOf(portfolio.portfolioId)) : undefined,
      portfolios.runIds(portfolio.portfolioId, 1),
      portfolios.skippedRuns(portfolio.portfolioId),
    ]);
    const lastRun = lastRunId[0] === undefined ? undefined : await jobs.get(lastRunId[0]);
    return {
      portfolio_id: portfolio.portfolioId,
      name: portfolio.name,
      operation: portfolio.operation,
      schedule: { every: portfolio.schedule.every, cron: portfolio.schedule.cron, tz: portfolio.schedule.tz },
      next_run_at: scheduler?.next === undefined ? null : istTimestamp(new Date(scheduler.next)),
      webhook_url: portfolio.webhookUrl,
      rows: portfolio.rows,
      created_at: wireTime(portfolio.createdAt),
      last_run: lastRun === undefined ? null : { run_id: lastRun.jobId, ...shownStatus(lastRun), created_at: wireTime(lastRun.createdAt), finished_at: wireTime(lastRun.finishedAt) },
      // Scheduled runs that could not start (no rows, wallet short, a run still going), newest first.
      skipped_runs: skipped.map((run) => ({ ...run, at: wireTime(run.at) })),
    };
  }

  app.post('/v1/portfolios', { config: { api: 'portfolios.create' }, bodyLimit: 16 * 1024 * 1024, schema: PORTFOLIO_SCHEMAS.createPortfolio }, async (request, reply) => {
    const auth = request.auth!;
    const body = request.body;
    checkWebhookDestination(body.webhook_url, options.webhooks.destinations.allowPrivate);
    const parsed = parseSchedule(body.schedule);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', `schedule: ${parsed.problem.message}`, [parsed.problem]);
    let read: RowsRead = { rows: [], invalid: [], repeated: 0, warnings: [] };
    if (body.rows !== undefined && body.rows.length > 0) {
      let items: IntakeItem[];
      try {
        items = readJsonRows(body.operation, body.rows, PORTFOLIO_MAX_ROWS, JSON_ROW_LIMIT);
      } catch (error) {
        intakeFailure(error);
      }
      read = await collectRows(body.operation, items);
      if (read.invalid.length > 0) throw invalidRowsError(read.invalid);
    }
    // Pasted text is taken as an upload is: the valid rows kept, the others named by their line.
    if (body.text !== undefined) read = await collectRows(body.operation, readPastedRows(body.text, body.operation, pasteLimits)).catch(intakeFailure);
    const portfolio: Portfolio = {
      portfolioId: newPortfolioId(),
      accountId: auth.accountId,
      environment: auth.environment,
      name: body.name,
      operation: body.operation,
      schedule: parsed.schedule,
      webhookUrl: body.webhook_url ?? null,
      createdAt: new Date().toISOString(),
      deletedAt: null,
      rows: read.rows.length,
    };
    await createPortfolio(queues.portfolios, portfolios, portfolio, read.rows);
    const pasted = body.text === undefined ? {} : { repeated: read.repeated, ...invalidRowsBody(read.invalid, true) };
    return reply.code(201).send(successEnvelope(request, { ...(await portfolioBody(portfolio)), ...pasted }, { checks: 0 }));
  });

  app.get('/v1/portfolios', { config: { api: 'portfolios.list' }, schema: PORTFOLIO_SCHEMAS.listPortfolios }, async (request) => {
    const query = request.query;
    const page = (await portfolios.list(request.auth!.accountId, request.auth!.environment, query.limit, query.cursor)) ?? staleCursor('portfolio');
    return successEnvelope(request, { portfolios: await Promise.all(page.portfolios.map(portfolioBody)), next_cursor: page.next ?? null }, { checks: 0 });
  });

  app.get('/v1/portfolios/:id', { config: { api: 'portfolios.get' }, schema: PORTFOLIO_SCHEMAS.getPortfolio }, async (request) =>
    successEnvelope(request, await portfolioBody(await ownPortfolio(request)), { checks: 0 }),
  );

  app.delete('/v1/portfolios/:id', { config: { api: 'portfolios.delete' }, schema: PORTFOLIO_SCHEMAS.deletePortfolio }, async (request) => {
    const portfolio = await ownPortfolio(request);
    await deletePortfolio(queues.portfolios, portfolios, portfolio);
    return successEnvelope(request, { portfolio_id: portfolio.portfolioId, deleted: true }, { checks: 0 });
  });

  // Rows: a CSV upload (multipart, as a bulk job's) or JSON {rows}; a row with an identifier
  // the portfolio has replaces it. Invalid rows are reported and not added.
  app.post('/v1/portfolios/:id/rows', { config: { api: 'portfolios.rows.add' }, bodyLimit: 16 * 1024 * 1024, schema: PORTFOLIO_SCHEMAS.addPortfolioRows }, async (request, reply) => {
    const portfolio = await ownPortfolio(request);
    let read: RowsRead | undefined;
    let pastedText = false;
    if (request.isMultipart()) {
      if (await replayedUpload(request, reply)) return reply;
      const fingerprint = uploadFingerprint(request);
      // Checked before the file is read: a bad ?sheet= refuses the upload, not its rows.
      const sheet = sheetName((request.query as Record<string, unknown>).sheet);
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fingerprint.field(part.fieldname, String(part.value));
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', `Unexpected file part "${part.fieldname}": send the CSV as "file"`, [{ field: part.fieldname, message: 'unexpected file part' }]);
        }
        let columns;
        try {
          columns = parseColumnMapping((request.query as Record<string, unknown>).columns, portfolio.operation);
        } catch (error) {
          part.file.resume();
          intakeFailure(error);
        }
        const bytes = fingerprint.file(part.fieldname, part.filename, part.file);
        read = await collectRows(portfolio.operation, readUpload(bytes, part.filename, portfolio.operation, { ...options.limits, maxRows: PORTFOLIO_MAX_ROWS, rowLimitIs: CSV_ROW_LIMIT }, { columns, sheet })).catch(intakeFailure);
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${options.limits.maxBytes} bytes`);
      }
      if (read === undefined) throw new AppError('VALIDATION_FAILED', 'Send the CSV in a multipart part named "file"', [{ field: 'file', message: 'is required' }]);
      fingerprint.complete();
    } else {
      const body = parseOrThrow(AddRows, request.body);
      if (body.text !== undefined) {
        pastedText = true;
        read = await collectRows(portfolio.operation, readPastedRows(body.text, portfolio.operation, pasteLimits)).catch(intakeFailure);
      } else {
        let items: IntakeItem[];
        try {
          items = readJsonRows(portfolio.operation, body.rows ?? [], PORTFOLIO_MAX_ROWS, JSON_ROW_LIMIT);
        } catch (error) {
          intakeFailure(error);
        }
        read = await collectRows(portfolio.operation, items);
      }
    }
    const result = await portfolios.addRows(portfolio.portfolioId, read.rows, PORTFOLIO_MAX_ROWS);
    if ('busy' in result) throw new AppError('SERVICE_UNAVAILABLE', 'Another upload to this portfolio is still being written; retry in a few seconds');
    if (!result.ok) throw tooManyRows(result.wouldHold);
    const { added } = result;
    const total = (await portfolios.get(portfolio.portfolioId))?.rows ?? portfolio.rows + added;
    return successEnvelope(request, {
      portfolio_id: portfolio.portfolioId,
      added,
      replaced: read.rows.length - added,
      // So that added + replaced + repeated + invalid counts every row sent.
      repeated: read.repeated,
      ...invalidRowsBody(read.invalid, pastedText),
      rows: total,
      // Addition: what the upload was read as, as a bulk job's warnings ([] when nothing).
      warnings: read.warnings,
    }, { checks: 0 });
  });

  app.get('/v1/portfolios/:id/rows', { config: { api: 'portfolios.rows.list' }, schema: PORTFOLIO_SCHEMAS.listPortfolioRows }, async (request) => {
    const portfolio = await ownPortfolio(request);
    const query = request.query;
    const page = await portfolios.rowPage(portfolio.portfolioId, query.limit, query.cursor);
    const rows = page.rows.map((row) => ({ identifier: row.identifier, ...supplierLabel(row.columns), columns: row.columns }));
    return successEnvelope(request, { portfolio_id: portfolio.portfolioId, rows, next_cursor: page.next ?? null }, { checks: 0 });
  });

  app.delete('/v1/portfolios/:id/rows/:identifier', { config: { api: 'portfolios.rows.delete' }, schema: PORTFOLIO_SCHEMAS.removePortfolioRow }, async (request) => {
    const portfolio = await ownPortfolio(request);
    const identifier = request.params.identifier.trim().toUpperCase();
    if (!(await portfolios.removeRow(portfolio.portfolioId, identifier))) {
      throw new AppError('NOT_FOUND', `Portfolio ${portfolio.portfolioId} has no row ${identifier}`);
    }
    return successEnvelope(request, { portfolio_id: portfolio.portfolioId, removed: identifier, rows: portfolio.rows - 1 }, { checks: 0 });
  });

  app.post('/v1/portfolios/:id/run', { config: { api: 'portfolios.run' }, schema: PORTFOLIO_SCHEMAS.runPortfolio }, async (request, reply) => {
    const portfolio = await ownPortfolio(request);
    const created = await startPortfolioRun(portfolio, options);
    const job = await jobs.get(created.jobId);
    return reply.code(202).send(successEnvelope(request, { run_id: created.jobId, job: job === undefined ? null : jobStatusBody(job) }, { checks: 0 }));
  });

  app.get('/v1/portfolios/:id/runs', { config: { api: 'portfolios.runs' }, schema: PORTFOLIO_SCHEMAS.listPortfolioRuns }, async (request) => {
    const portfolio = await ownPortfolio(request, true);
    const query = request.query;
    const page = (await portfolios.runPage(portfolio.portfolioId, query.limit, query.cursor)) ?? staleCursor('run');
    const runs = await Promise.all(
      page.ids.map(async (runId) => {
        const [job, summary] = await Promise.all([jobs.get(runId), portfolios.runSummary(portfolio.portfolioId, runId)]);
        if (job === undefined) return undefined;
        const base = `/v1/portfolios/${portfolio.portfolioId}/runs/${runId}`;
        return {
          run_id: runId,
          ...shownStatus(job),
          created_at: wireTime(job.createdAt),
          finished_at: wireTime(job.finishedAt),
          charged_inr: paiseToInr(job.chargedPaise),
          job: jobStatusBody(job),
          changes: summary === null ? null : { rows: summary.rows, changed: summary.changed, new_high_severity: summary.new_high_severity, previous_run_id: summary.previous_run_id },
          files: summary === null ? null : { json: `${base}/changes.json`, csv: `${base}/changes.csv`, xlsx: `${base}/changes.xlsx` },
        };
      }),
    );
    return successEnvelope(request, { portfolio_id: portfolio.portfolioId, runs: runs.filter((run) => run !== undefined), next_cursor: page.next ?? null }, { checks: 0 });
  });

  for (const [file, type, schema] of [
    [CHANGES_JSON, 'application/json; charset=utf-8', PORTFOLIO_SCHEMAS.getPortfolioRunChanges],
    [CHANGES_CSV_FILE, 'text/csv; charset=utf-8', PORTFOLIO_SCHEMAS.downloadPortfolioRunChangesCsv],
    [CHANGES_XLSX_FILE, XLSX_CONTENT_TYPE, PORTFOLIO_SCHEMAS.downloadPortfolioRunChangesXlsx],
  ] as const) {
    app.get(`/v1/portfolios/:id/runs/:run/${file}`, { config: { api: 'portfolios.changes' }, schema }, async (request, reply) => {
      const portfolio = await ownPortfolio(request, true);
      const runId = request.params.run;
      if (!RUN_ID.test(runId) || !(await portfolios.hasRun(portfolio.portfolioId, runId))) {
        throw new AppError('NOT_FOUND', `Portfolio ${portfolio.portfolioId} has no run ${runId}`);
      }
      const download = await openDownload(results, runId, file);
      if (download === undefined) {
        // Only a completed run is compared with the runs before it: a cancelled or failed one never has a report.
        const run = await jobs.get(runId);
        if (run !== undefined && run.finishedAt !== null && run.status !== 'completed') {
          throw new AppError('NOT_FOUND', `Run ${runId} ended ${run.status}, so it has no change report: only completed runs are compared`);
        }
        // A report written before changes.xlsx existed has the other two files only.
        if (file === CHANGES_XLSX_FILE && (await results.exists(runId, CHANGES_CSV_FILE))) {
          throw new AppError('NOT_FOUND', `The change report of run ${runId} was written before changes.xlsx was: download changes.csv, which has the same rows`);
        }
        throw resultsNotReady(reply, `The change report of run ${runId} is not ready: it is written when the run finishes`);
      }
      return reply.type(type).header('content-disposition', `attachment; filename="${runId}-${file}"`).header('content-length', download.bytes).send(download.body);
    });
  }

  app.get('/v1/portfolios/:id/runs/:run/webhook-deliveries', { config: { api: 'portfolios.webhook_deliveries' }, schema: PORTFOLIO_SCHEMAS.listPortfolioRunWebhookDeliveries }, async (request) => {
    const portfolio = await ownPortfolio(request, true);
    const runId = request.params.run;
    if (!RUN_ID.test(runId) || !(await portfolios.hasRun(portfolio.portfolioId, runId))) throw new AppError('NOT_FOUND', `Portfolio ${portfolio.portfolioId} has no run ${runId}`);
    return successEnvelope(request, { run_id: runId, webhook_url: portfolio.webhookUrl, attempts: await options.webhooks.attempts(portfolio.accountId, `${runId}-changes`) }, { checks: 0 });
  });
}
