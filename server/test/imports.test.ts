// History imports through the real API (docs/product-decisions.md, "Bring your taste"): a
// Letterboxd file written from real catalog titles is previewed (matched, ambiguous, unmatched),
// confirmed into history (origin import, never picked again, likes counted), re-imported without
// effect, undone exactly, and refused clearly when it is not ours, too large or not an export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, ApiError, IMPORT_MAX_BYTES, ImportListResponse, ImportPreview, ImportSummary } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { searchText } from '../src/catalog/search-text.js';
import { changesSince } from '../src/features/history/co-likes.repository.js';
import { dialects } from './support/dialects.js';
import { GOOD_PASSWORD, signUp, startTestServer, type TestClient, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, setPlan } from './recommendations.helpers.js';

interface Row {
  name: string;
  year: number | null;
  rating: number | null;
}

const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** A Letterboxd ratings.csv as Letterboxd writes it. */
function ratingsCsv(rows: Row[]): string {
  const lines = ['Date,Name,Year,Letterboxd URI,Rating'];
  rows.forEach((r, i) => lines.push(['2024-01-0' + ((i % 9) + 1), field(r.name), r.year ?? '', `https://boxd.it/t${i}`, r.rating ?? ''].join(',')));
  return `${lines.join('\n')}\n`;
}

