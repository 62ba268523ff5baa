import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { codeColumns } from './helpers.js';

/**
 * Export and deletion of an account (docs/product-decisions.md, "Your data: export and deletion"):
 * emailed codes that confirm the deletion of an account without a password, and payment orders
 * that outlive their account (kept for accounting, without the user id: the foreign key now sets
 * it to null instead of deleting the order).
 */
export const accountData: Migration = {
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable('account_deletion_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .$call(codeColumns)
      .execute();

    if (dialect === 'postgres') {
      await sql`alter table payment_orders alter column user_id drop not null`.execute(db);
      await sql`alter table payment_orders drop constraint payment_orders_user_id_fkey`.execute(db);
      await sql`alter table payment_orders add constraint payment_orders_user_id_fkey foreign key (user_id) references users (id) on delete set null`.execute(db);
      return;
    }
    // SQLite cannot change a column's constraints: the table is rebuilt (nothing references it).
    await sql`create table payment_orders_new (
      id text primary key,
      user_id text references users (id) on delete set null,
      stripe_session_id text not null unique,
      status text not null,
      amount integer not null,
      currency text not null,
      stripe_payment_intent text,
      created_at text not null,
      paid_at text,
      refunded_at text
    )`.execute(db);
    await sql`insert into payment_orders_new (id, user_id, stripe_session_id, status, amount, currency, stripe_payment_intent, created_at, paid_at, refunded_at)
      select id, user_id, stripe_session_id, status, amount, currency, stripe_payment_intent, created_at, paid_at, refunded_at from payment_orders`.execute(db);
    await sql`drop table payment_orders`.execute(db);
    await sql`alter table payment_orders_new rename to payment_orders`.execute(db);
    await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'status']).execute();
    await db.schema.createIndex('payment_orders_intent_idx').on('payment_orders').column('stripe_payment_intent').execute();
  },
};
