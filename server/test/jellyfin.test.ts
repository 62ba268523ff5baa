// Jellyfin and Emby connections against a local server that answers like their documented API
// (support/fake-jellyfin.ts), over real HTTP: connect by API key and by password, refusals,
// the choice of server user, and pulls (the fixture library's counts, provider ids, paging and
// resuming from the cursor, the passes between full ones). No database: the adapter's side only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, type Connected, type PullResult } from '../src/features/connections/adapter.js';
import { embyAdapter, jellyfinAdapter, listUsers, mediaServerAdapter } from '../src/features/connections/jellyfin/jellyfin.adapter.js';
import type { SyncEvent } from '../src/features/sync/sync-event.js';
import { startFakeJellyfin, type FakeJellyfin, type Flavour } from './support/fake-jellyfin.js';

const now = new Date('2026-12-01T22:00:00Z');
const ctx = { now };
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ConnectionError);
const byName = (events: SyncEvent[]) => new Map(events.map((e) => [e.title.name, e]));

describe.each(['jellyfin', 'emby'] as Flavour[])('%s connection', (flavour) => {
  const adapter = flavour === 'emby' ? embyAdapter : jellyfinAdapter;
  const Name = flavour === 'emby' ? 'Emby' : 'Jellyfin';
  let fake: FakeJellyfin;
  beforeEach(async () => {
    fake = await startFakeJellyfin(flavour);
  });
  afterEach(async () => fake.close());

  const byKey = (): Promise<Connected> => adapter.connect({ server_url: `${fake.url}/`, api_key: fake.apiKey, user_id: fake.users.alice.Id }, ctx);

  it('connects by API key and the chosen user, sending the token where the server reads it', async () => {
    const c = await byKey();
    expect(c.accountName).toBe('alice on Living room');
    expect(c.accountId).toBe(fake.users.alice.Id);
    expect(c.credentials).toMatchObject({ server_url: fake.url, token: fake.apiKey, user_id: fake.users.alice.Id, via: 'api_key' });
    const prefix = flavour === 'emby' ? '/emby' : '';
    expect(fake.requests.map((r) => r.path)).toEqual([`${prefix}/System/Info`, `${prefix}/Users/${fake.users.alice.Id}`]);
    const headers = fake.requests[0].headers;
    if (flavour === 'emby') expect(headers['x-emby-token']).toBe(fake.apiKey);
    else expect(headers.authorization).toMatch(new RegExp(`^MediaBrowser Client="Tonight's Pick", .*Token="${fake.apiKey}"$`));
    expect(JSON.stringify(fake.requests.map((r) => r.path))).not.toContain(fake.apiKey);
  });

  it('connects by user name and password: the sign-in gives a token of that user', async () => {
    const c = await adapter.connect({ server_url: fake.url, username: 'bob', password: 'battery staple' }, ctx);
    expect(c.accountName).toBe('bob on Living room');
    expect(c.accountId).toBe(fake.users.bob.Id);
    expect(c.credentials).toMatchObject({ user_id: fake.users.bob.Id, via: 'password' });
    expect(c.credentials.token).not.toBe(fake.apiKey);
    const pulled = await adapter.pull(c.credentials, null, ctx);
    expect(pulled.events.map((e) => e.title.name)).toEqual(['Paddington 2']);
  });

  it('words a refusal: bad key or password (auth), unknown user (refused), no server (unreachable)', async () => {
    const badKey = await failure(adapter.connect({ server_url: fake.url, api_key: 'f'.repeat(32), user_id: fake.users.alice.Id }, ctx));
    expect(badKey).toBeInstanceOf(ConnectionError);
    expect(badKey).toMatchObject({ reason: 'auth', message: `${Name} rejected the API key` });
    const badPassword = await failure(adapter.connect({ server_url: fake.url, username: 'bob', password: 'wrong' }, ctx));
    expect(badPassword).toMatchObject({ reason: 'auth', message: `${Name} rejected the user name or password` });
    const noUser = await failure(adapter.connect({ server_url: fake.url, api_key: fake.apiKey, user_id: 'a'.repeat(32) }, ctx));
    expect(noUser).toMatchObject({ reason: 'refused', message: `${Name} has no user with this id` });
    const incomplete = await failure(adapter.connect({ server_url: fake.url, api_key: fake.apiKey }, ctx));
    expect(incomplete).toMatchObject({ reason: 'refused' });
    const notUrl = await failure(adapter.connect({ server_url: 'file:///etc/passwd', api_key: fake.apiKey, user_id: fake.users.alice.Id }, ctx));
    expect(notUrl).toMatchObject({ reason: 'refused' });
    const url = fake.url;
    await fake.close();
    const gone = await failure(adapter.connect({ server_url: url, api_key: 'k', user_id: 'u' }, ctx));
    expect(gone).toMatchObject({ reason: 'unreachable' });
    fake = await startFakeJellyfin(flavour);
  });

  it("lists the server's users for the choice (an administrator's key); a bad key is an auth error", async () => {
    expect(await listUsers(fake.url, fake.apiKey, { flavour })).toEqual([
      { id: fake.users.alice.Id, name: 'alice' },
      { id: fake.users.bob.Id, name: 'bob' },
    ]);
    expect(await failure(listUsers(fake.url, 'nope', { flavour }))).toMatchObject({ reason: 'auth' });
    // The same list through the adapter, as the connections feature asks for it.
    expect((await adapter.serverUsers!({ server_url: fake.url, api_key: fake.apiKey }, ctx)).map((u) => u.name)).toEqual(['alice', 'bob']);
    // A user's own token is not an administrator's: the server refuses the list.
    const bob = await adapter.connect({ server_url: fake.url, username: 'bob', password: 'battery staple' }, ctx);
    expect(await failure(listUsers(fake.url, bob.credentials.token as string, { flavour }))).toMatchObject({ reason: 'refused' });
  });

  it("pulls the user's played, favourite and rated movies and series with their provider ids, and the library", async () => {
    const c = await byKey();
    const r = await adapter.pull(c.credentials, null, ctx);
    const events = byName(r.events);
    expect([...events.keys()].sort()).toEqual(['Breaking Bad', 'Inception', 'Parasite', 'Squid Game', 'The Matrix']);
    expect(r.events.filter((e) => e.watched)).toHaveLength(3);
    expect(r.events.filter((e) => e.favourite)).toHaveLength(3);
    expect(events.get('The Matrix')).toMatchObject({
      title: { kind: 'movie', year: 1999, tmdbId: 603, imdbId: 'tt0133093', tvdbId: null, runtime: 136 },
      at: new Date('2026-11-20T21:14:07Z'),
      watched: true,
    });
    expect(events.get('Parasite')).toMatchObject({ title: { originalName: '기생충', tmdbId: 496243 }, watched: true, favourite: true, rating: { value: 9, max: 10 } });
    expect(events.get('Breaking Bad')).toMatchObject({ title: { kind: 'series', year: 2008, tmdbId: 1396, tvdbId: 81189, imdbId: 'tt0903747', runtime: null }, watched: true });
    // Liked on the server but never played: a like, dated when we read it.
    expect(events.get('Inception')).toMatchObject({ favourite: true, at: now });
    expect(events.get('Inception')?.watched).toBeUndefined();
    // Arcane half watched: no event. The episode is not a title of its own.
    expect(events.has('Arcane') || events.has('Pilot')).toBe(false);
    expect(r.library).toHaveLength(8);
    const matrix = r.library!.find((i) => i.title.name === 'The Matrix')!;
    const page = flavour === 'emby' ? 'item' : 'details';
    expect(matrix.url).toBe(`${fake.url}/web/index.html#!/${page}?id=${fake.items[0].Id}&serverId=${fake.serverId}`);
    expect(r.more).toBeFalsy();
    const items = fake.requests.find((q) => q.path.endsWith('/Items'))!;
    expect(items.query).toMatchObject({ Recursive: 'true', IncludeItemTypes: 'Movie,Series', Fields: 'ProviderIds,OriginalTitle,PremiereDate', StartIndex: '0' });
    // The same state read again is the same events (a replay).
    const again = await adapter.pull(c.credentials, null, ctx);
    expect(again.events.map((e) => e.key).sort()).toEqual(r.events.map((e) => e.key).sort());
  });

  it('pages with a cap per pull and resumes from the cursor, after a failure too; then reads only what changed', async () => {
    fake.addPlayedMovies(5);
    const small = mediaServerAdapter(flavour, { pageSize: 3, pagesPerPull: 2 });
    const c = await byKey();
    const pulls: PullResult[] = [];
    let cursor: string | null = null;
    pulls.push(await small.pull(c.credentials, cursor, ctx));
    expect(pulls[0]).toMatchObject({ more: true });
    expect(pulls[0].library).toHaveLength(6);
    cursor = pulls[0].cursor;
    // The server fails once: the pull fails, and the same cursor resumes where the pass stood.
    fake.fail(/\/Items$/, 503);
    expect(await failure(small.pull(c.credentials, cursor, ctx))).toMatchObject({ reason: 'unreachable' });
    for (let i = 0; i < 5 && cursor !== null && pulls.at(-1)!.more; i++) {
      pulls.push(await small.pull(c.credentials, cursor, ctx));
      cursor = pulls.at(-1)!.cursor;
    }
    expect(pulls.map((p) => !!p.more)).toEqual([true, true, false]);
    expect(pulls.slice(1).every((p) => p.library === undefined)).toBe(true);
    const library = [...pulls[0].library!, ...pulls.slice(1).flatMap((p) => p.libraryAdded ?? [])];
    expect(new Set(library.map((i) => i.itemId)).size).toBe(13);
    const events = pulls.flatMap((p) => p.events);
    expect(new Set(events.map((e) => e.key)).size).toBe(10);
    const starts = fake.requests.filter((q) => q.path.endsWith('/Items')).map((q) => q.query.StartIndex);
    expect(starts).toEqual(['0', '3', '6', '6', '9', '12']);

    // The next pass reads what the server saved since the last one began (less an hour), no library.
    const data = fake.userData.get(fake.users.alice.Id)!;
    data.set(fake.items[4].Id, { Played: true, PlayCount: 1, IsFavorite: false, LastPlayedDate: '2026-12-01T21:30:00.0000000Z', savedAt: '2026-12-01T21:30:00.0000000Z' });
    const later = await small.pull(c.credentials, cursor, { now: new Date('2026-12-02T01:00:00Z') });
    expect(fake.requests.at(-1)!.query.MinDateLastSavedForUser).toBe('2026-12-01T21:00:00.000Z');
    expect(later.events.map((e) => e.title.name)).toEqual(['Paddington 2']);
    expect(later.library).toBeUndefined();
    expect(later.libraryAdded).toBeUndefined();
    // A day after the last full pass, the pass is full again (the library refreshed).
    const nextDay = await small.pull(c.credentials, later.cursor, { now: new Date('2026-12-03T01:00:00Z') });
    expect(nextDay.library).toHaveLength(6);
    expect(fake.requests.at(-1)!.query.MinDateLastSavedForUser).toBeUndefined();
  });

  it('a revoked key makes the pull an auth error (the user must reconnect)', async () => {
    const c = await byKey();
    fake.fail(/\/Items$/, 401);
    expect(await failure(adapter.pull(c.credentials, null, ctx))).toMatchObject({ reason: 'auth', message: `${Name} rejected the API key` });
  });
});
