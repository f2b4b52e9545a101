import { z } from 'zod';
import { PORTFOLIO_OPERATIONS } from '../../domain/portfolio/operations.js';
import { NAMED_SCHEDULES } from '../../domain/portfolio/schedule.js';
import { pageQuery } from './page-query.js';
import { webhookUrl } from './webhook-url.js';

/** Portfolio request bodies (docs/portfolios.md "Calls"); rows are validated by the bulk intake, per operation. */
export const Schedule = z.union([
  z.strictObject({ every: z.enum(Object.keys(NAMED_SCHEDULES) as [keyof typeof NAMED_SCHEDULES]) }),
  z.strictObject({ cron: z.string().trim().min(1).max(120), tz: z.string().trim().min(1).max(64).optional() }),
], { error: 'must be {"every": "daily" | "weekly" | "monthly"} or {"cron": "<5 fields>", "tz": "<IANA zone>"}' });

/** Pasted text: a paste box's worth; a whole ERP export belongs in a file upload. */
export const PASTED_TEXT_MAX_CHARS = 4 * 1024 * 1024;

export const CreatePortfolio = z.strictObject({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  operation: z.enum(PORTFOLIO_OPERATIONS, { error: `must be one of ${PORTFOLIO_OPERATIONS.join(', ')}` }),
  schedule: Schedule,
  webhook_url: webhookUrl.optional(),
  rows: z.array(z.unknown(), { error: 'must be an array of row objects' }).optional(),
  text: z.string({ error: 'must be a string' }).max(PASTED_TEXT_MAX_CHARS, `must be at most ${PASTED_TEXT_MAX_CHARS} characters: upload a CSV for more`).optional(),
}).refine((body) => body.rows === undefined || body.text === undefined, { error: 'send rows or text, not both', path: ['text'] });

/**
 * Rows as JSON objects (`rows`) or as pasted text (`text`, read as a CSV upload is); either
 * way the valid rows are kept and each invalid one is reported (for text, by its line).
 */
export const AddRows = z
  .strictObject({
    rows: z.array(z.unknown(), { error: 'must be an array of row objects' }).optional(),
    text: z.string({ error: 'must be a string' }).max(PASTED_TEXT_MAX_CHARS, `must be at most ${PASTED_TEXT_MAX_CHARS} characters: upload a CSV for more`).optional(),
  })
  .refine((body) => (body.rows === undefined) !== (body.text === undefined), { error: 'send either rows (JSON row objects) or text (pasted lines)', path: ['rows'] });

/** A page of a portfolio's runs (their ids are their bulk jobs'), newest first. */
export const RunListQuery = pageQuery({ max: 100, defaultLimit: 100, cursorPattern: /^job_[0-9a-f]{20}(\.\d{1,16})?$/ });

/**
 * A page of a portfolio's rows in identifier order; the cursor is the last identifier of the
 * previous page (GSTIN, CIN or PAN), so it stays good when that row is removed meanwhile.
 */
export const RowListQuery = pageQuery({ max: 1000, defaultLimit: 1000, cursorPattern: /^[0-9A-Z]{1,32}$/ });

/** A page of the account's portfolios (of the key's environment), newest first. */
export const PortfolioListQuery = pageQuery({ max: 200, defaultLimit: 200, cursorPattern: /^pf_[0-9a-f]{20}(\.\d{1,16})?$/ });
