// Plex's webhooks as a server posts them (multipart/form-data: a JSON `payload` part and, for
// some events, a `thumb` JPEG): each event we read, the ones we leave alone, malformed bodies, and
// a property: whatever the bytes and content type, the reader answers a result or a
// WebhookPayloadError, nothing else, and never reads more parts than its cap.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer } from 'node:http';
import { WebhookPayloadError } from '../src/features/connections/adapter.js';
import { parseMultipart } from '../src/features/connections/plex/multipart.js';
import { plexAdapter } from '../src/features/connections/plex/plex.adapter.js';
import { parsePlexWebhook } from '../src/features/connections/plex/plex-webhook.js';
import { itemEvents } from '../src/features/connections/plex/plex-titles.js';
import type { PlexMetadata } from '../src/integrations/plex/types.js';
import { plexRatingKey } from '../src/integrations/plex/client.js';
import type { LibraryItem, SyncEvent } from '../src/features/sync/sync-event.js';
import { fakeThumb, plexWebhookBody, plexWebhookPayload } from './support/fake-plex.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const webhook = (payload: unknown, opts?: Parameters<typeof plexWebhookBody>[1]) => {
  const { body, contentType } = plexWebhookBody(payload, opts);
  return parsePlexWebhook(body, contentType, NOW);
};
const inception = {
  ratingKey: '101', key: '/library/metadata/101', guid: 'plex://movie/5d7768ba96b655001fdc0408', type: 'movie', title: 'Inception', year: 2010,
  duration: 8_880_000, Guid: [{ id: 'imdb://tt1375666' }, { id: 'tmdb://27205' }], viewCount: 2, lastViewedAt: 1_764_000_000,
};
const episode = {
  ratingKey: '28841', key: '/library/metadata/28841', parentRatingKey: '28826', grandparentRatingKey: '28825', guid: 'plex://episode/61a7767ce791a9a4411afd38',
  grandparentGuid: 'plex://show/5d9c090e705e7a001e6e94d8', type: 'episode', title: 'Explorers', grandparentTitle: 'Bluey', parentTitle: 'Season 3', year: 2021,
  Guid: [{ id: 'imdb://tt15687442' }, { id: 'tmdb://3368484' }, { id: 'tvdb://8826734' }], lastViewedAt: 1_761_917_383,
};

// Payloads of any JSON, and of Plex's shape with any value in each field.
const value = fc.oneof(fc.jsonValue(), fc.integer(), fc.double(), fc.string({ maxLength: 60 }));
const metadata = fc.record(
  {
    ratingKey: fc.oneof(fc.constantFrom('101', 7), value), type: fc.oneof(fc.constantFrom('movie', 'show', 'episode', 'season', 'track'), value),
    title: fc.oneof(fc.constant('Inception'), value), originalTitle: value,
    year: value, duration: value, guid: value, Guid: fc.oneof(fc.array(fc.oneof(fc.record({ id: value }), fc.constant(null), value), { maxLength: 5 }), value),
    viewCount: value, lastViewedAt: value, userRating: value, lastRatedAt: value, leafCount: value, viewedLeafCount: value,
    grandparentTitle: fc.oneof(fc.constant('Bluey'), value), grandparentRatingKey: fc.oneof(fc.constant('28825'), value), grandparentGuid: value, parentRatingKey: value, parentTitle: value,
  },
  { requiredKeys: [] },
);
const payload = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      event: fc.oneof(fc.constantFrom('media.scrobble', 'media.rate', 'library.new', 'media.play'), value), user: fc.oneof(fc.constant(true), value),
      Account: value, Server: fc.oneof(fc.record({ uuid: value }), value), Metadata: fc.oneof({ weight: 4, arbitrary: metadata }, { weight: 1, arbitrary: value }),
    },
    { requiredKeys: ['event'] },
  ),
);

/** What a webhook or a pull returns is writable: real dates, bounded keys and names. */
function expectWritable(events: SyncEvent[], items: LibraryItem[] = []) {
  for (const e of events) expect(Number.isFinite(e.at.getTime()) && e.key.length < 120, e.key).toBe(true);
  for (const t of [...events, ...items].map((x) => x.title)) expect(t.name.length).toBeLessThanOrEqual(500);
}

