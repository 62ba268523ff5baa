// The kept taste (features/history/taste-state.ts) against the database, for the property
// tests that drive a server through the API (taste-cache.property.test.ts, taste-cache-together.property.test.ts).
import { expect } from 'vitest';
import { WATCHLIST_MAX, type Mood } from '@app/shared';
import { recommend } from '../../src/engine/index.js';
import type { Recommendation as EnginePick } from '../../src/engine/types.js';
import { tasteRows } from '../../src/features/history/history.repository.js';
import { buildTaste, buildTasteState, issueSeed, nextSeq, positionsFor, tasteOf, type TasteRow } from '../../src/features/history/taste-state.js';
import { favouriteTitleIds } from '../../src/features/onboarding/onboarding.repository.js';
import { findUserById } from '../../src/features/users/users.repository.js';
import type { TestServer } from './test-server.js';

export const MOODS: Array<Mood | null> = [null, null, 'dark', 'light', 'thrilling'];

export function comparable(pick: EnginePick | null) {
  return pick && { titleId: pick.titleId, reason: pick.reason, factors: pick.factors, platform: pick.platform };
}

/** The engine's inputs read fresh from the database, as before any history was kept. */
export async function fromDatabase(server: TestServer, userId: string, closing?: { watched: boolean }) {
  const db = server.running.ctx.db;
  const user = (await findUserById(db, userId))!;
  const rows: TasteRow[] = (await tasteRows(db, userId)).map((r) => ({ ...r }));
  const active = rows.find((r) => r.status === 'active');
  if (active && closing) active.status = closing.watched ? 'watched' : 'skipped';
  // Read apart from the server's own read (history.repository tasteInputs), so the two are compared.
  const favourites = await favouriteTitleIds(db, userId);
  const savedRows = await db.selectFrom('watchlist').select('title_id').where('user_id', '=', userId).limit(WATCHLIST_MAX).execute();
  const saved = savedRows.map((r) => r.title_id).filter((id) => !(active && closing?.watched && id === active.title_id));
  const seq = rows.reduce((max, r) => Math.max(max, Number(r.seq)), 0) + 1;
  return { user, rows, favourites, saved, seq };
}

/** The pick a fresh read of the database predicts for the next POST /new, and the co-likes it used. */
export async function predictedPick(server: TestServer, userId: string, watched: boolean, mood: Mood | null) {
  const expected = await fromDatabase(server, userId, { watched });
  const index = await server.running.services.history.index();
  const neighbours = server.running.services.history.coLikes.current();
  const pick = recommend(
    index,
    buildTaste(expected.user, expected.favourites, expected.rows, expected.saved),
    { mood: mood ?? undefined, region: expected.user.country ?? null, seed: issueSeed(userId, expected.seq) },
    neighbours,
  );
  return { pick, neighbours, history: new Set(expected.rows.map((r) => r.title_id)) };
}

/** Kept history claiming the current revision equals a fresh read, and picks the same. Returns whether it did claim it. */
export async function checkKept(server: TestServer, userId: string): Promise<boolean> {
  const kept = server.running.services.history.tastes.peek(userId);
  const fresh = await fromDatabase(server, userId);
  if (!kept || kept.rev !== fresh.user.taste_rev) return false;
  const index = await server.running.services.history.index();
  expect(kept.state).toEqual(buildTasteState(index, fresh.rows));
  expect(nextSeq(kept.state)).toBe(fresh.seq);
  const neighbours = server.running.services.history.coLikes.current();
  for (const mood of MOODS.slice(1, 3)) {
    const opts = { mood: mood ?? undefined, region: fresh.user.country ?? null, seed: issueSeed(userId, fresh.seq) };
    const fromKept = recommend(index, tasteOf(fresh.user, fresh.favourites, fresh.saved, positionsFor(index, kept.state, fresh.favourites)), opts, neighbours);
    const fromRows = recommend(index, buildTaste(fresh.user, fresh.favourites, fresh.rows, fresh.saved), opts, neighbours);
    expect(comparable(fromKept)).toEqual(comparable(fromRows));
  }
  return true;
}
