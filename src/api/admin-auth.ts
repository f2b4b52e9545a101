import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { bearerToken } from './bearer.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The onRequest hook for /admin routes: the operator's bearer token, compared in constant time. */
export function adminAuth(adminToken: string) {
  const expected = digest(adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    // Hashing first gives equal lengths, so the comparison time says nothing about the token.
    if (token === undefined || !timingSafeEqual(digest(token), expected)) {
      throw new AppError('AUTH_INVALID_KEY', 'The admin API needs "Authorization: Bearer <BV_ADMIN_TOKEN>"');
    }
  };
}
