// The account export comes back (docs/product-decisions.md, "Your data: export and deletion"):
// every history and watchlist row carries IMDb and TMDB ids, year and kind; our JSON export
// imports into a fresh account ("Tonight's Pick export") with the same ratings, watched marks and
// watchlist, found by ids (a remake never takes its namesake's place); and the Letterboxd CSV is
// in Letterboxd's import format, which our own Letterboxd importer reads back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { searchText } from '../src/catalog/search-text.js';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestClient, type TestServer } from './support/test-server.js';
import { onboardedUser, setPlan, type Onboarded } from './recommendations.helpers.js';

async function upload(server: TestServer, c: TestClient, filename: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), filename);
  const res = await fetch(`${server.url}/api/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${c.store.token}` } });
  return { status: res.status, body: (await res.json()) as { import_id: string; source: string; matched_count: number; ambiguous_count: number; unmatched_count: number; detail?: string } };
}

const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** What the engine learns from a history: per title, watched or not, and the rating (films only: for Letterboxd). */
const taste = (d: AccountExport, filmsOnly = false) =>
  d.history
    .filter((h) => (h.status === 'watched' || h.rating !== null) && (!filmsOnly || h.kind === 'movie'))
    .map((h) => `${h.title_id} watched=${h.status === 'watched'} rating=${h.rating}`)
    .sort();

