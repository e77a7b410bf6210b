import type { FastifyInstance } from 'fastify';
import { MSG } from '@umrah/domain';
import { AppError } from '../../lib/errors.ts';

// JSON bodies are checked on their raw text before JSON.parse builds anything: a few megabytes of
// `[[[[…` would otherwise make the parser (and every walk over its result) hold the event loop for
// seconds. One linear pass; the contents of strings (a base64 photo) are skipped with indexOf.

/** Deeper than any form of the shop nests (the deepest, an order, is about 6 levels). */
export const MAX_JSON_DEPTH = 32;
/** Keys plus array items in one body: the largest form (2000 merged rooms of 8 guests) stays far below. */
export const MAX_JSON_MEMBERS = 50_000;

const QUOTE = 34; // "
const BACKSLASH = 92;
const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const COMMA = 44;

/** Why a JSON text is refused before parsing, or null when its shape is within the bounds. */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxMembers = MAX_JSON_MEMBERS): 'depth' | 'members' | null {
  let depth = 0;
  let members = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: one not preceded by an odd number of backslashes.
      let j = i;
      for (;;) {
        j = text.indexOf('"', j + 1);
        if (j < 0) return null; // unterminated: JSON.parse refuses it
        let k = j - 1;
        while (k > i && text.charCodeAt(k) === BACKSLASH) k--;
        if ((j - 1 - k) % 2 === 0) break;
      }
      i = j;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > maxDepth) return 'depth';
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    } else if (c === COMMA) {
      if (++members > maxMembers) return 'members';
    }
  }
  return null;
}

/**
 * Replaces Fastify's JSON parser with one that checks the shape first (400 in Dutch), then parses
 * with Fastify's own parser (which also refuses `__proto__` and `constructor.prototype` keys).
 */
export function installBoundedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonShapeProblem(body as string)) return done(new AppError(400, MSG.invalidInput), undefined);
    parse(request, body as string, done);
  });
}
