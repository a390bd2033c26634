import { findInvalidText, invalidTextMessage, MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

type Location = 'body' | 'query' | 'params';

/**
 * Refuses, as a 422 naming the field, any text in `value` that holds a NUL character or an
 * unpaired surrogate, and any value nested more than MAX_INPUT_DEPTH levels.
 */
export function assertValidText(value: unknown, location: Location): void {
  const found = findInvalidText(value);
  if (!found) return;
  // A depth refusal names the part, not a path as long as the limit.
  const loc = found.problem === 'depth' ? [location] : [location, ...found.path];
  throw validationError([{ loc, msg: invalidTextMessage(found.problem) }]);
}

/**
 * Every route's path parameters, query and parsed body, checked once before any handler (or
 * schema) sees them. Multipart bodies the routes read themselves arrive as raw bytes here;
 * `readForm` checks their text fields when it decodes them.
 */
export async function rejectInvalidText(request: FastifyRequest): Promise<void> {
  assertValidText(request.params, 'params');
  assertValidText(request.query, 'query');
  if (!Buffer.isBuffer(request.body)) assertValidText(request.body, 'body');
}

/**
 * True when the JSON text opens more than `maxDepth` objects or arrays inside one another. One pass
 * over the characters, brackets inside strings ignored: cheap enough to run on every body before
 * it is parsed, and nothing in it recurses.
 */
export function jsonNestedDeeperThan(text: string, maxDepth: number = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that first measures the body's nesting (a 422,
 * before JSON.parse or anything after it sees the body) and then parses it exactly as Fastify
 * does (its prototype-poisoning checks, its 400s for empty or malformed JSON).
 */
export function acceptCheckedJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestedDeeperThan(text)) {
      done(validationError([{ loc: ['body'], msg: TOO_DEEP_MESSAGE }]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
