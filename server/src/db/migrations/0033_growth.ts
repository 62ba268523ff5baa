import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Work that must not grow with the number of users (issue 38). `delivery_schedule` holds each
 * scheduled user's next delivery instant in UTC, one row per user whose scheduled delivery can be
 * due (onboarded, verified, delivery on), so who is due can be found by an index instead of by
 * reading every user. The users' repository rewrites a row whenever a schedule, a time zone or the
 * delivery switch changes (features/users/delivery-schedule.repository.ts). Existing users get a
 * row at 1970, meaning "not worked out yet": a migration is history and does not run today's slot
 * code, so the first reader works their real slot out.
 */
export const growth: Migration = {
  async up(db: Kysely<any>) {
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
    // The scheduler finds deliveries waiting for a sender (a first try or a retry) by their lease, not by a day's rows.
    await db.schema.createIndex('deliveries_waiting_idx').on('deliveries').columns(['status', 'lease_until']).execute();
  },
};
