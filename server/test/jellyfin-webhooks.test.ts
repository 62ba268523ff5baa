// Webhooks of Jellyfin's Webhook plugin (our template, rendered as the plugin renders it, and
// "Send All Properties") and of Emby, for the fixture items of the fake server: every event we
// use, the events we do not (none, not an error), the account they are of, replays (same keys),
// and malformed bodies (WebhookPayloadError).
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { WebhookPayloadError } from '../src/features/connections/adapter.js';
import { embyAdapter, jellyfinAdapter } from '../src/features/connections/jellyfin/jellyfin.adapter.js';
import { JELLYFIN_WEBHOOK_TEMPLATE } from '../src/features/connections/jellyfin/webhook.js';
import { dashed, embyPayload, renderTemplate, startFakeJellyfin, type FakeItem, type FakeJellyfin } from './support/fake-jellyfin.js';

const JSON_TYPE = 'application/json';
const jf = (data: Record<string, unknown>) => jellyfinAdapter.webhook!(Buffer.from(renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, data)), JSON_TYPE);
const emby = (body: unknown, type = JSON_TYPE) => embyAdapter.webhook!(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), type);
const rejects = (run: () => unknown) => {
  const err = (() => {
    try {
      run();
    } catch (e) {
      return e;
    }
    return null;
  })();
  expect(err).toBeInstanceOf(WebhookPayloadError);
};

