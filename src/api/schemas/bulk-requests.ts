import { z } from 'zod';
import { OPERATIONS } from '../../domain/operations.js';
import { pageQuery } from './page-query.js';
import { webhookUrl } from './webhook-url.js';

/** A job's name, from a JSON body or a form field alike. */
export const jobName = z.string({ error: 'must be a string' }).trim().max(200, 'must be at most 200 characters');

/** A bulk job sent as JSON rows instead of a CSV; `operation` is checked by the intake, which names the allowed ones. */
export const JsonJobRequest = z.strictObject({
  operation: z.string({
    error: (issue) =>
      issue.input === undefined ? `is required in the JSON body, one of ${[...Object.keys(OPERATIONS), 'itc.check'].join(', ')} (?operation= is read for multipart uploads only)` : 'must be a string',
  }),
  rows: z.array(z.unknown(), { error: 'must be an array of row objects' }),
  name: jobName.optional(),
  webhook_url: webhookUrl.optional(),
});

/** A page of the account's jobs (of the key's environment), newest first. */
export const JobListQuery = pageQuery({ max: 100, defaultLimit: 100, cursorPattern: /^job_[0-9a-z]{10,40}(\.\d{1,16})?$/ });
