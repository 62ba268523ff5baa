// The OAuth `state` of a calendar connection: required, bound to the user who asked for it,
// single use, 10 minutes; and the PKCE verifier stored with it is the one Google checks.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { apiError, authorize, signUpUser, userRow, type SignedIn } from './support/calendar-flow.js';

const TEXTS = {
  missing: 'The calendar authorisation is missing its state. Please connect again from Settings.',
  invalid: 'This calendar authorisation is not valid or was already used. Please connect again from Settings.',
  expired: 'This calendar authorisation has expired. Please connect again from Settings.',
  rejected: 'Google did not accept the authorisation. Please connect again from Settings.',
};

describe.each(dialects)('calendar connect state on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;
  const clock = new TestClock();

  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    server = await startTestServer(dialect, { env: google.env(), clock });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });
  beforeEach(() => clock.set(new Date().toISOString()));

  const nothingStored = async (c: SignedIn) => {
    const row = await userRow(server, c.id);
    expect([row.calendar_refresh_token, row.calendar_account_email, row.calendar_enabled]).toEqual([null, null, 0]);
    expect(await c.api.calendar.status()).toMatchObject({ has_refresh_token: false, calendar_enabled: false });
  };
  const tokenCalls = () => google.tokenRequests.length;

  it('a missing or unknown state is refused before Google is asked', async () => {
    const c = await signUpUser(server);
    const { code } = await authorize(c, google);
    const before = tokenCalls();
    const missing = await apiError(c.api.calendar.connect({ code }));
    expect([missing.status, missing.detail]).toEqual([400, TEXTS.missing]);
    const unknown = await apiError(c.api.calendar.connect({ code, state: 'forged-state-value' }));
    expect([unknown.status, unknown.detail]).toEqual([400, TEXTS.invalid]);
    expect(tokenCalls()).toBe(before);
    await nothingStored(c);
  });

  it('a state works once: the replay is refused and changes nothing', async () => {
    const c = await signUpUser(server);
    const { code, state } = await authorize(c, google);
    expect(await c.api.calendar.connect({ code, state: state! })).toMatchObject({ has_refresh_token: true });
    const stored = (await userRow(server, c.id)).calendar_refresh_token;
    const before = tokenCalls();
    const replay = await apiError(c.api.calendar.connect({ code, state: state! }));
    expect([replay.status, replay.detail]).toEqual([400, TEXTS.invalid]);
    expect(tokenCalls()).toBe(before);
    expect((await userRow(server, c.id)).calendar_refresh_token).toBe(stored);
  });

  it('two parallel connects with one state: exactly one succeeds', async () => {
    const c = await signUpUser(server);
    const { code, state } = await authorize(c, google);
    const before = tokenCalls();
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => c.api.calendar.connect({ code, state: state! })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { status: number }).status).toBe(400);
    // The losers never reached Google: the state was taken atomically.
    expect(tokenCalls()).toBe(before + 1);
  });

  it('a state older than 10 minutes is refused', async () => {
    const c = await signUpUser(server);
    const { code, state } = await authorize(c, google);
    clock.advance(10 * 60_000 + 1000);
    const before = tokenCalls();
    const expired = await apiError(c.api.calendar.connect({ code, state: state! }));
    expect([expired.status, expired.detail]).toEqual([400, TEXTS.expired]);
    expect(tokenCalls()).toBe(before);
    await nothingStored(c);
    // It is gone, not just refused: asking again says it was used.
    clock.set(new Date().toISOString());
    const again = await apiError(c.api.calendar.connect({ code, state: state! }));
    expect(again.detail).toBe(TEXTS.invalid);
  });

  it("a state just inside 10 minutes still works", async () => {
    const c = await signUpUser(server);
    const { code, state } = await authorize(c, google);
    clock.advance(10 * 60_000 - 1000);
    expect(await c.api.calendar.connect({ code, state: state! })).toMatchObject({ has_refresh_token: true });
  });

  it("another user's state is refused, and stays usable by its owner", async () => {
    const alice = await signUpUser(server);
    const mallory = await signUpUser(server);
    const { code, state } = await authorize(alice, google);
    const stolen = await apiError(mallory.api.calendar.connect({ code, state: state! }));
    expect([stolen.status, stolen.detail]).toEqual([400, TEXTS.invalid]);
    await nothingStored(mallory);
    expect(await alice.api.calendar.connect({ code, state: state! })).toMatchObject({ has_refresh_token: true });
  });

  it("PKCE: a code redeemed with another attempt's state (so another verifier) is refused by Google", async () => {
    const c = await signUpUser(server);
    const first = await authorize(c, google);
    const second = await authorize(c, google);
    const err = await apiError(c.api.calendar.connect({ code: first.code, state: second.state! }));
    expect([err.status, err.detail]).toEqual([400, TEXTS.rejected]);
    await nothingStored(c);
  });

  it('a code Google does not know is a 400, never a 500', async () => {
    const c = await signUpUser(server);
    const { state } = await authorize(c, google);
    const err = await apiError(c.api.calendar.connect({ code: '4/0not-a-real-code', state: state! }));
    expect([err.status, err.detail]).toEqual([400, TEXTS.rejected]);
    await nothingStored(c);
  });

  it('keeps at most 5 pending attempts per user; the newest still work', async () => {
    const c = await signUpUser(server);
    for (let i = 0; i < 7; i++) {
      await c.api.calendar.authUrl();
      clock.advance(1000);
    }
    const rows = await server.running.ctx.db.selectFrom('calendar_oauth_states').selectAll().where('user_id', '=', c.id).execute();
    expect(rows).toHaveLength(5);
    expect(await c.api.calendar.connect(await authorize(c, google).then(({ code, state }) => ({ code, state: state! })))).toMatchObject({ has_refresh_token: true });
  });

  it('expired states are swept when new ones are issued', async () => {
    const c = await signUpUser(server);
    await c.api.calendar.authUrl();
    clock.advance(11 * 60_000);
    await c.api.calendar.authUrl();
    const rows = await server.running.ctx.db.selectFrom('calendar_oauth_states').selectAll().where('user_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
  });
});
