// Small factories for the error shapes of docs/architecture.md: a status, a stable code (from the
// one list, ERROR_CODES in shared/src/errors.ts) and a detail.
import { ERROR_CODES } from '@app/shared';

type Known = keyof typeof ERROR_CODES;

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(detail);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

const known = (k: Known, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  new HttpError(ERROR_CODES[k].status, ERROR_CODES[k].code, detail, extra, headers);

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Bad input, wherever it is caught (a schema in validate.ts or a rule in a service): 400
 * {detail, code: 'validation_error', errors: [{path, message}]}. detail is the first issue, as
 * "path: message" unless the issue is about the whole body or the caller gives its own detail.
 */
export function fieldErrors(errors: FieldIssue[], extra: Record<string, unknown> = {}, detail?: string): HttpError {
  const first = errors[0];
  const text = detail ?? (first.path === '(body)' ? first.message : `${first.path}: ${first.message}`);
  return known('validation', text, { errors, ...extra });
}

/** One field's rejection; the detail is the message itself (what a form shows) unless given. */
export const fieldError = (path: string, message: string, detail: string = message, extra: Record<string, unknown> = {}) =>
  fieldErrors([{ path, message }], extra, detail);

/** A request that is not acceptable as a whole (no field to point at). */
export const badRequest = (detail: string) => known('bad_request', detail);
export const unauthorized = (detail = 'Not authenticated') => known('unauthorized', detail);
export const paymentRequired = (detail: string, expired: boolean, limitReached: boolean) =>
  known('plan_limit', detail, { expired, limit_reached: limitReached });
export const forbidden = (detail: string) => known('forbidden', detail);
export const notFound = (detail = 'Not found') => known('not_found', detail);
export const conflict = (detail: string) => known('conflict', detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  known('rate_limited', detail, { retry_after_seconds: retryAfterSeconds }, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (detail: string, retryAfterSeconds?: number) =>
  known('unavailable', detail, {}, retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
