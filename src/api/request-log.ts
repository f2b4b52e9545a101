import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { apiNameOf } from './envelope.js';

/**
 * What an operator searches a request's last log line by: the operation (`api`, the envelope's
 * name, e.g. `gst.verify`), the error code of an error answer, and, once a key was recognised,
 * its environment and account. Never the key, its id or any other secret: the account id is
 * what support asks by, and it opens nothing.
 */
export function requestLogFields(request: FastifyRequest): Record<string, string> {
  const fields: Record<string, string> = { api: apiNameOf(request) };
  if (request.errorCode !== undefined) fields.error_code = request.errorCode;
  if (request.auth !== undefined) {
    fields.environment = request.auth.environment;
    fields.account_id = request.auth.accountId;
  }
  return fields;
}

/**
 * Fastify's own `request completed` / `request errored` lines, with requestLogFields added. The
 * other lines Fastify writes keep their default form.
 */
export class ServiceLogController extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { res: reply, responseTime: reply.elapsedTime, ...requestLogFields(request) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