describe('Jellyfin webhooks (the Webhook plugin, our template)', () => {
  let fake: FakeJellyfin;
  beforeAll(async () => {
    fake = await startFakeJellyfin('jellyfin');
  });
  afterAll(async () => fake.close());

  /** The plugin's data object for an item (AddBaseItemData): Guids dashed, provider keys lower-cased. */
  const base = (type: string, item: FakeItem, extra: Record<string, unknown> = {}) => ({
    NotificationType: type,
    UtcTimestamp: '2026-12-01T21:14:07.1750827Z',
    ServerId: fake.serverId,
    ServerUrl: 'https://jellyfin.example.org',
    UserId: dashed(fake.users.alice.Id),
    NotificationUsername: 'alice',
    ItemId: dashed(item.Id),
    ItemType: item.Type,
    Name: item.Name,
    Year: item.ProductionYear,
    RunTimeTicks: item.RunTimeTicks ?? 0,
    SeriesName: item.SeriesName,
    ...Object.fromEntries(Object.entries(item.ProviderIds).map(([k, v]) => [`Provider_${k.toLowerCase()}`, v])),
    ...extra,
  });
  const matrix = () => fake.items[0];

  it('PlaybackStop played to completion: the movie watched and played to the end, with its provider ids and user', () => {
    // The plugin names the user Username in PlaybackStop (NotificationUsername elsewhere).
    const r = jf(base('PlaybackStop', matrix(), { PlayedToCompletion: true, IsPaused: false, NotificationUsername: undefined, Username: 'alice' }));
    expect(r.account).toEqual({ id: fake.users.alice.Id, name: 'alice' });
    expect(r.events).toEqual([
      {
        key: `jellyfin:stop:${matrix().Id}:2026-12-01T21:14:07.175Z`,
        title: { kind: 'movie', name: 'The Matrix', originalName: null, year: 1999, tmdbId: 603, imdbId: 'tt0133093', tvdbId: null, runtime: 136 },
        at: new Date('2026-12-01T21:14:07.175Z'),
        watched: true,
        playedToEnd: true,
      },
    ]);
    // A replay is the same event (same key).
    expect(jf(base('PlaybackStop', matrix(), { PlayedToCompletion: true })).events[0].key).toBe(r.events[0].key);
    // Stopped halfway: nothing.
    expect(jf(base('PlaybackStop', matrix(), { PlayedToCompletion: false })).events).toEqual([]);
  });

  it("an episode played to the end is a mild positive for its series (by name and year), not the series watched", () => {
    const pilot = fake.items[8];
    const r = jf(base('PlaybackStop', pilot, { PlayedToCompletion: true, Year: 2008 }));
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ title: { kind: 'series', name: 'Breaking Bad', year: 2008, tmdbId: null, tvdbId: null }, playedToEnd: true });
    expect(r.events[0].watched).toBeUndefined();
  });

  it('UserDataSaved: marked played, favourite, rated; progress saves are no events', () => {
    const parasite = fake.items[2];
    const played = jf(base('UserDataSaved', parasite, { SaveReason: 'TogglePlayed', Played: true, PlayCount: 1, Favorite: false, Rating: 0, LastPlayedDate: '2026-12-01T20:00:00.0000000Z' }));
    expect(played.events).toHaveLength(1);
    expect(played.events[0]).toMatchObject({ title: { name: 'Parasite', tmdbId: 496243, imdbId: 'tt6751668' }, watched: true, at: new Date('2026-12-01T20:00:00Z') });
    expect(played.events[0].rating).toBeUndefined();
    const liked = jf(base('UserDataSaved', fake.items[7], { SaveReason: 'UpdateUserRating', Played: false, Favorite: true, Rating: 8 }));
    expect(liked.events[0]).toMatchObject({ title: { kind: 'series', name: 'Squid Game', tvdbId: 383275 }, favourite: true, rating: { value: 8, max: 10 } });
    expect(liked.events[0].watched).toBeUndefined();
    expect(jf(base('UserDataSaved', parasite, { SaveReason: 'PlaybackProgress', Played: true })).events).toEqual([]);
    expect(jf(base('UserDataSaved', parasite, { SaveReason: 'TogglePlayed', Played: false, Favorite: false })).events).toEqual([]);
  });

  it("ItemAdded: a movie or series in the library, linked on the server; an episode is none", () => {
    const dune = fake.items[3];
    const r = jf(base('ItemAdded', dune));
    expect(r.events).toEqual([]);
    expect(r.libraryAdded).toEqual([
      {
        itemId: dune.Id,
        url: `https://jellyfin.example.org/web/index.html#!/details?id=${dune.Id}&serverId=${fake.serverId}`,
        title: expect.objectContaining({ kind: 'movie', name: 'Dune: Part Two', tmdbId: 693134, year: 2024 }),
      },
    ]);
    expect(jf(base('ItemAdded', fake.items[8])).libraryAdded).toBeUndefined();
  });

  it('reads "Send All Properties" too (native booleans and numbers), and other notifications are none', () => {
    const all = { ...base('PlaybackStop', matrix()), PlayedToCompletion: true, Year: 1999, RunTimeTicks: matrix().RunTimeTicks };
    const r = jellyfinAdapter.webhook!(Buffer.from(JSON.stringify(all)), JSON_TYPE);
    expect(r.events[0]).toMatchObject({ watched: true, title: { tmdbId: 603, year: 1999 } });
    for (const type of ['PlaybackStart', 'SessionStart', 'AuthenticationFailure', 'Generic']) expect(jf(base(type, matrix())).events).toEqual([]);
  });

  it('a body that is not such a payload is a WebhookPayloadError', () => {
    rejects(() => jellyfinAdapter.webhook!(Buffer.from('not json'), JSON_TYPE));
    rejects(() => jellyfinAdapter.webhook!(Buffer.from('[1,2]'), JSON_TYPE));
    rejects(() => jellyfinAdapter.webhook!(Buffer.from('{"ItemId":"x"}'), JSON_TYPE));
    rejects(() => jf({ ...base('PlaybackStop', matrix(), { PlayedToCompletion: true }), ItemId: '' }));
    rejects(() => jf({ ...base('PlaybackStop', matrix(), { PlayedToCompletion: true }), UserId: '' }));
    rejects(() => jf({ ...base('UserDataSaved', matrix(), { Played: true }), UtcTimestamp: 'yesterday' }));
    rejects(() => jellyfinAdapter.webhook!(Buffer.alloc(300 * 1024, 0x20), JSON_TYPE));
  });
});

