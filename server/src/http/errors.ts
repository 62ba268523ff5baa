// Small factories for the error shapes of docs/architecture.md: a status, a stable code and a detail.
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

export const badRequest = (detail: string, extra: Record<string, unknown> = {}) => new HttpError(400, 'bad_request', detail, extra);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, 'unauthorized', detail);
export const paymentRequired = (detail: string, expired: boolean, limitReached: boolean) =>
  new HttpError(402, 'plan_limit', detail, { expired, limit_reached: limitReached });
export const forbidden = (detail: string) => new HttpError(403, 'forbidden', detail);
export const notFound = (detail = 'Not found') => new HttpError(404, 'not_found', detail);
export const conflict = (detail: string) => new HttpError(409, 'conflict', detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', detail, { retry_after_seconds: retryAfterSeconds }, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (detail: string) => new HttpError(503, 'unavailable', detail);
