// The PNG poster URL is anonymous and drawing one takes a thread of libuv's pool, as password
// hashing does: a burst of poster requests is drawn one at a time behind a short queue (beyond it
// 503 with Retry-After, never a 500), and a sign-in made meanwhile is not queued behind them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/support/dialects.js';
import { GOOD_PASSWORD, signUp, startTestServer, type TestServer } from '../../test/support/test-server.js';
import { POSTER_DRAWING, posterDrawing } from './artwork/png.js';

const BURST = 40;

describe.each(dialects)('a burst of PNG posters (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('draws at most one at a time, answers 200 or 503 with Retry-After, and a sign-in meanwhile is not queued behind them', async () => {
    const user = await signUp(server);
    const titles = await server.running.ctx.db.selectFrom('titles').select('id').orderBy('id').limit(BURST).execute();
    expect(titles).toHaveLength(BURST);
    let answered = 0;
    const posters = titles.map(async ({ id }) => {
      const res = await fetch(`${server.url}/api/catalog/titles/${id}/poster.png`);
      const body = Buffer.from(await res.arrayBuffer());
      answered++;
      return { status: res.status, type: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after'), body };
    });
    // Sign in once the server holds a good part of the burst (drawing or waiting).
    for (let i = 0; i < 2000 && posterDrawing().running + posterDrawing().waiting < POSTER_DRAWING.atOnce + 10; i++) await new Promise((r) => setTimeout(r, 5));
    const signedIn = await server.client().api.auth.login({ email: user.email, password: GOOD_PASSWORD });
    const answeredAtSignIn = answered;
    expect(signedIn.user?.email).toBe(user.email);

    const results = await Promise.all(posters);
    // Signed in while most of the burst was still to be drawn, not after it.
    expect(answeredAtSignIn).toBeLessThan(BURST / 2);
    const drawing = posterDrawing();
    expect(drawing.mostAtOnce).toBe(POSTER_DRAWING.atOnce);
    expect(drawing.mostWaiting).toBeLessThanOrEqual(POSTER_DRAWING.waiting);
    expect([drawing.running, drawing.waiting]).toEqual([0, 0]);
    for (const r of results) {
      if (r.status === 200) expect(r.type).toBe('image/png');
      else {
        expect([r.status, r.retryAfter, r.type]).toEqual([503, String(POSTER_DRAWING.retryAfterSeconds), 'application/json; charset=utf-8']);
        expect(JSON.parse(r.body.toString())).toEqual({ code: 'unavailable', detail: 'Too many posters are being drawn. Please try again in a moment.' });
      }
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(POSTER_DRAWING.atOnce);
  }, 120_000);
});
