import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { bearerToken } from './bearer.js';
import type { AccountStore } from '../store/accounts/accounts.js';

/**
 * For /v1 routes: sets request.auth from a valid, unrevoked API key, or returns the 401 to
 * answer. It returns rather than throws so the caller can count the refused call against its
 * client's limit first: every answer carries the RateLimit headers (API.md), 401s included.
 */
export async function authenticateCustomer(accounts: AccountStore, request: FastifyRequest): Promise<AppError | undefined> {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) {
    return new AppError('AUTH_INVALID_KEY', 'Send your API key in the header "Authorization: Bearer <API key>"');
  }
  const auth = await accounts.authenticate(token);
  if (auth === undefined) {
    return new AppError('AUTH_INVALID_KEY', 'The API key is not valid: it is malformed, unknown or revoked');
  }
  request.auth = auth;
  return undefined;
}
