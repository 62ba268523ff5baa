import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** Tokens of connected browser extensions: only their SHA-256 is kept; revoking keeps the row. */
export const extensionTokens: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('extension_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      // A nonce issues at most one token, so a replayed hand-off page cannot mint a second one.
      .addColumn('nonce_hash', 'text', (c) => c.notNull().unique())
      .addColumn('browser_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('extension_tokens_user_idx').on('extension_tokens').columns(['user_id', 'created_at']).execute();
  },
};
