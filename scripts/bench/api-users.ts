// The users of `npm run bench:api`: onboarded through the real API, on the lifetime plan (no
// quota), with a history of a chosen length written straight into the database.
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../server/src/db/connection.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';

export async function api(url: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The catalog's ids once per phase: every user's history is drawn from it. */
export async function catalogIds(handle: DatabaseHandle): Promise<Array<{ id: string; title: string }>> {
  return handle.db.selectFrom('titles').select(['id', 'title']).where('retired_at', 'is', null).orderBy('id').execute();
}

/**
 * A verified user onboarded through the real API (genres, languages, eight favourites, Netflix and
 * Prime Video), then moved to `plan` (default the lifetime plan: no weekly quota).
 */
export async function onboardedUser(handle: DatabaseHandle, url: string, secret: string, plan: 'paid_lifetime' | 'free_trial' = 'paid_lifetime'): Promise<{ userId: string; token: string }> {
  const user = await insertUser(handle.db, {
    email: `bench.${randomBytes(4).toString('hex')}@example.test`,
    passwordHash: null,
    fullName: 'Bench User',
    emailVerified: true,
    googleSub: null,
    now: new Date(),
  });
  const session = await createSession(handle.db, user.id, null, new Date());
  const token = await issueAccessToken(secret, user.id, session.id, new Date());
  const genres = ['Drama', 'Thriller', 'Science Fiction'];
  const languages = ['English', 'Korean', 'Hindi'];
  const { movies } = await api(url, token, `/api/onboarding/movies/filtered?genres=${genres.join(',')}&languages=${languages.join(',')}`);
  await api(url, token, '/api/onboarding/preferences', {
    method: 'POST',
    body: {
      selected_genres: genres,
      preferred_languages: languages,
      initial_movies: movies.slice(0, 8).map((m: { title: string }) => m.title),
      ott_subscriptions: ['Netflix', 'Prime Video'],
      subscription_tier: 'free_trial',
    },
  });
  if (plan !== 'free_trial') await handle.db.updateTable('users').set({ subscription_tier: plan }).where('id', '=', user.id).execute();
  return { userId: user.id, token };
}

/**
 * An onboarded lifetime user with `history` closed recommendations spread across the catalog
 * (`offset` shifts where they start, so two users do not share one history), oldest first, one a
 * day: half liked, a fifth disliked, the rest unrated; a quarter watched. Returns the access token.
 */
export async function benchUser(handle: DatabaseHandle, url: string, secret: string, titles: ReadonlyArray<{ id: string; title: string }>, history: number, offset = 0): Promise<string> {
  const { userId, token } = await onboardedUser(handle, url, secret);
  if (history > titles.length) throw new Error(`a history of ${history} needs that many titles; the catalog has ${titles.length}`);
  const step = Math.max(1, Math.floor(titles.length / (history + 1)));
  const base = Date.now() - history * 86_400_000;
  const rows = Array.from({ length: history }, (_, i) => {
    const t = titles[(offset + i * step + 7) % titles.length];
    const at = new Date(base + i * 86_400_000).toISOString();
    const r = i % 10;
    return {
      id: `bench-${userId.slice(0, 8)}-${i}`,
      user_id: userId,
      seq: i + 1,
      title_id: t.id,
      movie_title: t.title,
      status: i % 4 === 0 ? 'watched' : 'skipped',
      user_rating: r < 5 ? 1 : r < 7 ? 0 : null,
      rated_at: r < 7 ? at : null,
      mood: null,
      platform: null,
      reason: 'bench history',
      score: 0,
      created_at: at,
      closed_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await handle.db.insertInto('recommendations').values(rows.slice(i, i + 200)).execute();
  return token;
}
