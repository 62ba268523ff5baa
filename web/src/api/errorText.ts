import { ApiError } from '@app/shared';

/** Spec section 8: the server's detail when it sent one, otherwise the screen's default text. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && typeof err.body?.detail === 'string' && err.body.detail) return err.body.detail;
  return fallback;
}
