import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * A pick for two (docs/product-decisions.md, "A pick for two"): a household is two accounts, the
 * one who invited and the partner who accepted. Each account is in at most one household (the
 * unique indexes, and the service checks both columns under both users' locks). Deleting either
 * account deletes the household, and with it the together picks and their ratings (cascades); each
 * member's own history keeps the ratings they gave, as rows of `recommendations` with origin
 * 'together'.
 *
 * An invite stores only the SHA-256 of its emailed token (like extension tokens), the address it
 * was sent to, and its state: pending, accepted or revoked. It expires after 7 days.
 */
export const households: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('households')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('partner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('households_owner_idx').on('households').column('owner_id').unique().execute();
    await db.schema.createIndex('households_partner_idx').on('households').column('partner_id').unique().execute();

    await db.schema
      .createTable('household_invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Lower-case: the only account that may accept has this verified address.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      // pending | accepted | revoked
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .execute();
    await db.schema.createIndex('household_invites_inviter_idx').on('household_invites').columns(['inviter_id', 'status']).execute();
    await db.schema.createIndex('household_invites_email_idx').on('household_invites').column('email').execute();

    await db.schema
      .createTable('together_picks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('asked_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // No foreign key, like recommendations: a catalog change never empties a household's list.
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('movie_title', 'text', (c) => c.notNull())
      .addColumn('platform', 'text')
      // Whose service `platform` is: 'both', or the member's user id; null when availability is unknown.
      .addColumn('platform_owner', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('together_picks_household_idx').on('together_picks').columns(['household_id', 'created_at']).execute();

    // One rating per member per together pick; the rating also lives in the member's own history.
    await db.schema
      .createTable('together_ratings')
      .addColumn('pick_id', 'text', (c) => c.notNull().references('together_picks.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 1 liked, 0 disliked
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('rated_at', 'text', (c) => c.notNull())
      // The row of the member's history this rating wrote.
      .addColumn('recommendation_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('together_ratings_pk', ['pick_id', 'user_id'])
      .execute();
  },
};
