// POST /api/extension/watched through the real app on a real database: the extension says a title
// was played to the end on a streaming site (or "Watched it" on its badge), with the catalog id
// and the event only. It lands in the history through the one way in for synced events: once per
// title and UTC day, dated now, closing tonight's pick when it is that title; bad input is a clear
// 4xx with nothing written.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, ExtensionWatchedResponse, watchedOnLabel } from '@app/shared';
import { dialects } from './support/dialects.js';
import { MemoryTokenStore, rawRequest, TestClock, type TestServer, startTestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)('a title watched on a streaming site, from the extension, on %s', (dialect) => {
  let server: TestServer;
  const clock = new TestClock(new Date('2026-11-20T21:30:00.000Z'));
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The user's connected extension: its own token, its own client. */
  async function extensionOf(u: Onboarded) {
    const { token } = await u.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: 'Chrome' });
    const store = new MemoryTokenStore();
    store.token = token;
    return { token, api: createApiClient({ baseUrl: server.url, fetch, tokenStore: store }) };
  }

  /** A catalog title the user has not met yet (not a favourite, not the active pick). */
  async function unseenTitle(u: Onboarded) {
    const held = new Set((await recommendationRows(server, u.userId)).map((r) => r.title_id));
    const title = (await server.running.services.catalog.titles()).find((t) => !held.has(t.id));
    if (!title) throw new Error('no unseen title');
    return title;
  }

  it('ended: the title is in the history as watched on a streaming site, once per title and day', async () => {
    const u = await onboardedUser(server);
    const ext = await extensionOf(u);
    const title = await unseenTitle(u);
    const first = ExtensionWatchedResponse.parse(await ext.api.extension.watched({ title_id: title.id, event: 'ended' }));
    expect(first).toEqual({ title_id: title.id, status: 'marked', message: 'Marked watched.' });
    const history = await u.api.recommendations.history();
    expect(history.recommendations[0]).toMatchObject({ title_id: title.id, movie_title: title.title, status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') });

    // The same title ended again that day (a rewatch, a second tab) is the same event.
    clock.advance(60 * 60_000);
    const again = await ext.api.extension.watched({ title_id: title.id, event: 'ended' });
    expect(again).toEqual({ title_id: title.id, status: 'already_marked', message: 'Already marked watched today.' });
    // The next day is a new event, and still one row of that title.
    clock.advance(24 * 60 * 60_000);
    expect((await ext.api.extension.watched({ title_id: title.id, event: 'manual' })).status).toBe('marked');
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === title.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'watched', origin: 'extension' });
    const events = await server.running.ctx.db.selectFrom('sync_events').select(['event_key', 'origin', 'title_id']).where('user_id', '=', u.userId).orderBy('event_key').execute();
    expect(events).toEqual([
      { event_key: `extension:${title.id}:2026-11-20`, origin: 'extension', title_id: title.id },
      { event_key: `extension:${title.id}:2026-11-21`, origin: 'extension', title_id: title.id },
    ]);
  });

  it("tonight's pick watched on the site is closed as watched, and the next pick is another title", async () => {
    const u = await onboardedUser(server);
    const ext = await extensionOf(u);
    const pick = await ext.api.recommendations.current();
    expect((await ext.api.extension.watched({ title_id: pick.title_id, event: 'manual' })).status).toBe('marked');
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === pick.title_id);
    expect(rows).toEqual([expect.objectContaining({ id: pick.id, status: 'watched' })]);
    const next = await ext.api.recommendations.current();
    expect(next.id).not.toBe(pick.id);
    expect(next.title_id).not.toBe(pick.title_id);
  });

  it('an unknown title is a 404 with words; bad input a 400; no token a 401; nothing is written', async () => {
    const u = await onboardedUser(server);
    const ext = await extensionOf(u);
    const before = await recommendationRows(server, u.userId);
    const unknown = await failure(ext.api.extension.watched({ title_id: 'no-such-title', event: 'ended' }));
    expect(unknown.status).toBe(404);
    expect(unknown.detail).toBe('That title is not in our catalog.');
    const title = await unseenTitle(u);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /title_id/],
      [{ title_id: title.id }, /event/],
      [{ title_id: title.id, event: 'paused' }, /event/],
      [{ title_id: 'x'.repeat(65), event: 'ended' }, /title_id/],
      [{ title_id: '   ', event: 'ended' }, /title_id/],
      [{ title_id: title.id, event: 'ended', url: 'https://www.netflix.com/watch/1' }, /url|unrecognized/i],
      [{ title_id: 42, event: 'ended' }, /title_id/],
    ];
    for (const [body, re] of cases) {
      const r = await rawRequest(server.url, '/api/extension/watched', { body: JSON.stringify(body), token: ext.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('validation_error');
      expect(r.body.detail).toMatch(re);
    }
    expect((await rawRequest(server.url, '/api/extension/watched', { body: '{"title_id":', token: ext.token })).status).toBe(400);
    expect((await rawRequest(server.url, '/api/extension/watched', { body: JSON.stringify({ title_id: title.id, event: 'ended' }) })).status).toBe(401);
    expect(await recommendationRows(server, u.userId)).toEqual(before);
    expect(await server.running.ctx.db.selectFrom('sync_events').select('event_key').where('user_id', '=', u.userId).execute()).toEqual([]);
  });
});
