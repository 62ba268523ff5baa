// What the API client throws: an answer with an error status (ApiError, PlanLimitError for a
// 402 from a recommendation call) or no usable answer at all (NetworkError).
import type { z } from 'zod';
import type * as S from './schemas/index.js';

type Out<T extends z.ZodType> = z.output<T>;

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly body: Out<typeof S.ErrorBody> | null;
  readonly retryAfterSeconds: number | null;
  constructor(status: number, detail: string, body: Out<typeof S.ErrorBody> | null, retryAfterSeconds: number | null = null) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A sign-in refused because the account's limit for new browsers is spent: an emailed code gets past it. */
export function unlockAvailable(err: unknown): boolean {
  return err instanceof ApiError && err.status === 429 && (err.body as Out<typeof S.LoginRefusal> | null)?.unlock_available === true;
}

/** A 402 from a recommendation call: the upgrade banner and modal use these fields. */
export class PlanLimitError extends ApiError {
  readonly expired: boolean;
  readonly limit_reached: boolean;
  constructor(detail: string, body: Out<typeof S.ErrorBody> | null, expired: boolean, limitReached: boolean) {
    super(402, detail, body);
    this.name = 'PlanLimitError';
    this.expired = expired;
    this.limit_reached = limitReached;
  }
}

/** The network failed or the server answered something that is not our JSON. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}
