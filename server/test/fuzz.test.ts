// Schema-driven fuzz of the whole API: requests generated from the shared zod contract for every
// route the app declares (valid-shaped, mutated and garbage bodies, queries, path parameters and
// headers; anonymous and as signed-in users), sent to the real server on a real port. No answer
// may be a 5xx, every /api error is JSON with a string detail, and a refused request leaves the
// database as it was. The seed is printed; FUZZ_SEED=<seed> replays the same requests
// (FUZZ_REQUESTS overrides the count).
import { describe, it, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { ChangeEmailRequest, ChangePasswordRequest, DeleteAccountRequest, LoginRequest, RegisterRequest } from '@app/shared';
import { issueAccessToken, verifyAccessToken } from '../src/features/auth/tokens.js';
import { createSession } from '../src/features/sessions/sessions.repository.js';
import { signRatingToken } from '../src/features/recommendations/rating-link.js';
import { signUnsubscribeToken } from '../src/features/delivery/unsubscribe-token.js';
import { dialects } from './support/dialects.js';
import { signUp, startTestServer, type TestClient } from './support/test-server.js';
import { startFakeGoogleOAuth } from './support/fake-google-oauth.js';
import { startFakeGoogle } from './support/google.js';
import { startFakeStripe, stripeEnv } from './support/fake-stripe.js';
import { connect } from './support/calendar-flow.js';
import { onboardedUser, setPlan } from './recommendations.helpers.js';
import { declaredRoutes, ENDPOINTS } from './support/fuzz-routes.js';
import { requestArb, type FuzzPools, type FuzzRequest, type Kind } from './support/fuzz-requests.js';
import { databaseShape } from './support/fuzz-state.js';
import { describeFinding, runBatches, type RunStats } from './support/fuzz-runner.js';

const SEED = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32BE() >>> 1);
/** PostgreSQL runs fewer (CI time): its round trips make each request slower (~190/s vs ~250/s here). */
const COUNT = { sqlite: 10_000, postgres: 5_000 } as const;
const CONCURRENCY = 32;
/**
 * Valid-shaped sign-ups, sign-ins, current-password checks and account deletions each cost a
 * scrypt hash (the test server's cheaper one, ~15 ms here): thirty of each kind.
 */
const HASHING_BUDGET = 30;

