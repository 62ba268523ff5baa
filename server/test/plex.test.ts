// Plex as a connected app against a local Plex Media Server fake over real HTTP: connecting with a
// pasted token, a pull of the movie and show sections (ids, ratings, shows, the library), paging
// and resuming from a cursor, refusals worded for the user, and aborts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { ConnectionError, type PullResult } from '../src/features/connections/adapter.js';
import { plexAdapter } from '../src/features/connections/plex/plex.adapter.js';
import { PlexClient, PlexError } from '../src/integrations/plex/client.js';
import { HttpError } from '../src/http/errors.js';
import { startFakePlex, type FakePlex } from './support/fake-plex.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const ctx = { now: NOW };
let fake: FakePlex;
let big: FakePlex;
beforeAll(async () => {
  [fake, big] = await Promise.all([startFakePlex(), startFakePlex({ fillerMovies: 450 })]);
});
afterAll(async () => Promise.all([fake?.close(), big?.close()]));

const credsOf = async (f: FakePlex) => (await plexAdapter().connect({ server_url: f.url, token: f.token }, ctx)).credentials;
const rejection = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('Plex: connect', () => {
  it('checks the token against the server and its sections, and keeps what the pull and webhooks need', async () => {
    fake.requests.length = 0;
    const connected = await plexAdapter().connect({ server_url: `${fake.url}/`, token: fake.token }, ctx);
    expect(connected.accountName).toBe('alice on Living room');
    expect(connected.credentials).toEqual({ serverUrl: fake.url, token: fake.token, machineIdentifier: fake.machineIdentifier, username: 'alice' });
    expect(fake.requests.map((r) => r.path)).toEqual(['/', '/library/sections']);
    // The token travels as a header, never in a URL; answers are asked for as JSON.
    for (const r of fake.requests) expect(r).toMatchObject({ token: fake.token, accept: 'application/json', query: {} });
  });

  it('a token Plex refuses (401) is an auth failure in words; a server that does not answer is unreachable', async () => {
    const bad = await rejection(plexAdapter().connect({ server_url: fake.url, token: 'not-the-token' }, ctx));
    expect(bad).toBeInstanceOf(ConnectionError);
    expect(bad).toMatchObject({ reason: 'auth', message: 'Plex rejected the token' });

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = await rejection(plexAdapter().connect({ server_url: `http://127.0.0.1:${port}`, token: fake.token }, ctx));
    expect(gone).toMatchObject({ reason: 'unreachable', message: `The Plex server at http://127.0.0.1:${port} did not answer` });
    expect((gone as Error).message).not.toContain(fake.token);

    fake.failNext('/', 503);
    expect(await rejection(plexAdapter().connect({ server_url: fake.url, token: fake.token }, ctx))).toMatchObject({ reason: 'unreachable' });
  });

  it('a request without a token, or with an address that is not http(s), is a 400 naming the field', async () => {
    const noToken = await rejection(plexAdapter().connect({ server_url: fake.url }, ctx));
    expect(noToken).toBeInstanceOf(HttpError);
    expect(noToken).toMatchObject({ status: 400, code: 'validation_error', extra: { errors: [{ path: 'token', message: 'token is required' }] } });
    const ftp = await rejection(plexAdapter().connect({ server_url: 'ftp://nas.local', token: fake.token }, ctx));
    expect(ftp).toMatchObject({ status: 400, extra: { errors: [{ path: 'server_url' }] } });
  });
});

