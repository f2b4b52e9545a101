import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { AccountStore } from '../store/accounts.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The onRequest hook for /v1 routes: a valid, unrevoked API key or 401. */
export function customerAuth(accounts: AccountStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header === undefined ? null : BEARER.exec(header);
    if (!match) {
      throw new AppError('AUTH_INVALID_KEY', 'Send your API key in the header "Authorization: Bearer <API key>"');
    }
    const auth = await accounts.authenticate(match[1] as string);
    if (auth === undefined) {
      throw new AppError('AUTH_INVALID_KEY', 'The API key is not valid: it is malformed, unknown or revoked');
    }
    request.auth = auth;
  };
}
