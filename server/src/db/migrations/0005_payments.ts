import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Orders of the lifetime plan (one per Stripe Checkout Session) and the webhook events already
 * applied. The event id's primary key is what makes a replayed or concurrent duplicate webhook
 * upgrade a user once: it is inserted in the same transaction as the upgrade.
 */
export const payments: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('stripe_session_id', 'text', (c) => c.notNull().unique())
      // pending | paid | refunded | expired | failed
      .addColumn('status', 'text', (c) => c.notNull())
      // Minor units (cents), as Stripe counts them.
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      // Known once paid; a refund (charge.refunded) names the payment intent, not the session.
      .addColumn('stripe_payment_intent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'text')
      .addColumn('refunded_at', 'text')
      .execute();
    await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'status']).execute();
    await db.schema.createIndex('payment_orders_intent_idx').on('payment_orders').column('stripe_payment_intent').execute();

    await db.schema
      .createTable('processed_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text', (c) => c.notNull())
      .execute();
  },
};
