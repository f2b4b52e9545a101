/** The schemas of the portfolio routes (portfolios.ts) (docs/portfolios.md "Calls"). */
import { z } from 'zod';
import { AddRows, CreatePortfolio, PortfolioListQuery, RowListQuery, RunListQuery } from '../schemas/portfolio-requests.js';
import { BulkJobShape, PortfolioChangeShape, PortfolioRunShape, PortfolioShape, WebhookDeliveriesShape } from '../schemas/resource-shapes.js';
import { COLUMNS_PARAM_DESCRIPTION } from '../../bulk/intake/header-columns.js';
import { COMMON_ERRORS } from '../openapi/error-responses.js';
import { envelope, file, type RouteDoc } from '../openapi/route-doc.js';
import { sandboxGstRows } from '../openapi/sandbox-examples.js';

const portfolioId = z.object({ id: z.string().regex(/^pf_[0-9a-f]{20}$/).describe('The portfolio id') });
/** An invalid row of an upload or paste: its number, its problems, and (pasted text, added) its line. */
const InvalidPastedRow = z
  .object({
    row: z.number().int().describe('A CSV upload\'s data row (1-based, the header not counted), a JSON row\'s position, or a pasted line'),
    line: z.number().int().optional().describe('Added, for pasted text: the 1-based line of the text'),
    problems: z.array(z.object({ field: z.string(), message: z.string() })),
  })
  .loose();
const portfolioRun = portfolioId.extend({ run: z.string().regex(/^job_[0-9a-f]{20}$/).describe('A run id from the runs list') });

