// Response shapes and small checks of the fake Google: OAuth errors ({error, error_description}),
// API errors ({error: {code, message, errors, status}}), tokens and time formats.
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};
export const oauthError = (res: ServerResponse, status: number, error: string, description: string) => json(res, status, { error, error_description: description });
export const apiError = (res: ServerResponse, status: number, reason: string, message: string, statusText: string) =>
  json(res, status, { error: { code: status, message, errors: [{ message, domain: 'global', reason }], status: statusText } });

export const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
export const isRfc3339 = (s: unknown) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(s);
export const hasOffset = (s: string) => /(Z|[+-]\d{2}:\d{2})$/.test(s);

export function validZone(tz: unknown): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(tz) });
    return true;
  } catch {
    return false;
  }
}

/** Our server does not read the id_token (it asks userinfo); it is here because Google sends one. */
export function unsignedIdToken(account: { sub: string; email: string }, audience: string): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: 'https://accounts.google.com', aud: audience, sub: account.sub, email: account.email, email_verified: true, iat: now, exp: now + 3600 };
  return `${enc({ alg: 'RS256', kid: 'fake', typ: 'JWT' })}.${enc(claims)}.${randomBytes(32).toString('base64url')}`;
}