describe.each(dialects)('the export imported back on %s', (dialect) => {
  let server: TestServer;
  let unique: CatalogEntry[];
  /** Two movies of one name: the older one and its remake. */
  let original: CatalogEntry;
  let remake: CatalogEntry;
  let series: CatalogEntry;
  let a: Onboarded;
  let exported: { filename: string; text: string };
  let data: AccountExport;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    let titles = await server.running.services.catalog.titles();
    const byName = new Map<string, CatalogEntry[]>();
    for (const t of titles.filter((x) => x.kind === 'movie')) byName.set(searchText(t.title), [...(byName.get(searchText(t.title)) ?? []), t]);
    const pair = [...byName.values()].find((l) => l.length === 2)!.sort((x, y) => x.year - y.year);
    series = titles.find((t) => t.kind === 'series')!;
    // The built-in catalog has no external ids: give these three the ids a TMDB sync would.
    const ids: Array<[CatalogEntry, string, number]> = [
      [pair[0], 'tt0078346', 1924],
      [pair[1], 'tt5950044', 1061474],
      [series, 'tt0903747', 1396],
    ];
    for (const [t, imdb, tmdb] of ids) await server.running.ctx.db.updateTable('titles').set({ imdb_id: imdb, tmdb_id: tmdb }).where('id', '=', t.id).execute();
    await server.running.services.catalog.reload();
    titles = await server.running.services.catalog.titles();
    [original, remake, series] = ids.map(([t]) => titles.find((x) => x.id === t.id)!);
    unique = [...byName.values()].filter((l) => l.length === 1 && !l[0].originalTitle).map((l) => titles.find((x) => x.id === l[0].id)!);

    // A's history: from a Letterboxd file (likes, a dislike, a watched-only, the remake), a liked
    // and watched pick, and a watchlist with a movie and a series.
    a = await onboardedUser(server);
    await setPlan(server, a.userId, 'paid_lifetime');
    const [l1, l2, d1, w1, saved] = unique.slice(40, 45);
    const rows: Array<[CatalogEntry, number | '']> = [
      [l1, 4.5],
      [l2, 5],
      [d1, 1],
      [w1, 3],
      [remake, 4],
    ];
    const csv = ['Date,Name,Year,Letterboxd URI,Rating', ...rows.map(([t, r], i) => `2024-02-0${i + 1},${field(t.title)},${t.year},https://boxd.it/r${i},${r}`)].join('\n');
    const preview = await a.api.imports.create({ filename: 'ratings.csv', content: csv });
    expect(preview).toMatchObject({ matched_count: 5, ambiguous_count: 0 });
    await a.api.imports.confirm(preview.import_id, {});
    const first = await a.api.recommendations.current();
    await a.api.recommendations.rate({ movie_title: first.movie_title, rating: true, recommendation_id: first.id });
    await a.api.recommendations.next({ previous: 'watched' });
    await a.api.watchlist.add({ title_id: saved.id });
    await a.api.watchlist.add({ title_id: series.id });
    exported = await a.api.account.exportData();
    data = AccountExport.parse(JSON.parse(exported.text));
  }, 120_000);
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await server?.close();
  });

  it('each exported history and watchlist row carries IMDb and TMDB ids (with its kind), year and kind', () => {
    expect(data.history.find((h) => h.title_id === remake.id)).toMatchObject({ imdb_id: 'tt5950044', tmdb_id: 1061474, tmdb_kind: 'movie', year: remake.year, kind: 'movie' });
    expect(data.watchlist.find((w) => w.title_id === series.id)).toMatchObject({ imdb_id: 'tt0903747', tmdb_id: 1396, tmdb_kind: 'tv', year: series.year, kind: 'series' });
    const plain = data.history.find((h) => h.title_id !== remake.id)!;
    expect(plain).toMatchObject({ imdb_id: null, tmdb_id: null, tmdb_kind: null, kind: 'movie' });
    expect(typeof plain.year).toBe('number');
  });

  it("imports our own JSON export into a fresh account with the same ratings, watched marks and watchlist", async () => {
    expect(taste(data)).toHaveLength(6);
    const b = await onboardedUser(server);
    const res = await upload(server, b, exported.filename, exported.text);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'tonights_pick', ambiguous_count: 0, unmatched_count: 0 });
    await b.api.imports.confirm(res.body.import_id, {});
    const back = AccountExport.parse(JSON.parse((await b.api.account.exportData()).text));
    expect(taste(back)).toEqual(taste(data));
    expect(back.watchlist.map((w) => w.title_id).sort()).toEqual(data.watchlist.map((w) => w.title_id).sort());
    expect((await b.api.imports.list()).imports[0]).toMatchObject({ source: 'tonights_pick', status: 'confirmed' });
  });

  it("finds titles by their ids, not their names: another server's export (other title ids, no year) gets the remake, not its namesake", async () => {
    const elsewhere = JSON.parse(exported.text) as { history: Array<Record<string, unknown>>; watchlist: Array<Record<string, unknown>> };
    for (const row of [...elsewhere.history, ...elsewhere.watchlist]) row.title_id = `elsewhere-${String(row.title_id)}`;
    const row = elsewhere.history.find((h) => h.imdb_id === 'tt5950044')!;
    row.year = null;
    row.title = original.title;
    const c = await onboardedUser(server);
    const res = await upload(server, c, 'export-from-another-server.json', JSON.stringify(elsewhere));
    expect(res.status).toBe(201);
    expect(res.body.source).toBe('tonights_pick');
    await c.api.imports.confirm(res.body.import_id, {});
    const back = AccountExport.parse(JSON.parse((await c.api.account.exportData()).text));
    const titleIds = back.history.map((h) => h.title_id);
    expect(titleIds).toContain(remake.id);
    expect(titleIds).not.toContain(original.id);
    expect(back.watchlist.map((w) => w.title_id)).toContain(series.id);
  });

  it("offers a Letterboxd CSV (like 4 stars, dislike 1.5, watched unrated, films only) that our Letterboxd importer reads back", async () => {
    const file = await a.api.account.exportData({ format: 'letterboxd' });
    expect(file.filename).toMatch(/^tonights-pick-letterboxd-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.contentType).toMatch(/^text\/csv/);
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('imdbID,tmdbID,Title,Year,Rating,WatchedDate,Rewatch');
    expect(lines).toHaveLength(taste(data, true).length + 1);
    expect(lines).toContain(`tt5950044,1061474,${field(remake.title)},${remake.year},4,2024-02-05,false`);
    const disliked = data.history.find((h) => h.rating === 'disliked')!;
    expect(lines.find((l) => l.includes(field(disliked.title)))).toMatch(/,1\.5,\d{4}-\d{2}-\d{2},false$/);
    const watchedOnly = data.history.find((h) => h.status === 'watched' && h.rating === null)!;
    expect(lines.find((l) => l.includes(field(watchedOnly.title)))).toMatch(/,,\d{4}-\d{2}-\d{2},false$/);

    const d = await onboardedUser(server);
    const res = await upload(server, d, file.filename, file.text);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'letterboxd', ambiguous_count: 0, unmatched_count: 0 });
    await d.api.imports.confirm(res.body.import_id, {});
    const back = AccountExport.parse(JSON.parse((await d.api.account.exportData()).text));
    expect(taste(back)).toEqual(taste(data, true));
  });
});
