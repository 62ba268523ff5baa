import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * The TMDB sync's queue and cursor (docs/catalog.md, "TMDB sync"): one row per external title a
 * sync has queued, so a sync stopped half-way resumes from the database; and a lease per
 * scheduled job, so one instance of several on one database runs a daily job.
 */
export const catalogSync: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalog_sync_items')
      .addColumn('source', 'text', (c) => c.notNull())
      // movie | tv (TMDB numbers each separately)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('external_id', 'integer', (c) => c.notNull())
      // pending | done | failed
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      // discover | changed | refresh: why it was (re)queued
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo('discover'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      // The run that last tried it: a run tries an item at most once.
      .addColumn('run_id', 'text')
      .addColumn('title_id', 'text')
      // YYYY-MM-DD of the details (and so the offers) last merged: the oldest are refreshed first.
      .addColumn('offers_as_of', 'text')
      .addColumn('queued_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('catalog_sync_items_pk', ['source', 'kind', 'external_id'])
      .execute();
    await db.schema.createIndex('catalog_sync_items_status_idx').on('catalog_sync_items').columns(['source', 'status', 'queued_at']).execute();
    await db.schema.createIndex('catalog_sync_items_offers_idx').on('catalog_sync_items').columns(['source', 'offers_as_of']).execute();

    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text')
      .addColumn('lease_until', 'text')
      // YYYY-MM-DD (UTC) of the last run that finished: a daily job runs once a day.
      .addColumn('last_run_date', 'text')
      .addColumn('last_error', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
