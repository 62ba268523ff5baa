// Small factories for the error shapes of docs/architecture.md: a status, a stable code (from the
// one list, ERROR_CODES in shared/src/errors.ts) and a detail: a Message (a catalog key of
// shared/locales/server-errors and its arguments), said in the request's language by the error
// handler. A detail given as English text is said by the key whose English it is
// (i18n/known-text.ts), and stays English only when the catalog has no such key.
import { ERROR_CODES, type ErrorCode, type ErrorKind } from '@app/shared';
import type { Locale } from '@app/shared';
import { isMessage, say, type Message } from '../i18n/messages.js';
import { knownText, messageOfText } from '../i18n/known-text.js';

/** What an error says: a catalog Message, or English text. */
export type Detail = string | Message;

/** Made only by the factories below, so every status and code comes from the one list. */
export class HttpError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** The detail as a Message, said in the request's language; null when it is English text the catalog lacks. */
  readonly said: Message | null;
  /** Each of `extra.errors`' messages as a Message (null: English only), said in the request's language in the answer. */
  readonly issueMessages: ReadonlyArray<Message | null>;
  constructor(kind: ErrorKind, detail: Detail, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, issueMessages: ReadonlyArray<Message | null> = []) {
    super(typeof detail === 'string' ? detail : say('en', detail));
    this.said = typeof detail === 'string' ? messageOfText(detail) : detail;
    this.kind = kind;
    this.status = ERROR_CODES[kind].status;
    this.code = ERROR_CODES[kind].code;
    this.extra = extra;
    this.headers = headers;
    this.issueMessages = issueMessages;
  }

  /** The answer's body in `locale`: the detail and every field's message (`errors[].message`) said in it. */
  answerIn(locale: Locale): Record<string, unknown> {
    const extra = { ...this.extra };
    if (Array.isArray(extra.errors) && this.issueMessages.length) {
      extra.errors = (extra.errors as Array<{ path: string; message: string }>).map((e, i) => {
        const said = this.issueMessages[i];
        return said ? { ...e, message: say(locale, said) } : e;
      });
    }
    return { detail: this.said ? say(locale, this.said) : this.message, code: this.code, ...extra };
  }
}

/** The same error with more fields in its answer (e.g. a 429 that says a way past it exists). */
export const withExtra = (err: HttpError, extra: Record<string, unknown>) => new HttpError(err.kind, err.said ?? err.message, { ...err.extra, ...extra }, err.headers, err.issueMessages);

export interface FieldIssue {
  path: string;
  /** English text or a Message: `err.extra.errors` holds it in English, the answer in the request's language. */
  message: Detail;
}

/** A field's problem in a detail: "path: message" (`server-errors.validation.atPath`). */
export function atPath(path: string, message: Detail): Detail {
  return typeof message === 'string' ? `${path}: ${message}` : { key: 'server-errors.validation.atPath', values: { path, message } };
}

/**
 * Bad input, wherever it is caught (a schema in validate.ts or a rule in a service): 400
 * {detail, code: 'validation_error', errors: [{path, message}]}. detail is the first issue, as
 * "path: message" unless the issue is about the whole body or the caller gives its own detail.
 */
export function fieldErrors(issues: FieldIssue[], extra: Record<string, unknown> = {}, detail?: Detail): HttpError {
  const said = issues.map((i) => (typeof i.message === 'string' ? knownText(i.message) : i.message));
  const errors = issues.map((i) => ({ ...i, message: typeof i.message === 'string' ? i.message : say('en', i.message) }));
  const first = { path: issues[0].path, message: said[0] };
  const text = detail ?? (first.path === '(body)' ? first.message : atPath(first.path, first.message));
  return new HttpError('validation', text, { errors, ...extra }, {}, said.map((m) => (isMessage(m) ? m : null)));
}

/** One field's rejection; the detail is the message itself (what a form shows) unless given. */
export const fieldError = (path: string, message: Detail, detail: Detail = message, extra: Record<string, unknown> = {}) =>
  fieldErrors([{ path, message }], extra, detail);

/** A request that is not acceptable as a whole (no field to point at). */
export const badRequest = (detail: Detail) => new HttpError('bad_request', detail);
export const unauthorized = (detail: Detail = { key: 'server-errors.notAuthenticated' }) => new HttpError('unauthorized', detail);
export const paymentRequired = (detail: Detail, expired: boolean, limitReached: boolean) =>
  new HttpError('plan_limit', detail, { expired, limit_reached: limitReached });
export const forbidden = (detail: Detail) => new HttpError('forbidden', detail);
export const notFound = (detail: Detail = { key: 'server-errors.notFound' }) => new HttpError('not_found', detail);
export const conflict = (detail: Detail) => new HttpError('conflict', detail);
export const tooMany = (detail: Detail, retryAfterSeconds: number) =>
  new HttpError('rate_limited', detail, { retry_after_seconds: retryAfterSeconds }, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const tooLarge = (detail: Detail) => new HttpError('too_large', detail);
/** The calendar grant was revoked or lost its scope: the client offers to reconnect. */
export const calendarReconnect = (detail: Detail) => new HttpError('calendar_reconnect', detail, { needs_reconnect: true });
export const paymentProviderFailed = (detail: Detail) => new HttpError('payment_provider', detail);
export const upstreamUnavailable = (detail: Detail) => new HttpError('upstream_unavailable', detail);
export const serviceUnavailable = (detail: Detail, retryAfterSeconds?: number) =>
  new HttpError('unavailable', detail, {}, retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
