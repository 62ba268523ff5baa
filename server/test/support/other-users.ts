// Other people's rows, written straight into the database in bulk (thousands of users in a second
// or two rather than a sign-up each): every table that holds a user's data gets rows of theirs, so
// a query that reads by anything but the user finds itself reading everyone.
import { randomBytes, randomUUID } from 'node:crypto';
import type { DB } from '../../src/db/connection.js';

type Row = Record<string, unknown>;

const PER_USER = { history: 20, events: 20, deliveries: 5 };

async function insertAll(db: DB, table: string, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    // A generic bulk writer: the rows are built per table below, so the table name is not checked here.
    await db.insertInto(table as 'users').values(rows.slice(i, i + 200) as never).execute();
  }
}

const hex = () => randomBytes(16).toString('hex');

/** `count` more users with data in every per-user table; returns their ids. */
export async function addOtherUsers(db: DB, count: number, now: Date): Promise<string[]> {
  const titles = await db.selectFrom('titles').select(['id', 'title']).limit(PER_USER.history).execute();
  const iso = now.toISOString();
  const day = (i: number) => new Date(now.getTime() - i * 86_400_000).toISOString();
  const ids = Array.from({ length: count }, () => randomUUID());
  const t: Record<string, Row[]> = {};
  const add = (table: string, row: Row) => (t[table] ??= []).push(row);
  ids.forEach((id, n) => {
    const email = `other.${hex()}@example.test`;
    add('users', { id, email, full_name: 'Other', email_verified: 1, is_onboarded: 1, created_at: iso, updated_at: iso });
    titles.forEach((title, i) => {
      const active = i === titles.length - 1;
      add('recommendations', {
        id: randomUUID(), user_id: id, seq: i + 1, title_id: title.id, movie_title: title.title, status: active ? 'active' : 'watched',
        user_rating: i % 3 ? 1 : null, rated_at: i % 3 ? day(i) : null, reason: 'seeded', score: 0.5, created_at: day(i), closed_at: active ? null : day(i),
      });
    });
    for (let i = 0; i < PER_USER.events; i++) add('analytics_events', { user_id: id, name: 'page_view', path: '/app/dashboard', properties: null, created_at: day(i) });
    for (let i = 0; i < PER_USER.deliveries; i++) {
      add('deliveries', { id: randomUUID(), user_id: id, local_date: day(i).slice(0, 10), due_at: day(i), status: 'sent', kind: 'recommendation', attempts: 1, created_at: day(i), updated_at: day(i) });
    }
    add('sessions', { id: randomUUID(), user_id: id, user_agent: 'seeded', created_at: iso, last_used_at: iso });
    add('extension_tokens', { id: randomUUID(), user_id: id, token_hash: hex(), nonce_hash: hex(), browser_name: 'Seeded', created_at: iso, last_used_at: iso });
    const importId = randomUUID();
    add('imports', { id: importId, user_id: id, source: 'letterboxd', filename: 'ratings.csv', file_hash: hex(), status: 'confirmed', rows_read: 2, unmatched_count: 0, created_at: iso });
    for (let position = 0; position < 2; position++) add('import_items', { import_id: importId, position, name: titles[position].title, watched: 1, watchlist: 0 });
    add('watchlist', { user_id: id, title_id: titles[0].id, added_at: iso });
    add('user_library', { user_id: id, origin: 'jellyfin', item_id: hex(), title_id: titles[1].id, added_at: iso });
    add('user_favourites', { user_id: id, title_id: titles[2].id, position: 0, created_at: iso });
    add('recommendation_quota', { user_id: id, week_start: iso.slice(0, 10), used: 1 });
    add('feedback', { rating: 1, comment: 'seeded', email, created_at: iso });
    add('payment_orders', { id: randomUUID(), user_id: id, stripe_session_id: hex(), status: 'paid', amount: 5900, currency: 'eur', created_at: iso });
    add('connections', { user_id: id, kind: 'jellyfin', credentials: '{}', created_at: iso });
    add('sync_events', { user_id: id, origin: 'jellyfin', event_key: hex(), title_id: titles[0].id, happened_at: iso, received_at: iso });
    add('household_invites', { id: randomUUID(), inviter_id: id, email: `invitee.${hex()}@example.test`, token_hash: hex(), status: 'pending', created_at: iso, expires_at: iso });
    // Every second user makes a household with the one before, with a pick for two rated by both.
    if (n % 2 === 1) {
      const household = randomUUID();
      const pick = randomUUID();
      add('households', { id: household, owner_id: ids[n - 1], partner_id: id, created_at: iso });
      add('together_picks', { id: pick, household_id: household, asked_by: id, title_id: titles[3].id, movie_title: titles[3].title, reason: 'seeded', score: 0.5, created_at: iso });
      for (const member of [ids[n - 1], id]) add('together_ratings', { pick_id: pick, user_id: member, rating: 1, rated_at: iso, recommendation_id: randomUUID() });
    }
  });
  // Parents first: the foreign keys hold at every insert.
  for (const [table, rows] of Object.entries(t)) await insertAll(db, table, rows);
  return ids;
}
