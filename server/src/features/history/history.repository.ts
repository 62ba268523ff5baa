// Kysely only: a person's history (the recommendations table) in and out. Writers reach the
// writing half through history.ts (HistoryWrite), never directly.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DB } from '../../db/connection.js';
import { compiledOnce } from '../../db/compiled-query.js';
import type { Tx } from '../../db/transaction.js';
import type { RecommendationsTable, UsersTable } from '../../db/schema.js';
import type { UserRow } from '../users/users.repository.js';
import { allColumns, qualified } from '../../db/columns.js';

type Queryable = DB | Tx;
export type UserPatch = Updateable<UsersTable>;
export type RecommendationRow = Selectable<RecommendationsTable>;
export type RecommendationStatus = 'active' | 'watched' | 'skipped';

/** Every column of recommendations, for the active pick every GET /current reads outside a transaction (db/columns.ts). */
const RECOMMENDATION_COLUMNS = allColumns<RecommendationsTable>()([
  'id',
  'user_id',
  'seq',
  'title_id',
  'movie_title',
  'status',
  'user_rating',
  'rated_at',
  'mood',
  'platform',
  'reason',
  'score',
  'created_at',
  'closed_at',
  'origin',
  'import_id',
  'notices',
  'watched_on',
]);
const PICK_FIELDS = qualified('r', RECOMMENDATION_COLUMNS);

/**
 * Serialises writes to a user's history. SQLite's BEGIN IMMEDIATE already holds the only write
 * lock; on PostgreSQL the user row lock makes concurrent issues (any instance) wait their turn, so
 * each one sees the titles the previous one issued. Every write to the user's history (a pick,
 * a rating, a history edit, an import) calls this first in its transaction: it bumps taste_rev,
 * the revision a server's kept history is checked against (taste-state.ts). Returns the row as it
 * is now, with this transaction's revision. Called only by history.ts (History.write).
 */