describe('Plex webhooks', () => {
  it('media.scrobble with its thumbnail: the movie watched and played to the end, keyed as the pull keys it, with the account', () => {
    const result = webhook(plexWebhookPayload('media.scrobble', inception, { account: { id: 1, title: 'alice' } }), { thumb: fakeThumb() });
    expect(result).toEqual({
      account: { id: '1', name: 'alice' },
      events: [
        {
          key: 'plex:watched:101:1764000000', at: new Date(1_764_000_000_000), watched: true, playedToEnd: true,
          title: { kind: 'movie', name: 'Inception', originalName: null, year: 2010, imdbId: 'tt1375666', tmdbId: 27205, tvdbId: null, runtime: 148 },
        },
      ],
    });
    // The adapter's own entry point reads the same (it is what the webhook route calls).
    const { body, contentType } = plexWebhookBody(plexWebhookPayload('media.scrobble', inception), { thumb: fakeThumb() });
    expect(plexAdapter().webhook!(body, contentType).events.map((e) => e.key)).toEqual(['plex:watched:101:1764000000']);
  });

  it('media.scrobble of an episode: its show watched, by the show’s name and key (the episode’s ids are not the show’s)', () => {
    const { events } = webhook(plexWebhookPayload('media.scrobble', episode));
    expect(events).toEqual([
      { key: 'plex:watched:28825:1761917383', at: new Date(1_761_917_383_000), watched: true, title: { kind: 'series', name: 'Bluey', year: null, tmdbId: null, imdbId: null, tvdbId: null } },
    ]);
    // A first view has no lastViewedAt yet: still one stable key per episode, so a replay is the same event.
    const first = webhook(plexWebhookPayload('media.scrobble', { ...episode, lastViewedAt: undefined }));
    expect(first.events[0]).toMatchObject({ key: 'plex:watched:28825:e28841', at: NOW });
  });

  it('media.rate: the rating on Plex’s 0-10 scale; a rate with no rating clears it; an episode’s rating is not the show’s', () => {
    const rated = webhook(plexWebhookPayload('media.rate', { ...inception, userRating: 8, lastRatedAt: 1_764_100_000 }), { thumb: fakeThumb() });
    expect(rated.events).toEqual([
      { key: 'plex:rating:101:1764100000', at: new Date(1_764_100_000_000), rating: { value: 8, max: 10 }, title: expect.objectContaining({ name: 'Inception', tmdbId: 27205 }) },
    ]);
    const cleared = webhook(plexWebhookPayload('media.rate', { ...inception, lastRatedAt: 1_764_200_000 }));
    expect(cleared.events).toEqual([expect.objectContaining({ key: 'plex:rating:101:1764200000', rating: null })]);
    const show = webhook(plexWebhookPayload('media.rate', { ratingKey: '201', type: 'show', title: 'Breaking Bad', year: 2008, userRating: 10, Guid: [{ id: 'tvdb://81189' }] }));
    expect(show.events).toEqual([expect.objectContaining({ key: 'plex:rating:201:r10', rating: { value: 10, max: 10 }, title: expect.objectContaining({ kind: 'series', tvdbId: 81189 }) })]);
    expect(webhook(plexWebhookPayload('media.rate', { ...episode, userRating: 6 })).events).toEqual([]);
  });

  it('library.new: the movie, or the show of a new episode, added to the library with its page in Plex’s web app', () => {
    const server = 'ab12cd34ef56';
    const movie = webhook(plexWebhookPayload('library.new', inception, { serverUuid: server, user: false }), { thumb: fakeThumb() });
    expect(movie).toMatchObject({ events: [], libraryAdded: [{ itemId: '101', title: { name: 'Inception', tmdbId: 27205 }, url: `https://app.plex.tv/desktop/#!/server/${server}/details?key=%2Flibrary%2Fmetadata%2F101` }] });
    const show = webhook(plexWebhookPayload('library.new', episode, { serverUuid: server }));
    expect(show.libraryAdded).toEqual([{ itemId: '28825', title: expect.objectContaining({ kind: 'series', name: 'Bluey' }), url: expect.stringContaining('%2F28825') }]);
  });

  it('other events, music, and another account’s plays on an owned server bring nothing', () => {
    for (const event of ['media.play', 'media.pause', 'media.resume', 'media.stop', 'library.on.deck', 'admin.database.backup', 'device.new']) {
      expect(webhook(plexWebhookPayload(event, inception)).events).toEqual([]);
    }
    expect(webhook(plexWebhookPayload('media.scrobble', { ratingKey: '9', type: 'track', title: 'Airbag', grandparentTitle: 'Radiohead', grandparentRatingKey: '7' })).events).toEqual([]);
    // owner set, user not: a shared user played on this account's server.
    const shared = webhook(plexWebhookPayload('media.scrobble', inception, { user: false, owner: true, account: { id: 4242, title: 'bob' } }));
    expect(shared).toEqual({ events: [], account: { id: '4242', name: 'bob' } });
  });

  it('reads a body encoded by another multipart writer (fetch’s FormData over real HTTP), a quoted boundary and a preamble', async () => {
    const received = await new Promise<{ body: Buffer; contentType: string }>((resolve, reject) => {
      const server = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        res.end('ok');
        server.close();
        resolve({ body: Buffer.concat(chunks), contentType: req.headers['content-type'] ?? '' });
      });
      server.listen(0, '127.0.0.1', () => {
        const form = new FormData();
        form.append('payload', JSON.stringify(plexWebhookPayload('media.scrobble', inception)));
        form.append('thumb', new Blob([fakeThumb()], { type: 'image/jpeg' }), 'image.jpg');
        fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`, { method: 'POST', body: form }).catch(reject);
      });
    });
    expect(parsePlexWebhook(received.body, received.contentType, NOW).events.map((e) => e.key)).toEqual(['plex:watched:101:1764000000']);

    const json = JSON.stringify(plexWebhookPayload('media.scrobble', inception));
    const body = Buffer.from(`This is a preamble.\r\n--a b\r\nContent-Disposition: form-data; name=payload\r\n\r\n${json}\r\n--a b--`);
    expect(parsePlexWebhook(body, 'Multipart/Form-Data; charset=utf-8; boundary="a b"', NOW).events).toHaveLength(1);
  });

  it('malformed bodies are a WebhookPayloadError naming what is wrong', () => {
    const good = plexWebhookBody(plexWebhookPayload('media.scrobble', inception));
    const cases: Array<[Buffer, string | undefined, string]> = [
      [Buffer.from(JSON.stringify(plexWebhookPayload('media.scrobble', inception))), 'application/json', 'A Plex webhook is multipart/form-data'],
      [good.body, undefined, 'A Plex webhook is multipart/form-data'],
      [good.body, 'multipart/form-data', 'The multipart content type has no valid boundary'],
      [good.body, `multipart/form-data; boundary=${'x'.repeat(71)}`, 'The multipart content type has no valid boundary'],
      [good.body, 'multipart/form-data; boundary=other', 'The multipart body has no part'],
      [good.body.subarray(0, good.body.length - 20), good.contentType, 'The multipart body is cut off'],
      [Buffer.from('--b\r\nContent-Disposition: form-data; name="thumb"\r\n\r\nxx\r\n--b--'), 'multipart/form-data; boundary=b', 'A Plex webhook has a "payload" part'],
      [Buffer.from('--b\r\nContent-Disposition: form-data; name="payload"\r\n\r\n[1,2]\r\n--b--'), 'multipart/form-data; boundary=b', 'The Plex webhook payload is not an object'],
      [Buffer.from('--b\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"Metadata":{}}\r\n--b--'), 'multipart/form-data; boundary=b', 'The Plex webhook payload has no event'],
      [Buffer.from(`--b\r\n${'X-Long: y\r\n'.repeat(1000)}\r\nz\r\n--b--`), 'multipart/form-data; boundary=b', 'A multipart part has no end to its headers'],
      [Buffer.from(`${'--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nx\r\n'.repeat(9)}--b--`), 'multipart/form-data; boundary=b', 'A webhook has at most 8 parts'],
    ];
    for (const [body, type, message] of cases) {
      const err = (() => {
        try {
          parsePlexWebhook(body, type, NOW);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(err, message).toBeInstanceOf(WebhookPayloadError);
      expect((err as Error).message).toBe(message);
    }
    const badJson = plexWebhookBody('{"event": "media.scrobble", ');
    expect(() => parsePlexWebhook(badJson.body, badJson.contentType, NOW)).toThrow(new WebhookPayloadError('The Plex webhook payload is not JSON'));
  });

  it('property: any bytes under any content type give a result or a WebhookPayloadError, and at most the part cap is read', () => {
    const valid = plexWebhookBody(plexWebhookPayload('media.scrobble', inception), { thumb: fakeThumb(), boundary: 'BOUNDARY' }).body;
    const types = fc.oneof(
      fc.constant('multipart/form-data; boundary=BOUNDARY'),
      fc.constant(undefined),
      fc.string({ maxLength: 120 }),
      fc.string({ maxLength: 80 }).map((b) => `multipart/form-data; boundary=${b}`),
    );
    const structured = fc
      .tuple(
        fc.array(
          fc.record({
            name: fc.constantFrom('payload', 'payload', 'thumb', 'x'),
            data: fc.oneof({ weight: 4, arbitrary: payload.map((p) => Buffer.from(JSON.stringify(p) ?? '')) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) }),
          }),
          { maxLength: 12 },
        ),
        fc.boolean(),
      )
      .map(([parts, closed]): [Buffer, string] => [
        Buffer.concat([
          ...parts.map((p) => Buffer.concat([Buffer.from(`--BOUNDARY\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`), p.data, Buffer.from('\r\n')])),
          Buffer.from(closed ? '--BOUNDARY--' : ''),
        ]),
        'multipart/form-data; boundary=BOUNDARY',
      ]);
    // Random bytes, pieces of the real delimiter and headers, and a valid body cut or flipped anywhere.
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      fc.constantFrom('--BOUNDARY', '\r\n', '--BOUNDARY--', '\r\n\r\n', 'Content-Disposition: form-data; name="payload"', '{"event":"media.rate","user":true,"Metadata":{"ratingKey":1,"type":"movie","title":"x","userRating":"9"}}').map((s) => Buffer.from(s)),
    );
    const bodies = fc.oneof(
      fc.array(piece, { maxLength: 40 }).map((ps) => Buffer.concat(ps)),
      fc.tuple(fc.nat(valid.length), fc.nat(valid.length), fc.integer({ min: 0, max: 255 })).map(([cut, flip, byte]) => {
        const b = Buffer.from(valid.subarray(0, Math.max(cut, flip + 1)));
        if (flip < b.length) b[flip] = byte;
        return b;
      }),
    );
    fc.assert(
      fc.property(fc.oneof({ weight: 3, arbitrary: structured }, { weight: 2, arbitrary: fc.tuple(bodies, types) }), ([body, type]) => {
        try {
          const result = parsePlexWebhook(body, type, NOW);
          expect(result.events.length).toBeLessThanOrEqual(1);
          expectWritable(result.events, result.libraryAdded);
        } catch (err) {
          if (!(err instanceof WebhookPayloadError)) throw err;
        }
        try {
          expect(parseMultipart(body, type, { maxParts: 3, maxHeaderBytes: 256 }).length).toBeLessThanOrEqual(3);
        } catch (err) {
          if (!(err instanceof WebhookPayloadError)) throw err;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a payload of Plex’s shape with any value in any field, or a section item any server sends, gives writable events', () => {
    const full = metadata.map((m) => ({ ratingKey: '101', type: 'movie', title: 'Inception', ...m }));
    const event = fc.constantFrom('media.scrobble', 'media.rate', 'library.new');
    fc.assert(
      fc.property(full, event, fc.constantFrom('movie', 'show', 'episode', 'season'), (m, name, type) => {
        const item = { ...m, type } as unknown as PlexMetadata;
        const { body, contentType } = plexWebhookBody({ event: name, user: true, Server: { uuid: 'abc' }, Metadata: item });
        try {
          const result = parsePlexWebhook(body, contentType, NOW);
          expectWritable(result.events, result.libraryAdded);
        } catch (err) {
          if (!(err instanceof WebhookPayloadError)) throw err;
        }
        // The pull's mapping takes a server's items as they come (the client only checks ratingKey and type).
        const ratingKey = plexRatingKey(item.ratingKey);
        if (ratingKey) expectWritable(itemEvents({ ...item, ratingKey }, NOW));
      }),
      { numRuns: 2000 },
    );
  });
});
