import { z } from 'zod';
import { atPath, fieldErrors, type HttpError } from './errors.js';
import type { Message } from '../i18n/messages.js';
import { knownText } from '../i18n/known-text.js';

// A schema's messages are English (shared/src/schemas); each issue's is said in the reader's
// language by the catalog key whose English is the same text (i18n/known-text.ts).

/** A schema's rejection: the same 400 validation_error as a service's fieldError, every issue listed. */
function toHttpError(err: z.ZodError): HttpError {
  return fieldErrors(err.issues.map((i) => ({ path: i.path.map(String).join('.') || '(body)', message: knownText(i.message) })));
}

/**
 * The path of the first string holding U+0000 in a parsed value, or null. PostgreSQL text cannot
 * store NUL (the insert fails, which was a 500) and no field of ours needs it, so it is refused on
 * both databases alike. Parsed values are bounded by their schema; the depth bound is a backstop.
 */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Parses a value with a shared schema; a failure is a 400 with every issue listed. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw toHttpError(r.error);
  const nul = nulPath(r.data);
  if (nul) {
    const message: Message = { key: 'server-errors.validation.nul' };
    throw fieldErrors([{ path: nul, message }], {}, nul === '(body)' ? { key: 'server-errors.validation.nulText' } : atPath(nul, message));
  }
  return r.data;
}
