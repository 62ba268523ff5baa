// History imports under load, through the real API (docs/product-decisions.md, "Bring your
// taste"): one user's flood of uploads neither refuses nor holds back another user's single
// upload, a user's uploads beyond one reading and two waiting answer 429, the hourly limit of
// uploads answers 429 with Retry-After, and a user never has more than 3 unconfirmed previews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, IMPORT_LIMITS } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestClient, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';

async function upload(server: TestServer, c: TestClient, filename: string, bytes: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const res = await fetch(`${server.url}/api/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${c.store.token}` } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { detail?: string; code?: string; import_id?: string } };
}

/** A Letterboxd ratings.csv of `rows` rows naming 500 films no catalog has: a long read, a short match. */
function bigRatings(rows: number): string {
  const lines = ['Date,Name,Year,Letterboxd URI,Rating'];
  for (let i = 0; i < rows; i++) lines.push(`2024-01-01,Unfilmed Picture Number ${i % 500},2001,https://boxd.it/u${i},4`);
  return `${lines.join('\n')}\n`;
}

const oneFilm = (t: CatalogEntry, n: number) => `Date,Name,Year,Letterboxd URI,Rating\n2024-01-0${(n % 9) + 1},"${t.title.replace(/"/g, '""')}",${t.year},https://boxd.it/f${n},4\n`;

describe.each(dialects)('imports under load on %s', (dialect) => {
  let server: TestServer;
  let movies: CatalogEntry[];
  // Mid-hour, so the hourly window cannot turn over during a test.
  const clock = new TestClock(new Date('2026-11-24T10:20:00Z'));

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    movies = (await server.running.services.catalog.titles()).filter((t) => t.kind === 'movie');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a user's flood is refused beyond one reading and two waiting, and another user's single upload is read before that user's backlog", async () => {
    const a = await onboardedUser(server);
    const b = await onboardedUser(server);
    const big = bigRatings(120_000);
    const finished: string[] = [];
    let firstRefusal!: () => void;
    const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
    const flood = Array.from({ length: 5 }, () =>
      upload(server, a, 'ratings.csv', big).then((r) => {
        finished.push(`a${r.status}`);
        if (r.status === 429) firstRefusal();
        return r;
      }),
    );
    // When one of A's files is refused, A has one file being read and two waiting.
    await Promise.race([refused, Promise.all(flood)]);
    const fromB = await upload(server, b, 'ratings.csv', oneFilm(movies[0], 1));
    finished.push(`b${fromB.status}`);
    const results = await Promise.all(flood);

    // At most three held at once: the others refused (fewer, if A's first was read before its last arrived).
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    const refusal = results.find((r) => r.status === 429)!;
    expect(refusal.body).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(/still being read/) });
    expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
    expect(fromB.status).toBe(201);
    // B's one file was read ahead of A's waiting ones: it finished before A's last.
    expect(finished.indexOf('b201')).toBeLessThan(finished.lastIndexOf('a201'));
  }, 120_000);

  it('answers 429 with Retry-After past the hourly limit of uploads, and keeps at most 3 unconfirmed previews (a new one replaces the oldest)', async () => {
    const c = await onboardedUser(server);
    const first = await c.api.imports.create({ filename: 'ratings.csv', content: oneFilm(movies[0], 0) });
    await c.api.imports.confirm(first.import_id, { choices: [] });
    const ids: string[] = [];
    for (let i = 1; i < IMPORT_LIMITS.uploadsPerHour; i++) {
      clock.advance(1000); // "oldest" is by upload time
      const p = await c.api.imports.create({ filename: 'ratings.csv', content: oneFilm(movies[i], i) });
      ids.push(p.import_id);
      const previews = await server.running.ctx.db.selectFrom('imports').select('id').where('user_id', '=', c.userId).where('status', '=', 'preview').execute();
      expect(previews.length).toBeLessThanOrEqual(IMPORT_LIMITS.storedPreviews);
    }
    const kept = (await c.api.imports.list()).imports;
    expect(kept.filter((i) => i.status === 'preview').map((i) => i.import_id).sort()).toEqual(ids.slice(-3).sort());
    // The confirmed import is not a preview: it stays.
    expect(kept.find((i) => i.import_id === first.import_id)?.status).toBe('confirmed');
    // The replaced previews left nothing behind.
    const items = await server.running.ctx.db.selectFrom('import_items').select('import_id').where('import_id', 'in', ids.slice(0, -3)).execute();
    expect(items).toEqual([]);

    const refused = await c.api.imports.create({ filename: 'ratings.csv', content: oneFilm(movies[30], 30) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).message).toMatch(/20 files in the last hour/);
    expect((refused as ApiError).retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not limited by this one's uploads.
    const other = await onboardedUser(server);
    expect((await other.api.imports.create({ filename: 'ratings.csv', content: oneFilm(movies[31], 31) })).status).toBe('preview');
    // An hour later the user may send files again.
    clock.advance(3_600_000);
    expect((await c.api.imports.create({ filename: 'ratings.csv', content: oneFilm(movies[32], 32) })).status).toBe('preview');
  }, 120_000);
});
