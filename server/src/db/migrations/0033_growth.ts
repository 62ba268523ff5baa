import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Work that must not grow with the number of users (issue 38; docs/performance.md, "Growth").
 * `delivery_schedule` holds each scheduled user's next delivery instant in UTC, one row per user
 * whose scheduled delivery is on, so the scheduler finds who is due by an index instead of reading
 * every user. Rows are written by the users' repository whenever a schedule, a time zone or the
 * delivery switch changes, and moved on by the scheduler when it claims a slot. Existing users get
 * a row due at once: the first tick works out their real next slot (it delivers only what
 * dueSlot says is due now).
 * `co_like_tables` holds the co-like neighbours built once (by whichever instance holds the
 * co-likes lease) as one compact blob, so every instance reads the same table instead of
 * rebuilding it from every user's positives.
 */
export const growth: Migration = {
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable('delivery_schedule')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('next_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('delivery_schedule_next_at_idx').on('delivery_schedule').columns(['next_at', 'user_id']).execute();
    await db
      .insertInto('delivery_schedule')
      .columns(['user_id', 'next_at', 'updated_at'])
      .expression(
        db
          .selectFrom('users')
          .select((eb) => ['id', eb.val('1970-01-01T00:00:00.000Z').as('next_at'), eb.val(new Date().toISOString()).as('updated_at')])
          .where('is_onboarded', '=', 1)
          .where('email_verified', '=', 1)
          .where('email_delivery', '=', 1),
      )
      .execute();
    // Retries and deliveries prepared ahead are found by their lease time, not by reading the day's rows.
    await db.schema.createIndex('deliveries_pending_idx').on('deliveries').columns(['status', 'lease_until']).execute();

    await db.schema
      .createTable('co_like_tables')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('built_at', 'text', (c) => c.notNull())
      .addColumn('catalog_version', 'integer', (c) => c.notNull())
      .addColumn('rows', 'integer', (c) => c.notNull())
      .addColumn('users', 'integer', (c) => c.notNull())
      .addColumn('build_ms', 'integer', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .execute();
  },
};