describe.each(dialects)('schema-driven fuzz on %s', (dialect) => {
  it('answers every generated request without a 5xx, with JSON errors, and without half-applied writes', async () => {
    const total = Number(process.env.FUZZ_REQUESTS ?? COUNT[dialect]);
    console.log(`fuzz ${dialect}: seed ${SEED}, ${total} requests (replay: FUZZ_SEED=${SEED})`);
    const oauth = await startFakeGoogleOAuth();
    const jwks = await startFakeGoogle(oauth.clientId);
    const stripe = await startFakeStripe();
    const server = await startTestServer(dialect, { env: { ...oauth.env(), GOOGLE_JWKS_URL: jwks.jwksUrl, ...stripeEnv(stripe) } });
    try {
      // Every route the app declares is in the fuzz's table, and nothing else.
      expect(declaredRoutes(server.running.app)).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());

      // Users in different states: new, onboarded free, lifetime with a calendar, with a pick.
      const { ctx } = server.running;
      const fresh = await signUp(server);
      const free = await onboardedUser(server);
      const lifetime = await onboardedUser(server, { genres: ['Comedy', 'Drama'] });
      await setPlan(server, lifetime.userId, 'paid_lifetime');
      await connect(Object.assign(lifetime, { id: lifetime.userId }), oauth);
      const picked = await onboardedUser(server);
      const pick = await picked.api.recommendations.next();
      const ext = await free.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: 'Fuzz' });
      const order = await free.api.payments.createOrder({ billing_period: 'lifetime' });
      const clients: Array<TestClient & { email: string }> = [fresh, free, lifetime, picked];
      const ids = [fresh.store.user!.id, free.userId, lifetime.userId, picked.userId];
      const tokens = clients.map((c) => c.store.token!);
      const sessionIds = await Promise.all(tokens.map(async (t) => (await verifyAccessToken(ctx.secrets.jwt, t, new Date()))!.sessionId));
      const now = new Date();
      const userTokens = ids.map((id) => [signUnsubscribeToken(ctx.secrets.jwt, id, now)]);
      userTokens[3].push(signRatingToken(ctx.secrets.jwt, pick.id, ids[3], 'like', now), pick.id);
      userTokens[1].push(ext.token, ext.id, order.order_id);
      sessionIds.forEach((sid, i) => userTokens[i].push(sid));
      userTokens[0].push(await jwks.sign({ sub: 'google-fresh', email: fresh.email }));
      const session = await ctx.db.selectFrom('payment_orders').select('stripe_session_id').where('id', '=', order.order_id).executeTakeFirstOrThrow();
      const newcomer = await jwks.sign({ sub: 'google-new', email: `new.${SEED}@example.test` });

      const [genres, languages, platforms, movies] = await Promise.all([
        free.api.onboarding.genres(), free.api.onboarding.languages(), free.api.onboarding.platforms(), free.api.onboarding.movies(),
      ]);
      const pools: FuzzPools = {
        strings: [
          ...genres.genres, ...languages.languages, ...platforms.platforms.map((p) => p.name), ...movies.movies.flatMap((m) => [m.id, m.title]),
          ...clients.map((c) => c.email), ...ids, ...userTokens.flat(), newcomer,
          'Asia/Kolkata', 'UTC', 'Europe/Berlin', 'Not/AZone', '2026-12-01', '2026-02-30', '19:00', '24:00', 'paid_lifetime', 'free_trial',
        ],
        byField: {
          token: [...userTokens.map((t) => t[0]), userTokens[3][1]],
          recommendation_id: [pick.id],
          order_id: [order.order_id],
          client_reference_id: [order.order_id, ...ids],
          id: [session.stripe_session_id],
          payment_status: ['paid', 'unpaid'],
          id_token: [userTokens[0][1], newcomer],
          email: clients.map((c) => c.email),
          timezone: ['Asia/Kolkata', 'UTC', 'America/New_York'],
          country: ['IN', 'US', 'GB', 'de', 'ZZ'],
          date: [new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)],
          time: ['19:00', '07:30'],
          selected_genres: genres.genres,
          genres: [genres.genres.slice(0, 2).join(',')],
          preferred_languages: languages.languages,
          languages: [languages.languages.slice(0, 2).join(',')],
          ott_subscriptions: platforms.platforms.map((p) => p.name),
          platform: platforms.platforms.map((p) => p.name),
          initial_movies: movies.movies.map((m) => m.title),
          movie_title: movies.movies.map((m) => m.title),
          nonce: [randomBytes(24).toString('base64url')],
        },
        titleIds: movies.movies.map((m) => m.id),
        platformSlugs: platforms.platforms.map((p) => /platforms\/([^/]+)\/logo/.exec(p.logo_url)?.[1] ?? p.name),
        bearers: [...tokens, ext.token, newcomer],
        users: clients.length,
        webhookSecret: stripe.webhookSecret,
      };

      // Generate (seeded), with a cap on requests that would hash a password.
      const weights: Record<Kind, number> = { valid: 2, mutated: 2, garbage: 1 };
      const arb = fc.oneof(...ENDPOINTS.flatMap((e) => (['valid', 'mutated', 'garbage'] as const).map((k) => ({ arbitrary: requestArb(e, pools, k), weight: weights[k] }))));
      const hashing = {
        'POST /api/auth/register': RegisterRequest,
        'POST /api/auth/login': LoginRequest,
        'PUT /api/settings/password': ChangePasswordRequest,
        'POST /api/settings/email': ChangeEmailRequest,
        'DELETE /api/account': DeleteAccountRequest,
      } as const;
      const spent: Record<string, number> = {};
      const requests = fc.sample(arb, { seed: SEED, numRuns: Math.ceil(total * 1.1) }).filter((r) => {
        const schema = hashing[r.endpoint as keyof typeof hashing];
        if (!schema || r.body === undefined) return true;
        let parsed = false;
        try {
          parsed = schema.safeParse(JSON.parse(r.body)).success;
        } catch {
          /* not JSON */
        }
        if (!parsed) return true;
        spent[r.endpoint] = (spent[r.endpoint] ?? 0) + 1;
        return spent[r.endpoint] <= HASHING_BUDGET;
      }).slice(0, total);
      expect(requests).toHaveLength(total);
      // Batches of one kind, in turn, so refused-only batches (the write check) are common.
      const byKind = (k: Kind) => requests.filter((r) => r.kind === k);
      const queues = [byKind('garbage'), byKind('mutated'), byKind('valid')];
      const batches: FuzzRequest[][] = [];
      while (queues.some((q) => q.length)) for (const q of queues) if (q.length) batches.push(q.splice(0, CONCURRENCY));

      const tokenTimes: number[] = [];
      const users = ids.map((id, i) => ({
        id,
        markers: [id, clients[i].email, tokens[i], ...userTokens[i]],
        token: () => tokens[i],
      }));
      const stats: RunStats = { sent: 0, byStatus: {}, unavailable: {}, ownedChecks: 0, globalChecks: 0, findings: [] };
      const started = Date.now();
      await runBatches(
        {
          url: server.url,
          db: ctx.db,
          shape: await databaseShape(ctx.db),
          readOnly: new Set(ENDPOINTS.filter((e) => e.readOnly).map((e) => `${e.method} ${e.path}`)),
          tokenless: new Set(ENDPOINTS.filter((e) => e.tokenless).map((e) => `${e.method} ${e.path}`)),
          users,
          // "Sign out everywhere" or a revoked session may have ended a user's token: give them a new one.
          afterBatch: async () => {
            const rows = await ctx.db.selectFrom('users').select(['id', 'tokens_valid_after']).where('id', 'in', ids).execute();
            const live = new Set((await ctx.db.selectFrom('sessions').select('id').where('id', 'in', sessionIds).execute()).map((s) => s.id));
            let wrote = false;
            for (const row of rows) {
              const i = ids.indexOf(row.id);
              const after = Number(row.tokens_valid_after);
              if ((after > 0 && after > (tokenTimes[i] ?? 0)) || !live.has(sessionIds[i])) {
                tokenTimes[i] = Math.max(Date.now(), after + 1);
                sessionIds[i] = (await createSession(ctx.db, row.id, null, new Date(tokenTimes[i]))).id;
                tokens[i] = await issueAccessToken(ctx.secrets.jwt, row.id, sessionIds[i], new Date(tokenTimes[i]));
                wrote = true;
              }
            }
            return wrote;
          },
        },
        batches,
        stats,
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `fuzz ${dialect}: ${stats.sent} requests in ${seconds.toFixed(1)} s (${Math.round(stats.sent / seconds)}/s), ${JSON.stringify(stats.byStatus)}; ` +
          `write checks: ${stats.ownedChecks} per user, ${stats.globalChecks} whole database; 503s: ${JSON.stringify(stats.unavailable)}`,
      );
      const report = stats.findings.slice(0, 15).map(describeFinding).join('\n');
      expect(stats.findings.length, `seed ${SEED}: ${stats.findings.length} findings\n${report}`).toBe(0);
      expect(stats.sent).toBe(total);
      expect(stats.ownedChecks).toBeGreaterThan(total / 100);
      expect(stats.globalChecks).toBeGreaterThan(total / 200);
    } finally {
      await server.close();
      await Promise.all([oauth.close(), jwks.close(), stripe.close()]);
    }
  }, 300_000);
});