describe('Emby webhooks', () => {
  let fake: FakeJellyfin;
  beforeAll(async () => {
    fake = await startFakeJellyfin('emby');
  });
  afterAll(async () => fake.close());

  it('playback.stop played to completion: the movie watched and played to the end, of the user named', () => {
    const matrix = fake.items[0];
    const r = emby(embyPayload('playback.stop', fake, matrix, { PlaybackInfo: { PlayedToCompletion: true, PositionTicks: matrix.RunTimeTicks } }));
    expect(r.account).toEqual({ id: fake.users.alice.Id, name: 'alice' });
    expect(r.events).toEqual([
      {
        key: `emby:stop:${matrix.Id}:2026-12-01T21:14:07.175Z`,
        title: { kind: 'movie', name: 'The Matrix', originalName: null, year: 1999, tmdbId: 603, imdbId: 'tt0133093', tvdbId: null, runtime: 136 },
        at: new Date('2026-12-01T21:14:07.175Z'),
        watched: true,
        playedToEnd: true,
      },
    ]);
    expect(emby(embyPayload('playback.stop', fake, matrix, { PlaybackInfo: { PlayedToCompletion: false } })).events).toEqual([]);
    const pilot = emby(embyPayload('playback.stop', fake, fake.items[8], { PlaybackInfo: { PlayedToCompletion: true } }));
    expect(pilot.events[0]).toMatchObject({ title: { kind: 'series', name: 'Breaking Bad' }, playedToEnd: true });
    expect(pilot.events[0].watched).toBeUndefined();
  });

  it('item.markplayed: watched, dated by the user data; item.rate: favourite and rating', () => {
    const bb = fake.items[5];
    const played = emby(embyPayload('item.markplayed', fake, bb));
    expect(played.events[0]).toMatchObject({ key: `emby:played:${bb.Id}:2026-12-01T21:14:07.175Z`, title: { kind: 'series', tvdbId: 81189, tmdbId: 1396 }, watched: true, at: new Date('2026-09-30T22:45:00Z') });
    const parasite = fake.items[2];
    const rated = emby(embyPayload('item.rate', fake, parasite));
    expect(rated.events[0]).toMatchObject({ title: { name: 'Parasite', originalName: '기생충' }, favourite: true, rating: { value: 9, max: 10 } });
    expect(rated.events[0].watched).toBeUndefined();
    // Unfavourited without a rating: nothing to bring in.
    expect(emby(embyPayload('item.rate', fake, fake.items[4])).events).toEqual([]);
  });

  it('library.new: a movie or series in the library; other events are none; the form-encoded body reads too', () => {
    const dune = fake.items[3];
    const r = emby(embyPayload('library.new', fake, dune));
    expect(r.libraryAdded).toEqual([{ itemId: dune.Id, url: null, title: expect.objectContaining({ name: 'Dune: Part Two', tmdbId: 693134 }) }]);
    expect(emby(embyPayload('library.new', fake, fake.items[8])).libraryAdded).toBeUndefined();
    for (const event of ['playback.start', 'playback.pause', 'item.markunplayed', 'system.notificationtest', 'user.authenticated']) {
      expect(emby(embyPayload(event, fake, dune)).events).toEqual([]);
    }
    const form = `data=${encodeURIComponent(JSON.stringify(embyPayload('item.markplayed', fake, fake.items[0])))}`;
    expect(emby(form, 'application/x-www-form-urlencoded').events[0]).toMatchObject({ watched: true, title: { tmdbId: 603 } });
  });

  it('a body that is not such a payload is a WebhookPayloadError', () => {
    rejects(() => emby('{'));
    rejects(() => emby('"text"'));
    rejects(() => emby({ Event: 'playback.stop' }));
    rejects(() => emby({ ...embyPayload('item.markplayed', fake, fake.items[0]), User: {} }));
    rejects(() => emby({ ...embyPayload('item.markplayed', fake, fake.items[0]), Date: 12 }));
    rejects(() => emby('data=%7B', 'application/x-www-form-urlencoded'));
  });
});
