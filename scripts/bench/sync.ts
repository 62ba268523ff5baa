// Connected apps on the real server on a real port (SQLite file; PostgreSQL too when
// BENCH_DATABASE_URL is set), against a local server answering like Jellyfin's API:
//   - a pull: a Jellyfin account with PULL_ITEMS played movies named after catalog titles, read by
//     "sync now" until the pass ends (events per second, through the whole path: HTTP pages, the
//     matcher, the history writes);
//   - webhooks: WEBHOOKS PlaybackStop events from 8 people's servers, 4 at once (events per second);
//   - webhook to excluded: tonight's pick played to the end on Jellyfin, then GET /current: the
//     time until the dashboard gets another title (p50, p99 over LATENCY_RUNS picks).
// Prints a table and writes bench-results/sync.json.
//   npm run bench:sync
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createApiClient } from '@app/shared';
import { benchDialects, withBenchServer, type BenchDialect } from './bench-server.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import { JELLYFIN_WEBHOOK_TEMPLATE } from '../../server/src/features/connections/jellyfin/webhook.js';
import { dashed, renderTemplate, startFakeJellyfin } from '../../server/test/support/fake-jellyfin.js';

const PULL_ITEMS = Number(process.env.BENCH_PULL_ITEMS ?? 2000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 200);
const WEBHOOK_USERS = 8;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function benchDialect(dialect: BenchDialect) {
  return withBenchServer(dialect, 'sync', async (server) => {
    const { ctx } = server;
    const jellyfin = await startFakeJellyfin('jellyfin');
    try {
      const newUser = async () => {
        const user = await insertUser(ctx.db, { email: `bench.${randomBytes(4).toString('hex')}@example.test`, passwordHash: null, fullName: 'Bench Watcher', emailVerified: true, googleSub: null, now: new Date() });
        const session = await createSession(ctx.db, user.id, null, new Date());
        const token = await issueAccessToken(ctx.secrets.jwt, user.id, session.id, new Date());
        const api = createApiClient({ baseUrl: server.url, fetch, tokenStore: { getToken: () => token, setSession: () => {}, clear: () => {} } });
        const { movies } = await api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
        await api.onboarding.savePreferences({ selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'], initial_movies: movies.slice(0, 3).map((m) => m.title), ott_subscriptions: [], subscription_tier: 'free_trial' });
        await ctx.db.updateTable('users').set({ subscription_tier: 'paid_lifetime' }).where('id', '=', user.id).execute();
        return { user, api };
      };
      const { user, api } = await newUser();

      // Played movies named after catalog titles, cycling through the catalog's movies (more items
      // than movies: some titles are played twice, as a server holds two copies or editions).
      const titles = await ctx.db.selectFrom('titles').select(['title', 'year', 'tmdb_id']).where('kind', '=', 'movie').where('retired_at', 'is', null).orderBy('id').execute();
      const firstFiller = jellyfin.items.length;
      jellyfin.addPlayedMovies(PULL_ITEMS);
      for (let i = 0; i < PULL_ITEMS; i++) {
        const t = titles[i % titles.length];
        Object.assign(jellyfin.items[firstFiller + i], { Name: t.title, ProductionYear: Number(t.year), ProviderIds: t.tmdb_id === null ? {} : { Tmdb: String(t.tmdb_id) } });
      }
      const connect = async (c: typeof api) => {
        const s = await c.connections.connect('jellyfin', { server_url: jellyfin.url, api_key: jellyfin.apiKey, user_id: jellyfin.users.alice.Id });
        return { status: s, hook: s.webhook_url!.replace(/^https?:\/\/[^/]+/, server.url) };
      };
      const { status: connected, hook } = await connect(api);

      // The pull: sync now until the pass has read everything.
      let t = performance.now();
      let pulls = 0;
      let status = connected;
      for (let i = 0; i < 1000; i++) {
        status = await api.connections.sync('jellyfin');
        pulls++;
        const row = await ctx.db.selectFrom('connections').select('cursor').where('user_id', '=', user.id).where('kind', '=', 'jellyfin').executeTakeFirst();
        if (!row?.cursor || String(row.cursor).includes('"at":"idle"')) break;
      }
      const pullMs = performance.now() - t;
      const pulled = status.counts.watched;

      // Webhooks: PlaybackStop played to the end from WEBHOOK_USERS people's servers, 4 at once
      // (one person's webhook is rate-limited to 600 a minute).
      const hooks = [hook];
      for (let i = 1; i < WEBHOOK_USERS; i++) hooks.push((await connect((await newUser()).api)).hook);
      const body = (i: number) =>
        renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, {
          NotificationType: 'PlaybackStop',
          UtcTimestamp: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
          UserId: dashed(jellyfin.users.alice.Id),
          ItemId: dashed(randomBytes(16).toString('hex')),
          ItemType: 'Movie',
          Name: titles[(PULL_ITEMS + i) % titles.length].title,
          Year: titles[(PULL_ITEMS + i) % titles.length].year,
          PlayedToCompletion: true,
        });
      const post = async (text: string, to = hook) => {
        const res = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
        if (res.status !== 204) throw new Error(`webhook: ${res.status} ${await res.text()}`);
      };
      t = performance.now();
      let next = 0;
      await Promise.all(Array.from({ length: 4 }, async () => {
        while (next < WEBHOOKS) {
          const i = next++;
          await post(body(i), hooks[i % hooks.length]);
        }
      }));
      const webhookMs = performance.now() - t;

      // Webhook to excluded: the pick played to the end on Jellyfin, then the dashboard's read.
      const latencies: number[] = [];
      // Movies tonight (remembered for the picks after): a webhook names a film by its name and year,
      // which matches one title, where an episode names its series through the library a pull read.
      // A person of their own (the pull's person has watched most of the catalog by now).
      const viewer = await newUser();
      const viewerHook = (await connect(viewer.api)).hook;
      let pick = await viewer.api.recommendations.next({ kind: 'movie' });
      for (let i = 0; i < LATENCY_RUNS; i++) {
        const t0 = performance.now();
        await post(renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, { NotificationType: 'PlaybackStop', UtcTimestamp: new Date().toISOString(), UserId: dashed(jellyfin.users.alice.Id), ItemId: dashed(randomBytes(16).toString('hex')), ...(pick.kind === 'series' ? { ItemType: 'Episode', Name: 'Pilot', SeriesName: pick.movie_title } : { ItemType: 'Movie', Name: pick.movie_title, Year: pick.year }), PlayedToCompletion: true }), viewerHook);
        const after = await viewer.api.recommendations.current();
        if (after.title_id === pick.title_id) throw new Error(`still picked after its webhook: ${pick.movie_title}`);
        latencies.push(performance.now() - t0);
        pick = after;
      }
      return {
        dialect,
        pull: { items: PULL_ITEMS, titles: pulled, pulls, ms: pullMs, events_per_s: (PULL_ITEMS / pullMs) * 1000, titles_per_s: (pulled / pullMs) * 1000 },
        webhooks: { events: WEBHOOKS, users: WEBHOOK_USERS, ms: webhookMs, events_per_s: (WEBHOOKS / webhookMs) * 1000 },
        webhook_to_excluded_ms: { runs: LATENCY_RUNS, p50: pct(latencies, 50), p99: pct(latencies, 99), max: Math.max(...latencies) },
      };
    } finally {
      await jellyfin.close();
    }
  });
}

const results = [];
for (const d of benchDialects) results.push(await benchDialect(d));
console.table(
  results.map((r) => ({
    db: r.dialect,
    'pull (played items / titles)': `${r.pull.items} / ${r.pull.titles}`,
    'pull (items/s)': r.pull.events_per_s.toFixed(0),
    'webhooks (events/s)': r.webhooks.events_per_s.toFixed(0),
    'webhook to excluded p50 (ms)': r.webhook_to_excluded_ms.p50.toFixed(1),
    'p99 (ms)': r.webhook_to_excluded_ms.p99.toFixed(1),
  })),
);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/sync.json', `${JSON.stringify({ machine: { cpus: cpus().length, load_1m: loadavg()[0] }, results }, null, 2)}\n`);
console.log('wrote bench-results/sync.json');
