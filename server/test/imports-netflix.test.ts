// Netflix's full-account ViewingActivity.csv through the real API (docs/product-decisions.md,
// "Bring your taste"): a file of several profiles answers 400 listing them and stores nothing; the
// same file with a profile (JSON or multipart) previews that profile's viewings only, short plays
// and trailers left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ImportPreview, ImportProfileRefusal } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { searchText } from '../src/catalog/search-text.js';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser } from './recommendations.helpers.js';

const HEADER = 'Profile Name,Start Time,Duration,Attributes,Title,Supplemental Video Type,Device Type,Bookmark,Latest Bookmark,Country';
const row = (profile: string, start: string, duration: string, title: string, extra = '') =>
  [profile, start, duration, '', `"${title.replace(/"/g, '""')}"`, extra, 'Chrome PC (Cadmium)', duration, duration, 'US (United States)'].join(',');

describe.each(dialects)('Netflix ViewingActivity.csv imports on %s', (dialect) => {
  let server: TestServer;
  let films: CatalogEntry[];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const titles = await server.running.services.catalog.titles();
    const byName = new Map<string, CatalogEntry[]>();
    for (const t of titles) byName.set(searchText(t.title), [...(byName.get(searchText(t.title)) ?? []), t]);
    // Films whose name no other title has and that no collapse touches (no colon).
    films = [...byName.values()].filter((l) => l.length === 1 && l[0].kind === 'movie' && !l[0].originalTitle && !l[0].title.includes(':')).map((l) => l[0]);
    expect(films.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await server?.close();
  });

  function activity(): string {
    const [a, b, c] = films;
    return `${[
      HEADER,
      row('Anna', '2024-03-14 20:05:11', '01:48:12', a.title),
      row('Anna', '2024-03-13 20:00:00', '00:02:10', b.title),
      row('Anna', '2024-03-12 19:58:40', '00:00:45', `${c.title} (Trailer)`, 'TRAILER'),
      row('Ben', '2024-03-11 21:00:00', '01:30:00', c.title),
    ].join('\n')}\n`;
  }

  it('a file of two profiles answers 400 naming them and stores nothing; with a profile, that profile only, without short plays and trailers', async () => {
    const c = await onboardedUser(server);
    const err = await failure<ApiError>(c.api.imports.create({ filename: 'ViewingActivity.csv', content: activity() }));
    expect(err.status).toBe(400);
    const body = ImportProfileRefusal.parse(err.body);
    expect(body).toMatchObject({ code: 'validation_error', profiles: ['Anna', 'Ben'], errors: [{ path: 'profile', message: 'choose a profile' }] });
    expect(body.detail).toBe('ViewingActivity.csv holds the viewing activity of 2 profiles: choose whose history to import ("Anna", "Ben").');
    expect((await c.api.imports.list()).imports).toEqual([]);

    const anna = ImportPreview.parse(await c.api.imports.create({ filename: 'ViewingActivity.csv', content: activity(), profile: 'Anna' }));
    expect(anna).toMatchObject({ source: 'netflix', rows_read: 1, matched_count: 1, ambiguous_count: 0, unmatched_count: 0 });
    expect(anna.matched.map((m) => [m.title_id, m.watched, m.liked])).toEqual([[films[0].id, true, null]]);

    const missing = await failure<ApiError>(c.api.imports.create({ filename: 'ViewingActivity.csv', content: activity(), profile: 'Carla' }));
    expect(missing.status).toBe(400);
    expect(ImportProfileRefusal.parse(missing.body).profiles).toEqual(['Anna', 'Ben']);
    expect((await c.api.imports.list()).imports.map((i) => i.import_id)).toEqual([anna.import_id]);
  });

  it('takes the profile as a multipart field too, and refuses an empty or overlong one', async () => {
    const c = await onboardedUser(server);
    const send = async (profile: string) => {
      const form = new FormData();
      form.append('profile', profile);
      form.append('file', new Blob([activity()]), 'ViewingActivity.csv');
      const res = await fetch(`${server.url}/api/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${c.store.token}` } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const ben = await send('ben');
    expect(ben.status).toBe(201);
    expect(ImportPreview.parse(ben.body).matched.map((m) => m.title_id)).toEqual([films[2].id]);
    const overlong = await failure<ApiError>(c.api.imports.create({ filename: 'ViewingActivity.csv', content: activity(), profile: 'x'.repeat(101) }));
    expect(overlong.status).toBe(400);
    expect(overlong.body?.code).toBe('validation_error');
    expect((await send('x'.repeat(101))).status).toBe(400);
  });
});
