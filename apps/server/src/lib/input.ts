import { findNulCharacter, NUL_CHARACTER_MESSAGE } from '@verity/shared';
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

/** Refuses, as a 422 naming the field, any text in `value` that holds a NUL character. */
export function assertNoNulCharacter(value: unknown, location: 'body' | 'query' | 'params'): void {
  const path = findNulCharacter(value);
  if (path) throw validationError([{ loc: [location, ...path], msg: NUL_CHARACTER_MESSAGE }]);
}

/**
 * Every route's path parameters, query and JSON body, checked once before any handler sees them.
 * Multipart bodies arrive as raw bytes here; `readForm` checks their text fields when it decodes them.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  assertNoNulCharacter(request.params, 'params');
  assertNoNulCharacter(request.query, 'query');
  if (!Buffer.isBuffer(request.body)) assertNoNulCharacter(request.body, 'body');
}