export async function lockUser(tx: Tx, userId: string, patch: UserPatch = {}): Promise<UserRow | undefined> {
  // An UPDATE takes the row lock FOR UPDATE would, on both databases. A pick's remembered
  // constraints (`patch`, with updated_at) ride on the same statement.
  return tx
    .updateTable('users')
    .set({ ...patch, taste_rev: sql<number>`taste_rev + 1` })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * `status = 'active'` is written as a literal, here and in closeActive: the partial index
 * recommendations_one_active_idx is chosen for it at prepare time. With a bound parameter SQLite
 * prepares the statement again on every run to decide (4x slower here), and reads the user's rows.
 */
const ACTIVE = sql.lit('active');

// In a pick's transaction this is built again for each transaction (compiledOnce keeps one per
// database object): `*` there, since Kysely parses each name of a column list whenever it builds.
const active = compiledOnce((db: DB, userId: string) => db.selectFrom('recommendations').selectAll().where('user_id', '=', userId).where('status', '=', ACTIVE));

export async function activeRecommendation(db: Queryable, userId: string): Promise<RecommendationRow | undefined> {
  return (await active(db, userId))[0];
}

const activeSaved = compiledOnce((db: DB, userId: string) =>
  db
    .selectFrom('recommendations as r')
    .select(PICK_FIELDS)
    .select((eb) => eb.exists(eb.selectFrom('watchlist as w').select('w.title_id').whereRef('w.user_id', '=', 'r.user_id').whereRef('w.title_id', '=', 'r.title_id')).as('on_watchlist'))
    .where('r.user_id', '=', userId)
    .where('r.status', '=', ACTIVE),
);

/** The active pick and whether its title is on the user's watchlist, in one read (GET /current). */
export async function activeWithSaved(db: Queryable, userId: string): Promise<{ row: RecommendationRow; saved: boolean } | undefined> {
  const [found] = await activeSaved(db, userId);
  if (!found) return undefined;
  // 1/0 on SQLite, true/false on PostgreSQL; off the row, which stays a recommendations row.
  const saved = Boolean(Number(found.on_watchlist));
  delete (found as Partial<typeof found>).on_watchlist;
  return { row: found, saved };
}

export function findRecommendation(db: Queryable, userId: string, id: string): Promise<RecommendationRow | undefined> {
  // No id holds a NUL, and PostgreSQL refuses one in a text value: not found, without asking.
  if (id.includes('\u0000')) return Promise.resolve(undefined);
  return db.selectFrom('recommendations').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The newest recommendation of this title name (case-insensitive), for rating by title. */
export function findByMovieTitle(db: Queryable, userId: string, movieTitle: string): Promise<RecommendationRow | undefined> {
  return db
    .selectFrom('recommendations')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<string>`lower(movie_title)`, '=', movieTitle.trim().toLowerCase())
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function closeActive(tx: Tx, userId: string, status: Exclude<RecommendationStatus, 'active'>, now: Date, watchedOn?: string): Promise<number> {
  const r = await tx
    .updateTable('recommendations')
    .set({ status, closed_at: now.toISOString(), ...(watchedOn ? { watched_on: watchedOn } : {}) })
    .where('user_id', '=', userId)
    .where('status', '=', ACTIVE)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * What the engine reads about the person besides their history, in one read: the onboarding
 * favourites (in the order chosen) and the titles saved for later (the watchlist is bounded:
 * `savedLimit` is WATCHLIST_MAX).
 */
export async function tasteInputs(db: Queryable, userId: string, savedLimit: number): Promise<{ favourites: string[]; saved: string[] }> {
  // Written as SQL: Kysely's builder compiled this union anew in every pick's transaction, and that
  // cost more CPU on SQLite than the second round trip it saves (docs/performance.md, "Reads").
  const { rows } = await sql<{ title_id: string; position: number; saved: number }>`
    SELECT title_id, position, 0 AS saved FROM user_favourites WHERE user_id = ${userId}
    UNION ALL
    SELECT title_id, 0, 1 FROM (SELECT title_id FROM watchlist WHERE user_id = ${userId} LIMIT ${savedLimit}) AS w`.execute(db);
  const favourites = rows.filter((r) => Number(r.saved) === 0).sort((a, b) => Number(a.position) - Number(b.position));
  return { favourites: favourites.map((r) => r.title_id), saved: rows.filter((r) => Number(r.saved) === 1).map((r) => r.title_id) };
}

/**
 * Removes the title from the user's watchlist; how many rows went (0 or 1). A title marked watched
 * leaves the list (closeActive as watched in history.ts, a history edit, the badge), and the
 * watchlist's own remove is the same statement.
 */
export async function deleteSaved(db: Queryable, userId: string, titleId: string): Promise<number> {
  // No title id holds a NUL, and PostgreSQL refuses one in a text value: nothing to delete.
  if (titleId.includes('\u0000')) return 0;
  const r = await db.deleteFrom('watchlist').where('user_id', '=', userId).where('title_id', '=', titleId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** What the engine needs to know about the user's past: one small row per issued title. */
export function tasteRows(db: Queryable, userId: string) {
  return db.selectFrom('recommendations').select(['title_id', 'status', 'user_rating', 'seq']).where('user_id', '=', userId).execute();
}

export function insertRecommendation(tx: Tx, row: Insertable<RecommendationsTable>): Promise<RecommendationRow> {
  return tx.insertInto('recommendations').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Rows per INSERT of many (an import): 500 rows of at most 17 columns are 8,500 bound values, under
 * SQLite's 32,766 and PostgreSQL's 65,535; a 50,000-title import is 100 statements.
 */
export const INSERT_CHUNK = 500;

export async function insertRows(tx: Tx, rows: readonly Insertable<RecommendationsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insertInto('recommendations').values(rows.slice(i, i + INSERT_CHUNK)).execute();
}

/** The newest seq of the user's history, null when it is empty (picks count up from 1; imports sit below 0). */
export async function newestSeq(tx: Tx, userId: string): Promise<number | null> {
  const row = await tx
    .selectFrom('recommendations')
    .select((eb) => eb.fn.max<number | string | null>('seq').as('seq'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

/** The user's newest history row of this title, if any (a title is in a history at most once). */
export function rowOfTitle(db: Queryable, userId: string, titleId: string) {
  return db
    .selectFrom('recommendations')
    .select(['id', 'status', 'user_rating'])
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the user's history has this title as watched. */
export async function watchedInHistory(db: Queryable, userId: string, titleId: string): Promise<boolean> {
  const r = await db
    .selectFrom('recommendations')
    .select('id')
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .where('status', '=', 'watched')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** Every title in the user's history, and the lowest seq (null: no history yet). */
export async function historyTitles(db: Queryable, userId: string): Promise<{ titles: Set<string>; minSeq: number | null }> {
  const rows = await db.selectFrom('recommendations').select(['title_id', 'seq']).where('user_id', '=', userId).execute();
  let minSeq: number | null = null;
  for (const r of rows) minSeq = minSeq === null ? Number(r.seq) : Math.min(minSeq, Number(r.seq));
  return { titles: new Set(rows.map((r) => r.title_id)), minSeq };
}

/** Removes the rows an import wrote (edited since or not: undo means "as if never imported"). */
export async function deleteImported(tx: Tx, userId: string, importId: string): Promise<number> {
  const r = await tx.deleteFrom('recommendations').where('user_id', '=', userId).where('import_id', '=', importId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Records a rating only if none is recorded yet; undefined when the row was already rated. */
export function rateOnce(db: Queryable, userId: string, id: string, liked: boolean, now: Date): Promise<RecommendationRow | undefined> {
  return db
    .updateTable('recommendations')
    .set({ user_rating: liked ? 1 : 0, rated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('user_rating', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A history edit on a closed row (never the active pick when the status changes): the rating
 * (undefined: unchanged; null clears it; rated_at = now either way) and the status. Returns the
 * row as it is now, or undefined when nothing matched (another user's id, or the active pick).
 */
export async function editClosed(
  db: Queryable,
  userId: string,
  id: string,
  edit: { rating: boolean | null | undefined; status: 'watched' | 'skipped' | undefined; now: Date },
): Promise<RecommendationRow | undefined> {
  const set: { user_rating?: number | null; rated_at?: string; status?: string; closed_at?: string } = {};
  if (edit.rating !== undefined) {
    set.user_rating = edit.rating === null ? null : edit.rating ? 1 : 0;
    set.rated_at = edit.now.toISOString();
  }
  if (edit.status !== undefined) set.status = edit.status;
  let q = db.updateTable('recommendations').where('user_id', '=', userId).where('id', '=', id);
  if (edit.status !== undefined) q = q.where('status', '!=', 'active');
  if (Object.keys(set).length === 0) return q.set({ id }).returningAll().executeTakeFirst();
  return q.set(set).returningAll().executeTakeFirst();
}

/** Deletes a closed row of the user's history; how many rows went (0 or 1). */
export async function deleteClosed(db: Queryable, userId: string, id: string): Promise<number> {
  const r = await db.deleteFrom('recommendations').where('user_id', '=', userId).where('id', '=', id).where('status', '!=', 'active').executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function historyPage(db: Queryable, userId: string, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('recommendations')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('seq', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('recommendations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