async function upload(server: TestServer, c: TestClient, filename: string, bytes: Buffer | string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes]), filename);
  const res = await fetch(`${server.url}/api/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${c.store.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(dialects)('history imports on %s', (dialect) => {
  let server: TestServer;
  let titles: CatalogEntry[];
  /** Movies no other movie shares a name with (the file's name and year find exactly them). */
  let unique: CatalogEntry[];
  /** Two movies of one name ("Superman" 1978 and 2025): without a year, an ambiguous entry. */
  let namesakes: CatalogEntry[];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    titles = await server.running.services.catalog.titles();
    const byName = new Map<string, CatalogEntry[]>();
    for (const t of titles.filter((x) => x.kind === 'movie')) byName.set(searchText(t.title), [...(byName.get(searchText(t.title)) ?? []), t]);
    unique = [...byName.values()].filter((l) => l.length === 1 && !l[0].originalTitle).map((l) => l[0]);
    namesakes = [...byName.values()].find((l) => l.length === 2) ?? [];
    expect(namesakes).toHaveLength(2);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await server?.close();
  });

  /** Three liked, one disliked, one watched only, one ambiguous (liked), one not in the catalog. */
  function sampleFile(offset: number) {
    const [l1, l2, l3, d1, w1] = unique.slice(offset, offset + 5);
    const rows: Row[] = [
      { name: l1.title, year: l1.year, rating: 4.5 },
      { name: l2.title, year: l2.year, rating: 5 },
      { name: l3.title, year: l3.year, rating: 4 },
      { name: d1.title, year: d1.year, rating: 1 },
      { name: w1.title, year: w1.year, rating: 3 },
      { name: namesakes[0].title, year: null, rating: 4 },
      { name: 'Zzyzx Road Never Filmed', year: 2001, rating: 4 },
    ];
    return { csv: ratingsCsv(rows), liked: [l1, l2, l3], disliked: d1, watched: w1, matched: [l1, l2, l3, d1, w1] };
  }

  async function historyOf(c: TestClient) {
    return (await c.api.recommendations.history({ page: 1, page_size: 100 })).recommendations;
  }

  it('previews a Letterboxd file: matched, ambiguous and unmatched entries, and what confirming would write', async () => {
    const c = await onboardedUser(server);
    const file = sampleFile(0);
    const preview = ImportPreview.parse(await c.api.imports.create({ filename: 'ratings.csv', content: file.csv }));
    expect(preview).toMatchObject({ source: 'letterboxd', filename: 'ratings.csv', status: 'preview', rows_read: 7, matched_count: 5, ambiguous_count: 1, unmatched_count: 1 });
    expect(preview.matched.map((m) => m.title_id)).toEqual(file.matched.map((t) => t.id));
    expect(preview.matched[0]).toMatchObject({ title: file.liked[0].title, title_year: file.liked[0].year, kind: 'movie', liked: true, watched: true, source_rating: expect.stringContaining('4.5') });
    expect(preview.matched[3]).toMatchObject({ title_id: file.disliked.id, liked: false });
    expect(preview.matched[4]).toMatchObject({ title_id: file.watched.id, liked: null, watched: true });
    expect(preview.ambiguous).toHaveLength(1);
    expect(preview.ambiguous[0].name).toBe(namesakes[0].title);
    expect(preview.ambiguous[0].candidates.map((x) => x.title_id).sort()).toEqual(namesakes.map((t) => t.id).sort());
    expect(preview.ambiguous[0].candidates.map((x) => x.year).sort()).toEqual(namesakes.map((t) => t.year).sort());
    expect(preview.unmatched).toEqual([{ name: 'Zzyzx Road Never Filmed', year: 2001 }]);
    expect(preview.counts).toEqual({ likes: 3, dislikes: 1, watched: 5, watchlist: 0, already_in_history: 0 });
    expect(preview.same_file_imported_at).toBeNull();
    // A preview writes nothing to the history.
    expect(await recommendationRows(server, c.userId)).toEqual([]);
    // GET shows the same preview (unmatched names are not kept: only counted).
    const again = ImportPreview.parse(await c.api.imports.get(preview.import_id));
    expect(again).toMatchObject({ matched_count: 5, ambiguous_count: 1, unmatched_count: 1, counts: preview.counts, unmatched: [] });
    const list = ImportListResponse.parse(await c.api.imports.list());
    expect(list.imports.map((i) => i.import_id)).toEqual([preview.import_id]);
  });

  it('confirms into history with origin import; imported titles are never picked; re-importing the same file adds nothing; undo restores history', async () => {
    const c = await onboardedUser(server);
    await setPlan(server, c.userId, 'paid_lifetime');
    const first = await c.api.recommendations.current();
    const before = await historyOf(c);
    const file = sampleFile(10);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: file.csv });
    const chosen = namesakes[0];
    const summary = ImportSummary.parse(
      await c.api.imports.confirm(preview.import_id, { choices: [{ position: preview.ambiguous[0].position, title_id: chosen.id }] }),
    );
    expect(summary).toMatchObject({ status: 'confirmed', counts: { likes: 4, dislikes: 1, watched: 6, watchlist: 0, already_in_history: 0 } });
    expect(summary.confirmed_at).not.toBeNull();

    const history = await historyOf(c);
    const imported = history.filter((h) => h.origin === 'import');
    expect(imported.map((h) => h.title_id).sort()).toEqual([...file.matched, chosen].map((t) => t.id).sort());
    expect(imported.every((h) => h.reason === 'Imported from Letterboxd' && h.status === 'watched')).toBe(true);
    // Dated as the file dates them (ratingsCsv writes 2024-01-01 .. 2024-01-09), not by the import.
    expect(imported.every((h) => /^2024-01-0\dT00:00:00\.000Z$/.test(h.created_at))).toBe(true);
    expect(imported.filter((h) => h.user_rating === true)).toHaveLength(4);
    expect(imported.find((h) => h.title_id === file.disliked.id)?.user_rating).toBe(false);
    // History lists the pick first and the imports after it (older than every pick).
    expect(history[0].id).toBe(first.id);
    expect(history.slice(before.length).every((h) => h.origin === 'import')).toBe(true);
    const rows = await recommendationRows(server, c.userId);
    expect(rows.filter((r) => r.origin === 'import').every((r) => Number(r.seq) < 0 && r.import_id === preview.import_id)).toBe(true);

    // The next picks never offer an imported (watched) title, and their seq is unaffected.
    const importedIds = new Set(imported.map((h) => h.title_id));
    const picks = [];
    for (let i = 0; i < 5; i++) picks.push(await c.api.recommendations.next({ previous: 'skip' }));
    expect(picks.filter((p) => importedIds.has(p.title_id))).toEqual([]);
    const pickRows = (await recommendationRows(server, c.userId)).filter((r) => r.origin === 'pick');
    expect(pickRows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5, 6]);

    // The same file again: the preview says so, and confirming it changes nothing.
    const second = await c.api.imports.create({ filename: 'ratings.csv', content: file.csv });
    expect(second.same_file_imported_at).toBe(summary.confirmed_at);
    expect(second.counts).toEqual({ likes: 0, dislikes: 0, watched: 0, watchlist: 0, already_in_history: 5 });
    expect(second.matched.every((m) => m.already_in_history)).toBe(true);
    const historyBefore = await historyOf(c);
    const secondSummary = await c.api.imports.confirm(second.import_id, { choices: [{ position: second.ambiguous[0].position, title_id: chosen.id }] });
    expect(secondSummary.counts).toEqual({ likes: 0, dislikes: 0, watched: 0, watchlist: 0, already_in_history: 6 });
    expect(await historyOf(c)).toEqual(historyBefore);

    // Undo the first: exactly its rows go; the picks stay.
    const undone = await c.api.imports.undo(preview.import_id);
    expect(undone).toMatchObject({ status: 'undone', counts: summary.counts });
    expect(undone.undone_at).not.toBeNull();
    const after = await historyOf(c);
    expect(after.filter((h) => h.origin === 'import')).toEqual([]);
    expect(after.map((h) => h.id)).toEqual(historyBefore.filter((h) => h.origin === 'pick').map((h) => h.id));
    const again = await failure<ApiError>(c.api.imports.undo(preview.import_id));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already undone/);
  });

  it('an imported like reaches the reason of a pick', async () => {
    // The engine names liked titles (favourites and likes) that drove a pick: "Because you liked X".
    const c = await onboardedUser(server, { genres: ['Drama', 'Thriller'] });
    await setPlan(server, c.userId, 'paid_lifetime');
    const favourites = new Set((await c.api.onboarding.getPreferences()).initial_movies);
    const likes = unique.filter((t) => t.language === 'English' && t.genres.includes('Thriller') && !favourites.has(t.title)).slice(0, 25);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: ratingsCsv(likes.map((t) => ({ name: t.title, year: t.year, rating: 5 }))) });
    expect(preview.counts.likes).toBe(likes.length);
    await c.api.imports.confirm(preview.import_id);
    const reasons: string[] = [];
    for (let i = 0; i < 4; i++) reasons.push((await c.api.recommendations.next({ previous: 'skip' })).reason);
    const names = likes.map((t) => t.title);
    expect(reasons.some((r) => /you liked/.test(r) && names.some((n) => r.includes(n)))).toBe(true);
  });

  it('"Import instead of picking": a new user with 3 imported titles finishes onboarding without favourites; without an import, 3 are required', async () => {
    const c = await signUp(server);
    const onboarding = { selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'], initial_movies: [], ott_subscriptions: [] };
    const refused = await failure<ApiError>(c.api.onboarding.savePreferences(onboarding));
    expect(refused.status).toBe(400);
    expect(refused.detail).toBe('Pick at least 3 favourite titles');
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(110).csv });
    await c.api.imports.confirm(preview.import_id);
    await c.api.onboarding.savePreferences(onboarding);
    expect((await c.api.settings.profile()).is_onboarded).toBe(true);
    const pick = await c.api.recommendations.current();
    expect(sampleFile(110).matched.map((t) => t.id)).not.toContain(pick.title_id);
  });

  it("answers 404 for another user's import, as for a missing one", async () => {
    const owner = await onboardedUser(server);
    const other = await signUp(server);
    const preview = await owner.api.imports.create({ filename: 'ratings.csv', content: sampleFile(20).csv });
    const missing = await failure<ApiError>(other.api.imports.get('no-such-import'));
    for (const call of [() => other.api.imports.get(preview.import_id), () => other.api.imports.confirm(preview.import_id), () => other.api.imports.undo(preview.import_id)]) {
      const err = await failure<ApiError>(call());
      expect(err.status).toBe(404);
      expect(err.message).toBe(missing.message);
    }
    expect((await other.api.imports.list()).imports).toEqual([]);
    expect((await owner.api.imports.get(preview.import_id)).status).toBe('preview');
  });

  it('refuses a second confirm (409), a bad choice (400 naming the position), and writes nothing when confirm fails', async () => {
    const c = await onboardedUser(server);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(30).csv });
    const ambiguous = preview.ambiguous[0].position;
    const notAmbiguous = preview.matched[0].position;

    const wrongPosition = await failure<ApiError>(c.api.imports.confirm(preview.import_id, { choices: [{ position: notAmbiguous, title_id: preview.matched[0].title_id }] }));
    expect(wrongPosition.status).toBe(400);
    expect(wrongPosition.message).toContain(`position ${notAmbiguous}`);
    const wrongTitle = await failure<ApiError>(c.api.imports.confirm(preview.import_id, { choices: [{ position: ambiguous, title_id: preview.matched[1].title_id }] }));
    expect(wrongTitle.status).toBe(400);
    expect(wrongTitle.message).toContain(`position ${ambiguous}`);
    // Nothing half-saved: no history row, still a preview.
    expect(await recommendationRows(server, c.userId)).toEqual([]);
    expect((await c.api.imports.get(preview.import_id)).status).toBe('preview');

    // Leaving the ambiguous entry out (null) is a valid choice.
    const done = await c.api.imports.confirm(preview.import_id, { choices: [{ position: ambiguous, title_id: null }] });
    expect(done.counts).toMatchObject({ likes: 3, watched: 5 });
    const twice = await failure<ApiError>(c.api.imports.confirm(preview.import_id));
    expect(twice.status).toBe(409);
    expect(twice.message).toMatch(/already confirmed/);
    expect((await recommendationRows(server, c.userId)).filter((r) => r.origin === 'import')).toHaveLength(5);
  });

  it("a preview left for more than a day is removed on the user's next upload", async () => {
    const c = await onboardedUser(server);
    const old = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(100).csv });
    const recent = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(100).csv });
    const db = server.running.ctx.db;
    await db.updateTable('imports').set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() }).where('id', '=', old.import_id).execute();
    const next = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(100).csv });
    expect((await c.api.imports.list()).imports.map((i) => i.import_id).sort()).toEqual([recent.import_id, next.import_id].sort());
    expect(await db.selectFrom('import_items').selectAll().where('import_id', '=', old.import_id).execute()).toEqual([]);
  });

  it('a discarded preview cannot be confirmed', async () => {
    const c = await onboardedUser(server);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(40).csv });
    const discarded = await c.api.imports.undo(preview.import_id);
    expect(discarded).toMatchObject({ status: 'undone', confirmed_at: null, counts: { likes: 0, dislikes: 0, watched: 0, watchlist: 0, already_in_history: 0 } });
    expect((await c.api.imports.get(preview.import_id)).matched).toEqual([]);
    const err = await failure<ApiError>(c.api.imports.confirm(preview.import_id));
    expect(err.status).toBe(409);
    expect(await recommendationRows(server, c.userId)).toEqual([]);
  });

  it('accepts a multipart upload (field file, optional source) and refuses what is not an export', async () => {
    const c = await onboardedUser(server);
    const ok = await upload(server, c, 'ratings.csv', sampleFile(50).csv, { source: 'letterboxd' });
    expect(ok.status).toBe(201);
    expect(ImportPreview.parse(ok.body)).toMatchObject({ source: 'letterboxd', matched_count: 5 });

    const wrongSource = await upload(server, c, 'ratings.csv', sampleFile(50).csv, { source: 'imdb' });
    expect(wrongSource.status).toBe(400);
    expect(wrongSource.body.detail).toContain('ratings.csv');

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notExport = await upload(server, c, 'poster.png', png);
    expect(notExport.status).toBe(400);
    expect(notExport.body.detail).toContain('poster.png');

    // The JSON form takes binary files (a .zip) as base64.
    const b64 = await c.api.imports.create({ filename: 'ratings.csv', content: Buffer.from(sampleFile(50).csv).toString('base64'), encoding: 'base64' });
    expect(b64.matched_count).toBe(5);
    const bad64 = await failure<ApiError>(c.api.imports.create({ filename: 'export.zip', content: 'not*base64!', encoding: 'base64' }));
    expect(bad64.status).toBe(400);

    const noFile = await fetch(`${server.url}/api/imports`, { method: 'POST', body: new FormData(), headers: { authorization: `Bearer ${c.store.token}` } });
    expect(noFile.status).toBe(400);
  });

  it('refuses a file over 10 MB with 413, as multipart and as JSON', async () => {
    const c = await onboardedUser(server);
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a');
    const multipart = await upload(server, c, 'ratings.csv', big);
    expect(multipart.status).toBe(413);
    expect(multipart.body.detail).toBe('The file is larger than 10 MB');
    const json = await failure<ApiError>(c.api.imports.create({ filename: 'ratings.csv', content: big.toString('latin1') }));
    expect(json.status).toBe(413);
    expect(json.message).toBe('The file is larger than 10 MB');
    expect((await c.api.imports.list()).imports).toEqual([]);
  });

  it('a bad file answers 400 naming the file and line, and nothing is stored', async () => {
    const c = await onboardedUser(server);
    const csv = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Heat,1995,https://boxd.it/x,11\n';
    const err = await failure<ApiError>(c.api.imports.create({ filename: 'ratings.csv', content: csv }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/ratings\.csv.*line 2/);
    expect((await c.api.imports.list()).imports).toEqual([]);
  });

  it('the JSON export lists the import (never the file) and the origin of history rows; undo is noticed by the co-likes', async () => {
    const c = await onboardedUser(server);
    const file = sampleFile(60);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: file.csv });
    await c.api.imports.confirm(preview.import_id);
    const data = AccountExport.parse(JSON.parse((await c.api.account.exportData()).text));
    expect(data.imports).toEqual([
      expect.objectContaining({ id: preview.import_id, source: 'letterboxd', filename: 'ratings.csv', status: 'confirmed', rows_read: 7, unmatched_count: 1, counts: expect.objectContaining({ likes: 3 }) }),
    ]);
    expect(JSON.stringify(data)).not.toContain('boxd.it');
    expect(data.history.filter((h) => h.origin === 'import').map((h) => h.import_id)).toEqual(Array(5).fill(preview.import_id));

    // The co-likes rebuild when enough changed since their last build; deleting rows leaves no
    // rated_at to count, so an undone import counts what it had written.
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const quiet = await changesSince(server.running.ctx.db, since);
    await c.api.imports.undo(preview.import_id);
    expect(await changesSince(server.running.ctx.db, since)).toBeGreaterThanOrEqual(quiet + 5);
  });

  it('deleting the account deletes its imports, their items and what they wrote', async () => {
    const c = await onboardedUser(server);
    const [saved] = unique.slice(90, 91);
    const rated = await c.api.imports.create({ filename: 'ratings.csv', content: sampleFile(92).csv });
    await c.api.imports.confirm(rated.import_id);
    const later = await c.api.imports.create({ filename: 'watchlist.csv', content: `Date,Name,Year,Letterboxd URI\n2024-02-01,${field(saved.title)},${saved.year},https://boxd.it/w\n` });
    await c.api.imports.confirm(later.import_id);
    await c.api.account.delete({ password: GOOD_PASSWORD });
    const db = server.running.ctx.db;
    expect(await db.selectFrom('imports').selectAll().where('user_id', '=', c.userId).execute()).toEqual([]);
    expect(await db.selectFrom('import_items').selectAll().where('import_id', 'in', [rated.import_id, later.import_id]).execute()).toEqual([]);
    expect(await db.selectFrom('watchlist').selectAll().where('user_id', '=', c.userId).execute()).toEqual([]);
    expect(await recommendationRows(server, c.userId)).toEqual([]);
  });

  it('a watchlist file fills the watchlist (not history), skips titles already in history, and undo empties it', async () => {
    const c = await onboardedUser(server);
    const [fresh, seen] = unique.slice(80, 82);
    const rated = await c.api.imports.create({ filename: 'ratings.csv', content: ratingsCsv([{ name: seen.title, year: seen.year, rating: 4 }]) });
    await c.api.imports.confirm(rated.import_id);
    const csv = ['Date,Name,Year,Letterboxd URI', `2024-02-01,${field(fresh.title)},${fresh.year},https://boxd.it/w1`, `2024-02-02,${field(seen.title)},${seen.year},https://boxd.it/w2`].join('\n');
    const preview = await c.api.imports.create({ filename: 'watchlist.csv', content: csv });
    expect(preview.counts).toEqual({ likes: 0, dislikes: 0, watched: 0, watchlist: 1, already_in_history: 1 });
    await c.api.imports.confirm(preview.import_id);
    const saved = await server.running.ctx.db.selectFrom('watchlist').selectAll().where('user_id', '=', c.userId).execute();
    expect(saved.map((w) => [w.title_id, w.import_id])).toEqual([[fresh.id, preview.import_id]]);
    expect((await recommendationRows(server, c.userId)).map((r) => r.title_id)).toEqual([seen.id]);
    await c.api.imports.undo(preview.import_id);
    expect(await server.running.ctx.db.selectFrom('watchlist').selectAll().where('user_id', '=', c.userId).execute()).toEqual([]);
  });

  it('a saved title the import says was watched leaves the watchlist, and comes back when the import is undone', async () => {
    const c = await onboardedUser(server);
    const file = sampleFile(120);
    await c.api.watchlist.add({ title_id: file.watched.id });
    expect((await c.api.watchlist.list()).items.map((i) => i.title_id)).toEqual([file.watched.id]);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: file.csv });
    await c.api.imports.confirm(preview.import_id);
    expect((await c.api.watchlist.list()).items).toEqual([]);
    await c.api.imports.undo(preview.import_id);
    expect((await c.api.watchlist.list()).items.map((i) => i.title_id)).toEqual([file.watched.id]);
  });

  it('a large import (every movie of the catalog) is written in chunks in one transaction, and undone', async () => {
    const c = await onboardedUser(server);
    const all = unique.map((t) => ({ name: t.title, year: t.year, rating: 4 }));
    // More than one INSERT of INSERT_CHUNK (500) rows.
    expect(all.length).toBeGreaterThan(600);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: ratingsCsv(all) });
    expect(preview.matched_count).toBe(all.length);
    const summary = await c.api.imports.confirm(preview.import_id);
    expect(summary.counts.likes).toBe(all.length);
    const rows = await recommendationRows(server, c.userId);
    expect(rows).toHaveLength(all.length);
    expect(new Set(rows.map((r) => Number(r.seq))).size).toBe(all.length);
    expect(Math.max(...rows.map((r) => Number(r.seq)))).toBe(-1);
    await c.api.imports.undo(preview.import_id);
    expect(await recommendationRows(server, c.userId)).toEqual([]);
  });

  it('confirming skips a matched title that left the catalog since the preview', async () => {
    const c = await onboardedUser(server);
    const file = sampleFile(70);
    const preview = await c.api.imports.create({ filename: 'ratings.csv', content: file.csv });
    const gone = file.liked[0];
    const catalog = server.running.services.catalog;
    await server.running.ctx.db.updateTable('titles').set({ retired_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    await catalog.reload();
    try {
      const summary = await c.api.imports.confirm(preview.import_id);
      expect(summary.counts).toMatchObject({ likes: 2, watched: 4 });
      const ids = (await recommendationRows(server, c.userId)).map((r) => r.title_id);
      expect(ids).not.toContain(gone.id);
      expect(ids).toContain(file.liked[1].id);
    } finally {
      await server.running.ctx.db.updateTable('titles').set({ retired_at: null }).where('id', '=', gone.id).execute();
      await catalog.reload();
    }
  });
});
