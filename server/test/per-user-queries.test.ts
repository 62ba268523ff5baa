// Every per-user query is served by an index (issue 38): what one person's requests cost must not
// grow with other people's rows. A user with data uses the API as the app does (picks, ratings,
// history, the watchlist, page views, browsers, sessions, an import, a household and its pick for
// two, connections, their own library, the export as JSON and CSV, a deletion), every query the
// server sends meanwhile is noted, and each read or write of a table holding other users' rows is
// explained on the same database: no plan may read such a table whole. Checked with a few other
// users, then with 1,500 more who have history, page views, deliveries, imports and households.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { addToLibrary } from '../src/features/sync/library.repository.js';
import { dialects } from './support/dialects.js';
import { GOOD_PASSWORD, startTestServer, type TestServer } from './support/test-server.js';
import { inviteToken } from './support/household.js';
import { addOtherUsers } from './support/other-users.js';
import { findsRows, queriesOf, wholeTableReads, type SeenQuery } from './support/query-plans.js';
import { onboardedUser, setPlan } from './recommendations.helpers.js';

/** Tables of the catalog and the server itself: no user's rows, the same for everyone. */
const SHARED = new Set([
  'titles', 'title_availability', 'platforms', 'catalog_meta', 'catalog_sync_items', 'co_like_tables',
  'app_secrets', 'job_leases', 'health_probe', 'processed_events', 'kysely_migration', 'kysely_migration_lock',
]);
/**
 * Rate-limit counters: a day's windows of everyone's counters, pruned after a day (http/rate-limit.ts),
 * so the table follows the day's traffic rather than the number of users or their history. An
 * account's deletion removes its counters by the end of their names, which no index can serve.
 */
const DAY_OF_COUNTERS = 'rate_limit_hits';
const holdsUsersRows = (table: string) => !SHARED.has(table) && table !== DAY_OF_COUNTERS && !table.startsWith('sqlite_');

/**
 * A read in (user, ...) order pages through every user by design (the co-likes build reads the
 * instance's positives so, features/history/co-likes.repository.ts): it is nobody's own query.
 */
const pagesEveryUser = (q: SeenQuery) => /order by "user_id"/.test(q.sql);

/** The per-user reads the issue names: each must be among the queries the journey sent. */
const READ_TABLES = [
  'recommendations', 'deliveries', 'analytics_events', 'imports', 'import_items', 'sessions', 'households',
  'together_picks', 'connections', 'watchlist', 'user_library', 'extension_tokens', 'feedback', 'payment_orders',
];

async function journey(server: TestServer): Promise<void> {
  const db = server.running.ctx.db;
  const titles = await server.running.services.catalog.titles();
  const u = await onboardedUser(server, { platforms: ['Netflix'] });
  await setPlan(server, u.userId, 'paid_lifetime');
  await addToLibrary(db, u.userId, 'jellyfin', [{ itemId: 'item-1', titleId: titles[40].id, url: null }], new Date().toISOString());
  const first = await u.api.recommendations.current();
  await u.api.recommendations.rate({ movie_title: first.movie_title, rating: true, recommendation_id: first.id });
  await u.api.recommendations.next({ previous: 'watched' });
  await u.api.recommendations.history();
  await u.api.recommendations.editHistory(first.id, { rating: false });
  await u.api.recommendations.whyNot(titles[70].id);
  await u.api.watchlist.add({ title_id: titles[50].id });
  await u.api.watchlist.list();
  await u.api.watchlist.remove(titles[50].id);
  await u.api.analytics.event({ name: 'page_view', path: '/app/history' });
  await u.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: 'Firefox' });
  const { browsers } = await u.api.extension.connectedBrowsers();
  await u.api.extension.revoke(browsers[0].id);
  await u.api.sessions.list();
  await u.api.feedback.submit({ rating: true, comment: 'Good', email: u.email });
  await u.api.payments.createOrder({ billing_period: 'lifetime' }).catch(() => undefined);
  const csv = ['Date,Name,Year,Letterboxd URI,Rating', ...titles.slice(60, 62).map((t, i) => `2024-01-0${i + 1},"${t.title}",${t.year},https://boxd.it/x${i},4`)].join('\n');
  const preview = await u.api.imports.create({ filename: 'ratings.csv', content: `${csv}\n` });
  await u.api.imports.get(preview.import_id);
  await u.api.imports.confirm(preview.import_id);
  await u.api.imports.list();
  await u.api.imports.undo(preview.import_id);
  const partner = await onboardedUser(server, { platforms: ['Hulu'] });
  const mark = server.mailbox.messages.length;
  await u.api.household.invite({ email: partner.email });
  await partner.api.household.accept({ token: await inviteToken(server, partner.email, mark) });
  await u.api.household.get();
  const together = await u.api.household.pick();
  await partner.api.household.rate(together.id, { rating: true });
  await u.api.connections.list();
  await u.api.settings.profile();
  await u.api.onboarding.getPreferences();
  await u.api.subscription.status();
  await u.api.calendar.status();
  await u.api.account.exportData();
  await u.api.account.exportData({ format: 'csv' });
  await partner.api.account.delete({ password: GOOD_PASSWORD });
}

const tablesRead = (queries: SeenQuery[]) => new Set(queries.flatMap((q) => [...q.sql.matchAll(/\b(?:from|join|update)\s+"?(\w+)"?/gi)].map((m) => m[1])));

describe.each(dialects)('per-user queries on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function plansAt(others: number) {
    const db = server.running.ctx.db;
    await addOtherUsers(db, others, new Date());
    // Statistics as a database of that size would have them (autovacuum's analyze, on PostgreSQL).
    if (dialect === 'postgres') await sql`analyze`.execute(db);
    const queries = await queriesOf(() => journey(server));
    expect([...tablesRead(queries)]).toEqual(expect.arrayContaining(READ_TABLES));
    // Well over a hundred distinct texts: the journey's reads and writes, not a handful.
    expect(queries.filter(findsRows).length).toBeGreaterThan(100);
    return wholeTableReads(db, dialect, queries.filter((q) => !pagesEveryUser(q)), holdsUsersRows);
  }

  it('with a few other users, no query of one user reads a table of everyone', async () => {
    expect(await plansAt(10)).toEqual([]);
  }, 60_000);

  it('with 1,500 more other users, still none does', async () => {
    expect(await plansAt(1_500)).toEqual([]);
  }, 120_000);
});
