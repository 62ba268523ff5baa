// Text with NUL (U+0000) is refused with 400 on both databases: PostgreSQL text cannot store it
// (the insert failed with a 500) and no field needs it. Found by the fuzz test (fuzz.test.ts).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, type TestServer } from './support/test-server.js';

describe.each(dialects)('NUL in input on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await signUp(server)).store.token!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses NUL in a body field with 400 naming the field, and stores nothing', async () => {
    const before = await server.running.ctx.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const r = await rawRequest(server.url, '/api/feedback/submit', { body: JSON.stringify({ rating: true, comment: 'fine\u0000then' }) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ detail: 'comment: must not contain NUL characters', code: 'validation_error' });
    const after = await server.running.ctx.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const rate = await rawRequest(server.url, '/api/recommendations/rate', { token, body: JSON.stringify({ movie_title: 'Heat', rating: true, recommendation_id: 'a\u0000' }) });
    expect(rate.status).toBe(400);
    expect(rate.body.detail).toBe('recommendation_id: must not contain NUL characters');
  });

  it('refuses NUL in a query parameter, and answers 404 for a NUL path id', async () => {
    const q = await rawRequest(server.url, '/api/delivery/unsubscribe?token=a%00b', { method: 'POST' });
    expect(q.status).toBe(400);
    expect(q.body.detail).toBe('token: must not contain NUL characters');
    const del = await rawRequest(server.url, '/api/extension/tokens/abc%00', { method: 'DELETE', token });
    expect(del.status).toBe(404);
    expect(del.body.detail).toBe('No such connected browser');
  });
});
