import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { bearerToken } from './bearer.js';
import type { AccountStore } from '../store/accounts.js';

/** The onRequest hook for /v1 routes: a valid, unrevoked API key or 401. */
export function customerAuth(accounts: AccountStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      throw new AppError('AUTH_INVALID_KEY', 'Send your API key in the header "Authorization: Bearer <API key>"');
    }
    const auth = await accounts.authenticate(token);
    if (auth === undefined) {
      throw new AppError('AUTH_INVALID_KEY', 'The API key is not valid: it is malformed, unknown or revoked');
    }
    request.auth = auth;
  };
}
