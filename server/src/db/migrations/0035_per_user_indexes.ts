import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Per-user reads that read every user's rows (issue 38), found by server/test/per-user-queries.test.ts
 * from the plans of the queries one user's requests send. Each index lets the database go straight
 * to that user's rows, so the time no longer grows with other people's data.
 */
export const perUserIndexes: Migration = {
  async up(db: Kysely<any>) {
    // Page views by user, in time order: the export's list of them (it read the whole table, the
    // export's growth with the number of users), the three updates that strip an account's events
    // when it is deleted, and the foreign key's "set null" when a user row is deleted. On SQLite
    // that check also runs on every update of a user row's key, which the import takes as a lock.
    await db.schema.createIndex('analytics_events_user_idx').on('analytics_events').columns(['user_id', 'created_at']).execute();
    // Feedback is kept by the address given with it: the export's "your feedback", in time order,
    // and the deletion of it with the account.
    await db.schema.createIndex('feedback_email_idx').on('feedback').columns(['email', 'created_at']).execute();
    // Picks for two asked by a user: the export's household picks, and the foreign key's cascade
    // when a user row is deleted (or, on SQLite, its key is rewritten).
    await db.schema.createIndex('together_picks_asked_by_idx').on('together_picks').columns(['asked_by']).execute();
    // A user's ratings of picks for two (the primary key starts with the pick): the export's picks
    // the user rated, and the foreign key's cascade as above.
    await db.schema.createIndex('together_ratings_user_idx').on('together_ratings').columns(['user_id', 'pick_id']).execute();
  },
};
