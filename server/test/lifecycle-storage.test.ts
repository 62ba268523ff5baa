// Storage failures are seen and said: /healthz makes a real write, so a database that refuses
// writes is unhealthy (503); a write that fails for lack of space answers 503 with its own error
// kept (not "cannot rollback"); a database file deleted or replaced under the running server stops
// every write instead of acknowledging writes that vanish at the next start.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFileSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, TestClock, type TestServer } from './support/test-server.js';
import { HEALTH_PROBE_INTERVAL_MS } from '../src/http/health.js';
import { writeTransaction } from '../src/db/transaction.js';

const STORAGE_DETAIL = "Your change could not be saved: the server's storage is unavailable. Please try again later.";
const feedback = (comment = 'Nice') => JSON.stringify({ rating: true, comment, page_url: `https://x.test/${'p'.repeat(2000)}`, user_agent: 'u'.repeat(1000) });

describe.each(dialects)('storage health on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('/healthz proves a write works and /readyz says ready', async () => {
    expect(await rawRequest(server.url, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', database: dialect } });
    expect(await rawRequest(server.url, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    const row = await server.running.ctx.db.selectFrom('health_probe').selectAll().executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.checked_at)).toBeLessThan(60_000);
  });

  it('/healthz makes at most one write per interval; the requests in between answer from it', async () => {
    const clock = new TestClock(new Date('2026-12-01T20:00:00.000Z'));
    const own = await startTestServer(dialect, { clock });
    try {
      const written = async () => (await own.running.ctx.db.selectFrom('health_probe').select('checked_at').where('id', '=', 'probe').executeTakeFirst())?.checked_at;
      const burst = await Promise.all(Array.from({ length: 10 }, () => rawRequest(own.url, '/healthz')));
      expect(burst.map((r) => [r.status, r.body])).toEqual(burst.map(() => [200, { status: 'ok', database: dialect }]));
      const first = clock.now().toISOString();
      expect(await written()).toBe(first);
      clock.advance(HEALTH_PROBE_INTERVAL_MS - 1);
      expect(await rawRequest(own.url, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', database: dialect } });
      expect(await written()).toBe(first); // answered from the last write, none made
      clock.advance(1);
      expect((await rawRequest(own.url, '/healthz')).status).toBe(200);
      expect(await written()).toBe(clock.now().toISOString());
    } finally {
      await own.close();
    }
  });
});

/** /healthz until it answers `status`: a write it saw succeed stands for HEALTH_PROBE_INTERVAL_MS. */
async function healthzWhen(url: string, status: number) {
  let health = await rawRequest(url, '/healthz');
  for (let i = 0; i < 400 && health.status !== status; i++) {
    await new Promise((r) => setTimeout(r, 50));
    health = await rawRequest(url, '/healthz');
  }
  return health;
}

describe('SQLite storage failures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  // Tests run as root, for whom chmod does not make a file read-only. PRAGMA query_only makes
  // SQLite itself refuse every write with SQLITE_READONLY, the error a read-only file or mount
  // gives, on the server's own connection: the same code path as a real read-only disk.
  it('a database that refuses writes makes /healthz 503 and writes answer 503, not 500', async () => {
    const db = server.running.ctx.db;
    // A write seen to succeed stands for a few seconds: the failure shows once it has run out.
    expect((await rawRequest(server.url, '/healthz')).status).toBe(200);
    await sql`pragma query_only = 1`.execute(db);
    try {
      const health = await healthzWhen(server.url, 503);
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unhealthy', database: 'sqlite', detail: 'the database did not take a write (SQLITE_READONLY)' });
      const write = await rawRequest(server.url, '/api/feedback/submit', { body: feedback() });
      expect([write.status, write.body.detail]).toEqual([503, STORAGE_DETAIL]);
    } finally {
      await sql`pragma query_only = 0`.execute(db);
    }
    expect((await rawRequest(server.url, '/healthz')).status).toBe(200);
  });

  // A full disk: max_page_count caps the file at its size, so SQLite answers SQLITE_FULL exactly
  // as it does when the disk is out of space, and rolls the transaction back itself.
  it('a full disk keeps its own error (SQLITE_FULL) through a failed transaction, and writes answer 503', async () => {
    const { db } = server.running.ctx;
    await sql`create table if not exists filler (x blob)`.execute(db);
    const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0].page_count);
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
    try {
      // Use up the free space, as a disk that filled up would: big rows, then ever smaller ones.
      for (const size of [4000, 1000, 250, 60, 10]) {
        for (let i = 0; i < 100_000; i++) {
          const full = await sql`insert into filler values (randomblob(${size}))`.execute(db).then(() => false, () => true);
          if (full) break;
        }
      }
      const err = await writeTransaction(server.running.ctx.database, async (tx) => {
        await sql`insert into filler values (randomblob(20000))`.execute(tx);
      }).catch((e: Error & { code?: string }) => e);
      expect(err).toBeInstanceOf(Error);
      expect([(err as { code?: string }).code, (err as Error).message]).toEqual(['SQLITE_FULL', 'database or disk is full']);
      // The feedback table's own first page may still hold a row or two; then the disk is full.
      let write = await rawRequest(server.url, '/api/feedback/submit', { body: feedback('x'.repeat(500)) });
      for (let i = 0; i < 5 && write.status === 201; i++) write = await rawRequest(server.url, '/api/feedback/submit', { body: feedback('x'.repeat(500)) });
      expect([write.status, write.body.detail]).toEqual([503, STORAGE_DETAIL]);
    } finally {
      await sql`drop table filler`.execute(db);
      await sql`pragma max_page_count = 1073741823`.execute(db);
    }
    expect((await rawRequest(server.url, '/api/feedback/submit', { body: feedback() })).status).toBe(201);
  });
});

describe.each(['deleted', 'replaced'] as const)('SQLite database file %s while running', (how) => {
  it('stops acknowledging writes and reports unhealthy', async () => {
    const server = await startTestServer('sqlite');
    try {
      const u = await signUp(server);
      const path = join(server.env.DATA_DIR, 'app.db');
      if (how === 'deleted') unlinkSync(path);
      else {
        copyFileSync(path, `${path}.copy`);
        renameSync(`${path}.copy`, path);
      }
      const problem = `the database file was ${how} while the server was running; writes are refused until the server is restarted`;
      const update = await rawRequest(server.url, '/api/settings/profile', {
        method: 'PUT',
        token: u.store.token!,
        body: JSON.stringify({ full_name: 'Lost Write' }),
      });
      expect([update.status, update.body.detail]).toEqual([503, STORAGE_DETAIL]);
      const fb = await rawRequest(server.url, '/api/feedback/submit', { body: feedback() });
      expect(fb.status).toBe(503);
      expect(await rawRequest(server.url, '/healthz')).toMatchObject({ status: 503, body: { status: 'unhealthy', database: 'sqlite', detail: problem } });
      expect(await rawRequest(server.url, '/readyz')).toMatchObject({ status: 503, body: { status: 'unhealthy', detail: problem } });
      // Writes that bypass the HTTP layer (the scheduler, scripts) are refused too.
      await expect(server.running.ctx.db.insertInto('health_probe').values({ id: 'x', checked_at: 'now' }).execute()).rejects.toThrow(problem);
    } finally {
      await server.close();
    }
  });
});
