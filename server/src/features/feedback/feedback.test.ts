import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, FEEDBACK_BODY_LIMIT_BYTES, FEEDBACK_COMMENT_MAX, MessageResponse } from '@app/shared';
import { dialects } from '../../../test/support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from '../../../test/support/test-server.js';

const PER_IP = 4;

describe.each(dialects)('feedback API (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { FEEDBACK_RATE_LIMIT_PER_IP: String(PER_IP) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const rows = () => server.running.ctx.db.selectFrom('feedback').selectAll().orderBy('id').execute();
  const clearHits = () => server.running.ctx.db.deleteFrom('rate_limit_hits').where('bucket', 'like', 'feedback:%').execute();
  const post = (body: unknown) => rawRequest(server.url, '/api/feedback/submit', { body: JSON.stringify(body) });

  it('stores feedback without a session, through the shared client', async () => {
    await clearHits();
    const res = await server.client().api.feedback.submit({
      rating: true,
      comment: '  Loved tonight’s pick  ',
      email: 'Viewer@Example.test',
      page_url: 'http://localhost/app/dashboard',
      user_agent: 'vitest',
    });
    expect(MessageResponse.parse(res).message).toBe('Thank you for your feedback!');
    const stored = (await rows()).at(-1)!;
    expect(stored).toMatchObject({
      rating: 1,
      comment: 'Loved tonight’s pick',
      email: 'viewer@example.test',
      page_url: 'http://localhost/app/dashboard',
      user_agent: 'vitest',
    });
    expect(new Date(stored.created_at).toISOString()).toBe(stored.created_at);
  });

  it('accepts a thumbs down with nothing else', async () => {
    await clearHits();
    const res = await post({ rating: false });
    expect(res.status).toBe(201);
    expect((await rows()).at(-1)).toMatchObject({ rating: 0, comment: '', email: null, page_url: null });
  });

  it('refuses feedback without a thumb, with its fixed text, and stores nothing', async () => {
    await clearHits();
    const before = (await rows()).length;
    const res = await post({ comment: 'no thumb' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('Please select thumbs up or down');
    expect((await rows()).length).toBe(before);
  });

  it('limits the comment to 500 characters and checks the email', async () => {
    await clearHits();
    expect((await post({ rating: true, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX) })).status).toBe(201);
    const long = await post({ rating: true, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/500/);
    expect((await post({ rating: true, email: 'not-an-email' })).status).toBe(400);
    expect((await post({ rating: 'yes' })).status).toBe(400);
  });

  it('answers 413 to a body over 16 KB and 400 to broken JSON', async () => {
    await clearHits();
    const big = JSON.stringify({ rating: true, comment: 'x'.repeat(FEEDBACK_BODY_LIMIT_BYTES) });
    const res = await rawRequest(server.url, '/api/feedback/submit', { body: big });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/i);
    const broken = await rawRequest(server.url, '/api/feedback/submit', { body: '{"rating":' });
    expect(broken.status).toBe(400);
  });

  it('rate-limits per IP with 429 and Retry-After', async () => {
    await clearHits();
    for (let i = 0; i < PER_IP; i++) expect((await post({ rating: true })).status).toBe(201);
    const res = await post({ rating: true });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const err = await server.client().api.feedback.submit({ rating: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(429);
  });
});
