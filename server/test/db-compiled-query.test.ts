// Reads compiled once (server/src/db/compiled-query.ts) answer as the same query built afresh
// would, for any values, on the handle and inside a transaction (which sees its own writes), on
// SQLite and PostgreSQL; a build whose SQL would depend on its values, or a write, is refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { migrateToLatest, type DatabaseHandle } from '../src/db/connection.js';
import { compiledOnce } from '../src/db/compiled-query.js';
import { writeTransaction } from '../src/db/transaction.js';
import { weekCounts } from '../src/features/subscription/quota.repository.js';
import { insertUser } from '../src/features/users/users.repository.js';
import { dialects, scratchDatabase } from './support/dialects.js';

const WEEKS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];

describe.each(dialects)('reads compiled once on %s', (dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let users: string[];

  beforeEach(async () => {
    ({ handle, drop: cleanup } = await scratchDatabase(dialect, 'compiled'));
    await migrateToLatest(handle);
    users = [];
    for (let i = 0; i < 3; i++) {
      users.push((await insertUser(handle.db, { email: `u${i}@example.test`, passwordHash: null, fullName: null, emailVerified: true, googleSub: null, now: new Date() })).id);
    }
  });
  afterEach(async () => {
    await handle.close();
    await cleanup();
  });

  const fresh = async (userId: string, weekStart: string) => {
    const row = await handle.db.selectFrom('recommendation_quota').select(['used', 'free_replacements']).where('user_id', '=', userId).where('week_start', '=', weekStart).executeTakeFirst();
    return { used: row ? Number(row.used) : 0, freeReplacements: row ? Number(row.free_replacements) : 0 };
  };

  it('answers as the query built afresh, for random rows and random lookups', async () => {
    const cell = fc.record({ user: fc.nat(users.length - 1), week: fc.nat(WEEKS.length - 1) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ at: cell, used: fc.nat(50), free: fc.nat(3) }), { maxLength: 12 }), fc.array(cell, { minLength: 1, maxLength: 12 }), async (rows, lookups) => {
        await handle.db.deleteFrom('recommendation_quota').execute();
        const seen = new Set<string>();
        for (const r of rows) {
          const key = `${r.at.user}/${r.at.week}`;
          if (seen.has(key)) continue;
          seen.add(key);
          await handle.db.insertInto('recommendation_quota').values({ user_id: users[r.at.user], week_start: WEEKS[r.at.week], used: r.used, free_replacements: r.free }).execute();
        }
        for (const l of [...lookups, ...rows.map((r) => r.at)]) {
          expect(await weekCounts(handle.db, users[l.user], WEEKS[l.week])).toEqual(await fresh(users[l.user], WEEKS[l.week]));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('inside a transaction reads its own uncommitted write; the handle does not until the commit', async () => {
    const [u] = users;
    const week = WEEKS[3];
    expect(await weekCounts(handle.db, u, week)).toEqual({ used: 0, freeReplacements: 0 });
    await writeTransaction(handle, async (tx) => {
      await tx.insertInto('recommendation_quota').values({ user_id: u, week_start: week, used: 2 }).execute();
      expect(await weekCounts(tx, u, week)).toEqual({ used: 2, freeReplacements: 0 });
    });
    expect(await weekCounts(handle.db, u, week)).toEqual({ used: 2, freeReplacements: 0 });
    await expect(
      writeTransaction(handle, async (tx) => {
        await tx.updateTable('recommendation_quota').set({ used: 9 }).where('user_id', '=', u).execute();
        expect(await weekCounts(tx, u, week)).toEqual({ used: 9, freeReplacements: 0 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await weekCounts(handle.db, u, week)).toEqual({ used: 2, freeReplacements: 0 });
  });

  it('refuses a build whose SQL depends on its values, and a write, before running anything', async () => {
    const changed = compiledOnce((db, userId: string) => db.selectFrom('users').select('id').where('id', '=', userId.toLowerCase()));
    await expect(changed(handle.db, users[0])).rejects.toThrow(/used an argument as more than a value/);
    const made = compiledOnce((db, email: string) => db.selectFrom('users').select('id').where('email', '=', `${email}@example.test`));
    await expect(made(handle.db, 'u0')).rejects.toThrow(/did not reach the query as values/);
    const listed = compiledOnce((db, userId: string) => db.selectFrom('users').select('id').where('id', 'in', [userId, userId]));
    expect((await listed(handle.db, users[1])).map((r) => r.id)).toEqual([users[1]]);
    const write = compiledOnce((db, userId: string) => db.deleteFrom('users').where('id', '=', userId));
    await expect(write(handle.db, users[0])).rejects.toThrow(/reads only/);
    expect(await handle.db.selectFrom('users').select('id').where('id', '=', users[0]).executeTakeFirst()).toEqual({ id: users[0] });
  });
});
