// Account deletion survives kill -9: the real server process (main.ts) deletes accounts with big
// histories, several at once, and is killed with SIGKILL in the middle. Afterwards every account
// is either whole (every row it had) or entirely gone, and every deletion the server acknowledged
// is complete.
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, migrateToLatest, type DatabaseHandle } from '../src/db/connection.js';
import { insertUser } from '../src/features/users/users.repository.js';
import { createSession } from '../src/features/sessions/sessions.repository.js';
import { issueAccessToken } from '../src/features/auth/tokens.js';
import { deletionCodes } from '../src/features/codes/purposes.js';
import { dialects, TEST_DATABASE_URL, type TestDialect, dropSchema } from './support/dialects.js';
import { freePort, spawnServer, waitReady, type ServerProcess } from './support/server-process.js';

const JWT_SECRET = 'account-crash-secret-'.padEnd(48, 'x');
const USERS = 24;
/** Rows per account: enough that each deletion's transaction takes a while. */
const HISTORY = 3_000;
const KILL_AFTER_ACKS = 6;
const CODE = 'K1LL9X';
const TABLES = ['recommendations', 'recommendation_quota', 'extension_tokens', 'deliveries', 'account_deletion_codes'] as const;

describe.each(dialects)('account deletion survives kill -9 on %s', (dialect: TestDialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-acct-crash-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const config = () =>
    dialect === 'sqlite' ? ({ dialect: 'sqlite', path: join(dataDir, 'app.db') } as const) : ({ dialect: 'postgres', url: TEST_DATABASE_URL!, schema } as const);
  let proc: ServerProcess | null = null;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    if (dialect === 'postgres') {
      await dropSchema(schema);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function counts(db: DatabaseHandle, userId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    out.users = Number((await db.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '=', userId).executeTakeFirstOrThrow()).n);
    for (const t of TABLES) {
      out[t] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(t)} where user_id = ${userId}`.execute(db.db)).rows[0].n);
    }
    return out;
  }

  it('leaves each account whole or gone, and every acknowledged deletion complete', async () => {
    // Accounts without a password, each with a known deletion code, seeded with the repository.
    const seed = await openDatabase(config());
    await migrateToLatest(seed);
    const now = new Date();
    const users: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < USERS; i++) {
      const row = await insertUser(seed.db, { email: `crash${i}.${randomUUID().slice(0, 6)}@example.test`, passwordHash: null, fullName: null, emailVerified: true, googleSub: null, now });
      const session = await createSession(seed.db, row.id, null, now);
      users.push({ id: row.id, token: await issueAccessToken(JWT_SECRET, row.id, session.id, now) });
      const iso = now.toISOString();
      await seed.db.transaction().execute(async (tx) => {
        for (let start = 0; start < HISTORY; start += 500) {
          await tx
            .insertInto('recommendations')
            .values(
              Array.from({ length: 500 }, (_, k) => ({
                id: randomUUID(), user_id: row.id, seq: start + k + 1, title_id: `title-${start + k}`, movie_title: `Film ${start + k}`,
                status: 'watched', user_rating: k % 2, rated_at: iso, mood: null, platform: null, reason: 'Because you liked something a lot', score: 0.5, created_at: iso, closed_at: iso,
              })),
            )
            .execute();
        }
        await tx.insertInto('recommendation_quota').values({ user_id: row.id, week_start: '2026-11-23', used: 2, free_replacements: 1 }).execute();
        await tx.insertInto('extension_tokens').values({ id: randomUUID(), user_id: row.id, token_hash: randomBytes(16).toString('hex'), nonce_hash: randomBytes(16).toString('hex'), browser_name: 'Crashy', created_at: iso, last_used_at: null, revoked_at: null }).execute();
        await tx.insertInto('deliveries').values({ id: randomUUID(), user_id: row.id, local_date: '2026-11-23', due_at: iso, status: 'sent', kind: 'recommendation', attempts: 1, created_at: iso, updated_at: iso }).execute();
        await tx.insertInto('account_deletion_codes').values({ user_id: row.id, code_hash: deletionCodes.hash(JWT_SECRET, { owner: row.id }, CODE), expires_at: new Date(now.getTime() + 3_600_000).toISOString(), attempts: 0, sent_at: iso }).execute();
      });
    }
    const whole = await counts(seed, users[0].id);
    expect(whole).toEqual({ users: 1, recommendations: HISTORY, recommendation_quota: 1, extension_tokens: 1, deliveries: 1, account_deletion_codes: 1 });
    await seed.close();

    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET, SMTP_URL: '', LOG_LEVEL: 'warn', DATABASE_SCHEMA: '' };
    if (dialect === 'sqlite') env.DATABASE_URL = `sqlite:${join(dataDir, 'app.db')}`;
    else Object.assign(env, { DATABASE_URL: TEST_DATABASE_URL!, DATABASE_SCHEMA: schema });
    proc = spawnServer(env, await freePort());
    await waitReady(proc);
    const running = proc;

    const acked = new Set<string>();
    const sent = new Set<string>();
    let next = 0;
    let cut = 0;
    let killed = false;
    async function worker(): Promise<void> {
      while (next < users.length && !killed) {
        const u = users[next++];
        sent.add(u.id);
        try {
          const r = await fetch(`${running.url}/api/account`, {
            method: 'DELETE',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
            body: JSON.stringify({ code: CODE }),
          });
          if (r.status === 200) acked.add(u.id);
          else throw new Error(`DELETE answered ${r.status}: ${await r.text()}`);
        } catch (err) {
          if ((err as Error).message.startsWith('DELETE answered')) throw err;
          cut++;
        }
      }
    }
    const killer = (async () => {
      while (acked.size < KILL_AFTER_ACKS) await new Promise((r) => setTimeout(r, 2));
      await new Promise((r) => setTimeout(r, Math.random() * 15));
      killed = true;
      running.child.kill('SIGKILL');
    })();
    await Promise.all([worker(), worker(), worker(), worker(), killer]);
    const exit = await running.exited;
    expect(exit.signal).toBe('SIGKILL');
    expect(cut).toBeGreaterThan(0); // the kill cut deletions in flight (sent, never answered)

    const db = await openDatabase(config());
    try {
      if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db)).rows[0].integrity_check).toBe('ok');
      let gone = 0;
      for (const u of users) {
        const c = await counts(db, u.id);
        const none = Object.values(c).every((n) => n === 0);
        const zero = Object.fromEntries(Object.keys(whole).map((k) => [k, 0]));
        if (acked.has(u.id)) expect(c, `acknowledged ${u.id}`).toEqual(zero);
        else if (!sent.has(u.id)) expect(c, `never sent ${u.id}`).toEqual(whole);
        else expect(none || JSON.stringify(c) === JSON.stringify(whole), `user ${u.id}: ${JSON.stringify(c)}`).toBe(true);
        if (none) gone++;
      }
      console.info(`kill -9 on ${dialect}: ${sent.size} deletions sent, ${acked.size} acknowledged, ${cut} cut in flight, ${gone} accounts gone, ${USERS - gone} whole`);
    } finally {
      await db.close();
    }
  }, 300_000);
});
