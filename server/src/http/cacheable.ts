// Which API answers a browser may keep. The app does not generate ETags itself (app.ts): an answer
// to a signed-in request is that person's own (their pick, their history), so it says
// `Cache-Control: no-store` and nothing is left on the disk of a shared computer; hashing every
// such answer for an ETag cost 2% of the CPU of GET /current for a 304 nobody could use. The few
// public answers a browser may cache say so here, with an ETag for revalidating them.
import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** A strong ETag for a body: its SHA-1, as the artwork and the public JSON answers send it. */
export const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Sends `body` as JSON that any cache may keep for maxAgeSeconds and then revalidate (304 when unchanged). */
export function sendCacheableJson(res: Response, maxAgeSeconds: number, body: unknown): void {
  const json = JSON.stringify(body);
  const tag = `W/${etagOf(json)}`;
  res.set('Cache-Control', `public, max-age=${maxAgeSeconds}`).set('ETag', tag).type('json').send(json);
}
