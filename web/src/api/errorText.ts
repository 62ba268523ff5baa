import { ApiError } from '@app/shared';

/** docs/screens.md, "User-visible texts": the server's detail when it sent one, otherwise the screen's default text. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && typeof err.body?.detail === 'string' && err.body.detail) return err.body.detail;
  return fallback;
}