describe('Plex: pull', () => {
  it('brings the viewed and rated movies and shows with their Guid ids, and the whole library', async () => {
    fake.requests.length = 0;
    const result = await plexAdapter().pull(await credsOf(fake), null, ctx);
    expect(result.cursor).toBeNull();
    expect(result.more).toBeUndefined();
    expect(result.libraryAdded).toBeUndefined();
    const t = (s: number) => new Date(s * 1000);
    const base = 1_764_000_000;
    expect(result.events).toEqual([
      {
        key: `plex:watched:101:${base - 86_400}`, at: t(base - 86_400), watched: true,
        title: { kind: 'movie', name: 'Inception', originalName: null, year: 2010, imdbId: 'tt1375666', tmdbId: 27205, tvdbId: 1116, runtime: 148 },
      },
      {
        key: `plex:rating:101:${base - 86_000}`, at: t(base - 86_000), rating: { value: 9, max: 10 },
        title: expect.objectContaining({ name: 'Inception', tmdbId: 27205 }),
      },
      {
        key: `plex:watched:102:${base - 7 * 86_400}`, at: t(base - 7 * 86_400), watched: true,
        title: { kind: 'movie', name: 'The Lives of Others', originalName: 'Das Leben der Anderen', year: 2006, imdbId: 'tt0405094', tmdbId: 582, tvdbId: null, runtime: 137 },
      },
      // The legacy IMDb agent names the id in `guid`.
      { key: `plex:watched:103:${base - 30 * 86_400}`, at: t(base - 30 * 86_400), watched: true, title: expect.objectContaining({ name: 'The Matrix', imdbId: 'tt0133093', tmdbId: null }) },
      { key: `plex:rating:105:${base - 3600}`, at: t(base - 3600), rating: { value: 4, max: 10 }, title: expect.objectContaining({ name: 'Paddington 2', tmdbId: 346648 }) },
      // Every episode viewed: watched and played to the end; three of 26: watched.
      {
        key: `plex:watched:201:${base - 2 * 86_400}`, at: t(base - 2 * 86_400), watched: true, playedToEnd: true,
        title: { kind: 'series', name: 'Breaking Bad', originalName: null, year: 2008, imdbId: 'tt0903747', tmdbId: 1396, tvdbId: 81189, runtime: 47 },
      },
      { key: `plex:watched:202:${base - 3 * 86_400}`, at: t(base - 3 * 86_400), watched: true, title: expect.objectContaining({ kind: 'series', name: 'Dark', originalName: null, tmdbId: 70523 }) },
    ]);
    // Arrival (owned, unplayed), Severance (no episode viewed) and the music section bring no event but are in the library, music aside.
    expect(result.library?.map((i) => [i.itemId, i.title.name])).toEqual([
      ['101', 'Inception'], ['102', 'The Lives of Others'], ['103', 'The Matrix'], ['104', 'Arrival'], ['105', 'Paddington 2'],
      ['201', 'Breaking Bad'], ['202', 'Dark'], ['203', 'Severance'],
    ]);
    expect(result.library?.find((i) => i.itemId === '203')?.title).toMatchObject({ kind: 'series', tvdbId: 371980 });
    expect(result.library?.[0].url).toBe(`${fake.url}/web/index.html#!/server/${fake.machineIdentifier}/details?key=%2Flibrary%2Fmetadata%2F101`);
    const listings = fake.requests.filter((r) => r.path.endsWith('/all'));
    expect(listings.map((r) => r.path)).toEqual(['/library/sections/1/all', '/library/sections/2/all']);
    for (const r of listings) expect(r).toMatchObject({ query: { includeGuids: '1' }, start: 0, size: 200 });
  });

  it('reads a big library in capped pages over several pulls, resuming from the cursor, and ends whole', async () => {
    const creds = await credsOf(big);
    const adapter = plexAdapter({ pageSize: 100, pagesPerPull: 3 });
    big.requests.length = 0;
    const pulls: PullResult[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const r: PullResult = await adapter.pull(creds, cursor, ctx);
      pulls.push(r);
      cursor = r.cursor;
      if (!r.more) break;
    }
    expect(pulls.map((p) => [p.cursor, p.more ?? false])).toEqual([['1:300', true], [null, false]]);
    expect(big.requests.filter((r) => r.path.endsWith('/all')).map((r) => `${r.path.split('/')[3]}@${r.start}+${r.size}`)).toEqual([
      '1@0+100', '1@100+100', '1@200+100', '1@300+100', '1@400+100', '2@0+100',
    ]);
    // The first pull of the pass replaces the library, the resumed one adds to it: 455 movies and 3 shows in all.
    expect([pulls[0].library?.length, pulls[0].libraryAdded, pulls[1].library, pulls[1].libraryAdded?.length]).toEqual([300, undefined, undefined, 158]);
    const keys = new Set([...pulls[0].library!, ...pulls[1].libraryAdded!].map((i) => i.itemId));
    expect(keys.size).toBe(458);
    // The same events as one unbounded pull, each once.
    const whole = await plexAdapter({ pageSize: 1000, pagesPerPull: 10 }).pull(creds, null, ctx);
    expect(pulls.flatMap((p) => p.events.map((e) => e.key))).toEqual(whole.events.map((e) => e.key));
    expect(whole.events.filter((e) => e.title.name.startsWith('Filler'))).toHaveLength(150);
  });

  it('a cursor whose section is gone (or that is not ours) starts a new pass', async () => {
    const creds = await credsOf(fake);
    for (const cursor of ['9:100', 'garbage', '1:x']) {
      const r = await plexAdapter().pull(creds, cursor, ctx);
      expect(r.library).toHaveLength(8);
      expect(r.libraryAdded).toBeUndefined();
    }
    // A valid cursor goes on from its offset and adds.
    const r = await plexAdapter().pull(creds, '1:3', ctx);
    expect(r.libraryAdded?.map((i) => i.itemId)).toEqual(['104', '105', '201', '202', '203']);
  });

  it('a revoked token stops the pull as an auth failure; a failing server is unreachable; stored credentials that are not Plex are refused', async () => {
    const creds = await credsOf(fake);
    expect(await rejection(plexAdapter().pull({ ...creds, token: 'revoked' }, null, ctx))).toMatchObject({ reason: 'auth', message: 'Plex rejected the token' });
    fake.failNext('/library/sections/2/all', 500);
    expect(await rejection(plexAdapter().pull(creds, null, ctx))).toMatchObject({ reason: 'unreachable' });
    fake.failNext('/library/sections/1/all', 'drop');
    expect(await rejection(plexAdapter().pull(creds, null, ctx))).toMatchObject({ reason: 'unreachable' });
    expect(await rejection(plexAdapter().pull({ token: 'x' }, null, ctx))).toMatchObject({ reason: 'auth' });
  });

  it('stops with the caller’s reason when its signal is aborted', async () => {
    const creds = await credsOf(fake);
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    const err = await rejection(plexAdapter().pull(creds, null, { now: NOW, signal: controller.signal }));
    expect(err).toMatchObject({ message: 'shutting down' });
  });

  it('the client refuses an answer above its size cap, and one that is not a Plex container', async () => {
    const client = new PlexClient({ serverUrl: big.url, token: big.token, maxBytes: 10_000 });
    const err = await rejection(client.sectionPage('1', 0, 400));
    expect(err).toBeInstanceOf(PlexError);
    expect((err as Error).message).toBe('Plex answered more than 10000 bytes');
    fake.failNext('/library/sections', 404);
    expect(await rejection(new PlexClient({ serverUrl: fake.url, token: fake.token }).sections())).toMatchObject({ status: 404 });
  });
});