export const PORTFOLIO_SCHEMAS = {
  createPortfolio: {
    operationId: 'createPortfolio',
    summary: 'Create a portfolio: a list re-verified on a schedule, with change reports',
    tags: ['Portfolios'],
    auth: 'customer',
    body: CreatePortfolio,
    description:
      'Rows as JSON `rows` (any invalid row fails the request; nothing is saved) or, added, as pasted `text` (read as a CSV upload is: the valid rows are kept and the answer adds `repeated`, `invalid` and `invalid_rows`, each invalid row named by its 1-based `line` of the text).',
    bodyExamples: {
      weekly: { summary: 'Sandbox GSTINs, re-verified every week', value: { name: 'Top suppliers', operation: 'gst.verify', schedule: { every: 'weekly' }, rows: sandboxGstRows() } },
      pasted: {
        summary: 'Added: pasted lines (identifier, then optionally the vendor name and code)',
        value: { name: 'Key suppliers', operation: 'gst.verify', schedule: { every: 'weekly' }, text: '24AHRPM2741D1ZG\tSharma Traders\tV0042\n27AAGFS6183P1ZD\tPatel & Sons\tV0043' },
      },
    },
    response: {
      201: envelope(
        'portfolios.create',
        PortfolioShape.extend({
          repeated: z.number().int().optional().describe('Added, with text only: lines whose identifier a later line had (the later one is kept)'),
          invalid: z.number().int().optional().describe('Added, with text only: lines not added'),
          invalid_rows: z.array(InvalidPastedRow).optional().describe('Added, with text only: the first 20 invalid lines'),
        }),
      ),
    },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE'],
  },
  listPortfolios: {
    operationId: 'listPortfolios',
    summary: "The account's portfolios, newest first",
    description:
      "The portfolios made with this key's environment (sandbox or live). Page with limit (at most 200, the default) and cursor: pass next_cursor as cursor for the next page; it is null on the last. The next page follows even when the cursor's portfolio has been deleted since.",
    tags: ['Portfolios'],
    auth: 'customer',
    querystring: PortfolioListQuery,
    response: { 200: envelope('portfolios.list', z.object({ portfolios: z.array(PortfolioShape), next_cursor: z.string().nullable() })) },
    errors: [...COMMON_ERRORS, 'VALIDATION_FAILED'],
  },
  getPortfolio: {
    operationId: 'getPortfolio',
    summary: 'A portfolio, its schedule, next run and last run',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId,
    response: { 200: envelope('portfolios.get', PortfolioShape) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  deletePortfolio: {
    operationId: 'deletePortfolio',
    summary: 'Delete a portfolio (its schedule stops; its runs stay readable for the retention period)',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId,
    response: { 200: envelope('portfolios.delete', z.object({ portfolio_id: z.string(), deleted: z.literal(true) })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  addPortfolioRows: {
    operationId: 'addPortfolioRows',
    summary: 'Add or replace rows (a CSV upload in part "file", JSON {rows}, or pasted {text})',
    description:
      'A row whose identifier the portfolio already holds replaces it. Valid rows are added; each invalid one is reported in `invalid_rows` with its row (a CSV\'s data row, a JSON row\'s position) and its field and rule. Added: `{"text": "..."}` takes pasted lines, read as a CSV upload is: with a header line (as copied from a spreadsheet, tab- or comma-separated) or without one (one supplier a line: identifier, then optionally vendor name and code); its invalid rows also carry `line`, the 1-based line of the text.',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId,
    querystring: z.object({ columns: z.string().optional().describe(`${COLUMNS_PARAM_DESCRIPTION} For a CSV upload (multipart) only.`), sheet: z.string().optional().describe('For an .xlsx upload: the worksheet to read, by its tab name (hidden ones too); without it, the first visible worksheet with a header row.') }),
    body: AddRows,
    multipart: {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'text/csv', description: "The CSV or Excel workbook (.xlsx), with the columns of the portfolio's operation" } },
      required: ['file'],
    },
    response: {
      200: envelope(
        'portfolios.rows.add',
        z.object({ portfolio_id: z.string(), added: z.number().int(), replaced: z.number().int(), repeated: z.number().int().describe('Rows whose identifier a later row of this upload had: the later one is kept'), invalid: z.number().int(), invalid_rows: z.array(InvalidPastedRow), rows: z.number().int(), warnings: z.array(z.object({ code: z.string(), message: z.string() })).describe("Addition (issue 28): what the upload was read as, as a bulk job's warnings (a Windows-1252 file, a guessed column); [] when nothing") }),
      ),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE'],
  },
  listPortfolioRows: {
    operationId: 'listPortfolioRows',
    summary: "The portfolio's rows, each with its identifier and columns, in identifier order",
    description:
      'Page with limit (at most 1,000, the default) and cursor: pass next_cursor (the last identifier of the page) as cursor for the next page; it is null on the last. Rows added or removed while paging are listed or not by where their identifier falls; every other row is listed exactly once.',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId,
    querystring: RowListQuery,
    response: {
      200: envelope(
        'portfolios.rows.list',
        z.object({
          portfolio_id: z.string(),
          rows: z.array(
            z.object({
              identifier: z.string(),
              vendor_name: z.string().nullable().describe("Added: the supplier's name found among the row's columns (vendor_name, Vendor Name, Supplier Name, Party Name, name, ...); null when none"),
              vendor_code: z.string().nullable().describe("Added: the supplier's code found among the row's columns (vendor_code, Vendor Code, Supplier Code, Party Code, ...); null when none"),
              columns: z.record(z.string(), z.string()),
            }),
          ),
          next_cursor: z.string().nullable().describe('Send as cursor for the next page; null on the last page'),
        }),
      ),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  removePortfolioRow: {
    operationId: 'removePortfolioRow',
    summary: 'Remove one row by its identifier',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId.extend({ identifier: z.string().describe('The GSTIN (or other identifier) of the row') }),
    response: { 200: envelope('portfolios.rows.delete', z.object({ portfolio_id: z.string(), removed: z.string(), rows: z.number().int() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
  runPortfolio: {
    operationId: 'runPortfolio',
    summary: 'Run the portfolio now (as a bulk job; its cost is held first)',
    description: 'A run is a bulk job: 429 RATE_LIMITED (with Retry-After) when the account is at a bulk quota (unfinished jobs, stored result bytes), as for an upload.',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId,
    response: { 202: envelope('portfolios.run', z.object({ run_id: z.string(), job: BulkJobShape.nullable() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED', 'WALLET_INSUFFICIENT_BALANCE', 'RUN_IN_PROGRESS'],
  },
  listPortfolioRuns: {
    operationId: 'listPortfolioRuns',
    summary: 'Runs, newest first, each with its change summary and report files',
    description: 'Page with limit (at most 100, the default) and cursor: pass next_cursor as cursor for the next (older) page; it is null on the last.',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioId,
    querystring: RunListQuery,
    response: {
      200: envelope(
        'portfolios.runs',
        z.object({ portfolio_id: z.string(), runs: z.array(PortfolioRunShape), next_cursor: z.string().nullable().describe('Send as cursor for the next (older) page; null on the last page') }),
      ),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'VALIDATION_FAILED'],
  },
  getPortfolioRunChanges: {
    operationId: 'getPortfolioRunChanges',
    summary: "A run's change report against the previous run, as JSON",
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioRun,
    response: {
      200: z
        .array(PortfolioChangeShape)
        .describe('The changes, a JSON array (not the envelope): per identifier (with the supplier\'s vendor_name and vendor_code, added), check and field with its plain-language description (added), before, after and severity'),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  downloadPortfolioRunChangesCsv: {
    operationId: 'downloadPortfolioRunChangesCsv',
    summary: "A run's change report as CSV",
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioRun,
    response: {
      200: file('text/csv', 'The changes, one per line, with the columns identifier, vendor_name, vendor_code, check, field, description, before, after, severity, detected_at (vendor_name, vendor_code and description were added: read columns by header name)'),
    },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  downloadPortfolioRunChangesXlsx: {
    operationId: 'downloadPortfolioRunChangesXlsx',
    summary: "A run's change report as an Excel workbook (added in issue 28)",
    description:
      'One sheet, Changes: the columns, rows and cells of changes.csv (a cell changes.csv escapes with a leading quote keeps its own text here, with Excel\'s quote-prefix style), the header bold, frozen and with an autofilter, every cell text (identifiers and vendor codes keep their leading zeros); high-severity changes filled light red. A report written before this file existed answers 404: its changes.csv has the same rows.',
    tags: ['Portfolios'],
    auth: 'customer',
    params: portfolioRun,
    response: { 200: file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The changes as a workbook') },
    errors: [...COMMON_ERRORS, 'NOT_FOUND', 'RESULTS_NOT_READY'],
  },
  listPortfolioRunWebhookDeliveries: {
    operationId: 'listPortfolioRunWebhookDeliveries',
    summary: "Delivery attempts of a run's portfolio.changes webhook",
    tags: ['Webhooks'],
    auth: 'customer',
    params: portfolioRun,
    response: { 200: envelope('portfolios.webhook_deliveries', WebhookDeliveriesShape.extend({ run_id: z.string() })) },
    errors: [...COMMON_ERRORS, 'NOT_FOUND'],
  },
} satisfies Record<string, RouteDoc>;
