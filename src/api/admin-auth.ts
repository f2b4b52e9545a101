import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { bearerToken } from './bearer.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a presented token is the operator's, compared in constant time. */
export function adminTokenMatcher(adminToken: string): (token: string | undefined) => boolean {
  const expected = digest(adminToken);
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  return (token) => token !== undefined && timingSafeEqual(digest(token), expected);
}

/** The onRequest hook for /admin routes: the operator's bearer token, compared in constant time. */
export function adminAuth(adminToken: string) {
  const matches = adminTokenMatcher(adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    if (!matches(bearerToken(request.headers.authorization))) {
      throw new AppError('AUTH_INVALID_KEY', 'The admin API needs "Authorization: Bearer <BV_ADMIN_TOKEN>"');
    }
  };
}
