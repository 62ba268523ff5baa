// The users of `npm run bench:growth`, written straight into the real schema in bulk (500 users a
// transaction): onboarded and verified, each with five favourites and a history of about 50 closed
// picks (lognormal, median 45, 5 to 200) drawn with a popularity skew from the real catalog: a
// quarter watched, 45% liked, 20% disliked, the rest unrated. 30% have scheduled email on, at a
// quarter hour of their own in one of a few time zones, with the next slot the server itself would
// store (nextDeliveryAt), so the scheduler's index holds what a real instance's would. Onboarding
// through the API (api-users.ts) would take an hour at 100,000 users; the rows are the same.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import { writeTransaction } from '../../server/src/db/transaction.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import { nextDeliveryAt } from '../../server/src/time/delivery-slots.js';

const BATCH_USERS = 500;
/** Rows per INSERT: 15 columns, well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2000;
const DAY_MS = 86_400_000;
const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'Asia/Seoul'];
const EVERY_DAY = '[1,2,3,4,5,6,7]';
const WEEKDAYS = '[1,2,3,4,5]';

export interface GrownUsers {
  users: number;
  history_rows: number;
  favourites: number;
  scheduled: number;
  build_ms: number;
}

/** One user's history length: lognormal around 45, clamped to 5..200 (mean about 50). */
function historyLength(rng: () => number): number {
  const gaussian = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return Math.max(5, Math.min(200, Math.round(45 * Math.exp(0.5 * gaussian))));
}

type Titles = ReadonlyArray<{ id: string; title: string }>;

function userRows(i: number, rng: () => number, titles: Titles, now: Date) {
  const id = randomUUID();
  const n = historyLength(rng);
  const created = new Date(now.getTime() - (n + 30) * DAY_MS).toISOString();
  const scheduled = rng() < 0.3;
  const slot = {
    selected_days: rng() < 0.5 ? EVERY_DAY : WEEKDAYS,
    recommendation_frequency: null,
    recommendation_day: null,
    recommendation_time: `${String(17 + Math.floor(rng() * 6)).padStart(2, '0')}:${['00', '15', '30', '45'][Math.floor(rng() * 4)]}`,
    timezone: ZONES[i % ZONES.length],
    created_at: created,
  };
  const user = {
    ...slot,
    id,
    email: `growth.${i}@example.test`,
    password_hash: null,
    full_name: `Growth User ${i}`,
    email_verified: 1,
    google_sub: null,
    is_onboarded: 1,
    subscription_tier: rng() < 0.4 ? 'paid_lifetime' : 'free_trial',
    subscription_end_date: null,
    calendar_refresh_token: null,
    calendar_account_email: null,
    calendar_enabled: 0,
    ott_subscriptions: '["Netflix","Prime Video"]',
    preferred_languages: '["English"]',
    selected_genres: '["Drama","Thriller","Science Fiction"]',
    email_delivery: scheduled ? 1 : 0,
    tokens_valid_after: 0,
    updated_at: created,
  };
  const next = scheduled ? nextDeliveryAt(slot, now) : null;
  const seen = new Set<number>();
  const history = [];
  for (let seq = 1; seq <= n; seq++) {
    // Popular titles are issued more often: the square of a uniform draw leans to the front.
    const k = Math.floor(rng() ** 2 * titles.length);
    if (seen.has(k)) continue;
    seen.add(k);
    const at = new Date(now.getTime() - (n - seq + 1) * DAY_MS).toISOString();
    const r = rng();
    history.push({
      id: randomUUID(), user_id: id, seq, title_id: titles[k].id, movie_title: titles[k].title, status: rng() < 0.25 ? 'watched' : 'skipped',
      user_rating: r < 0.45 ? 1 : r < 0.65 ? 0 : null, rated_at: r < 0.65 ? at : null, mood: null, platform: null, reason: 'growth history', score: 0,
      created_at: at, closed_at: at,
    });
  }
  const favourites = [];
  for (let position = 0; favourites.length < 5 && position < 20; position++) {
    const k = Math.floor(rng() * titles.length);
    if (seen.has(k)) continue;
    seen.add(k);
    favourites.push({ user_id: id, title_id: titles[k].id, position: favourites.length, created_at: created });
  }
  return { user, history, favourites, schedule: next ? { user_id: id, next_at: next.toISOString(), updated_at: created } : null };
}

/** `users` users in batches of BATCH_USERS, one write transaction each (seed: the same users every run). */
export async function growUsers(handle: DatabaseHandle, titles: Titles, users: number, now: Date, log: (line: string) => void = () => {}): Promise<GrownUsers> {
  const rng = seededRandom(38);
  const out: GrownUsers = { users, history_rows: 0, favourites: 0, scheduled: 0, build_ms: 0 };
  const t0 = performance.now();
  for (let from = 0; from < users; from += BATCH_USERS) {
    const batch = Array.from({ length: Math.min(BATCH_USERS, users - from) }, (_, k) => userRows(from + k, rng, titles, now));
    await writeTransaction(handle, async (tx) => {
      await tx.insertInto('users').values(batch.map((b) => b.user)).execute();
      const history = batch.flatMap((b) => b.history);
      for (let i = 0; i < history.length; i += ROWS_PER_INSERT) await tx.insertInto('recommendations').values(history.slice(i, i + ROWS_PER_INSERT)).execute();
      await tx.insertInto('user_favourites').values(batch.flatMap((b) => b.favourites)).execute();
      const schedule = batch.flatMap((b) => (b.schedule ? [b.schedule] : []));
      if (schedule.length) await tx.insertInto('delivery_schedule').values(schedule).execute();
      out.history_rows += history.length;
      out.favourites += batch.reduce((s, b) => s + b.favourites.length, 0);
      out.scheduled += schedule.length;
    });
    if ((from / BATCH_USERS) % 40 === 39) log(`  ${(from + BATCH_USERS).toLocaleString('en-US')} users written`);
  }
  out.build_ms = performance.now() - t0;
  return out;
}

/**
 * `count` of the users spread evenly through the table, moved to the lifetime plan (no weekly
 * quota: the pick is measured, not the refusal), each with a session and an access token.
 */
export async function sampleTokens(handle: DatabaseHandle, secret: string, count: number): Promise<string[]> {
  const all = await handle.db.selectFrom('users').select('id').orderBy('email').execute();
  const step = Math.max(1, Math.floor(all.length / count));
  const ids = all.filter((_, i) => i % step === 0).slice(0, count).map((u) => u.id);
  await handle.db.updateTable('users').set({ subscription_tier: 'paid_lifetime' }).where('id', 'in', ids).execute();
  const now = new Date();
  const tokens = [];
  for (const id of ids) {
    const session = await createSession(handle.db, id, null, now);
    tokens.push(await issueAccessToken(secret, id, session.id, now));
  }
  return tokens;
}

/**
 * A quarter hour's share of the scheduled users (scheduled / 96: slots spread over a day) made due
 * at `at` (UTC, whole minute): users in UTC with nothing delivered today get that time as their
 * slot, every day, and it as their stored next slot, so the pass after `at` has them to deliver
 * whatever the time of day the benchmark runs. Returns how many.
 */
export async function makeDueAt(handle: DatabaseHandle, at: Date, count: number): Promise<number> {
  const today = at.toISOString().slice(0, 10);
  const ids = (
    await handle.db
      .selectFrom('delivery_schedule')
      .innerJoin('users', 'users.id', 'delivery_schedule.user_id')
      .select('users.id')
      .where('users.timezone', '=', 'UTC')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('deliveries').select('deliveries.id').whereRef('deliveries.user_id', '=', 'users.id').where('deliveries.local_date', '=', today))))
      .orderBy('users.id')
      .limit(count)
      .execute()
  ).map((u) => u.id);
  if (!ids.length) return 0;
  const time = at.toISOString().slice(11, 16);
  await writeTransaction(handle, async (tx) => {
    await tx.updateTable('users').set({ recommendation_time: time, selected_days: EVERY_DAY }).where('id', 'in', ids).execute();
    await tx.updateTable('delivery_schedule').set({ next_at: at.toISOString() }).where('user_id', 'in', ids).execute();
  });
  return ids.length;
}

/** `fn` on the database of a benchmark's environment, closed after. */
export async function withDatabase<T>(env: Record<string, string>, fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(loadConfig(env).database);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}
