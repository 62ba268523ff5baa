// A pick for two, through the real API on each database: the invite mailed over SMTP, accepting
// it as the invited address, the together pick (counted once, for the asker), both ratings in each
// member's own history, leaving, the export and account deletion; and every refusal an attacker
// or a confused user would meet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, HOUSEHOLD, HouseholdInviteView, HouseholdState, TogetherPick, type ApiError } from '@app/shared';
import { dialects } from './support/dialects.js';
import { GOOD_PASSWORD, rawRequest, signUp, startTestServer, TestClock, uniqueEmail, type TestClient, type TestServer } from './support/test-server.js';
import { parseExposition } from './support/prometheus.js';
import { inviteToken } from './support/household.js';
import { failure, quotaRows, recommendationRows, setPlan } from './recommendations.helpers.js';

type Member = TestClient & { email: string; userId: string };

async function onboard(server: TestServer, name: string, platforms: string[], email = uniqueEmail(name.toLowerCase())): Promise<Member> {
  const c = await signUp(server, { email, fullName: `${name} Tester` });
  const genres = ['Drama', 'Thriller'];
  const { movies } = await c.api.onboarding.filteredMovies({ genres, languages: ['English'] });
  await c.api.onboarding.savePreferences({
    selected_genres: genres,
    preferred_languages: ['English'],
    initial_movies: movies.slice(0, 3).map((m) => m.title),
    ott_subscriptions: platforms,
    subscription_tier: 'free_trial',
  });
  const profile = await c.api.settings.profile();
  return Object.assign(c, { userId: profile.id });
}


async function status(p: Promise<unknown>): Promise<{ status: number; detail: string }> {
  const err = await failure<ApiError>(p);
  return { status: err.status, detail: err.body?.detail ?? '' };
}

/** A household of two made through the API: Asha (Netflix) invites Ben (Prime Video), who accepts. */
async function household(server: TestServer): Promise<{ asha: Member; ben: Member }> {
  const asha = await onboard(server, 'Asha', ['Netflix']);
  const benEmail = uniqueEmail('ben');
  const mark = server.mailbox.messages.length;
  await asha.api.household.invite({ email: benEmail });
  const token = await inviteToken(server, benEmail, mark);
  const ben = await onboard(server, 'Ben', ['Prime Video'], benEmail);
  await ben.api.household.accept({ token });
  return { asha, ben };
}

describe.each(dialects)('a pick for two on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-03-04T18:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, env: { METRICS: 'on' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('invite by mail, sign up as the invited address, accept; a together pick both see, counted once for the asker; both rate it', async () => {
    const asha = await onboard(server, 'Asha', ['Netflix']);
    const benEmail = uniqueEmail('ben');
    const mark = server.mailbox.messages.length;
    const sent = HouseholdState.parse(await asha.api.household.invite({ email: benEmail.toUpperCase() }));
    expect(sent.invite).toMatchObject({ email: benEmail });
    expect(new Date(sent.invite!.expires_at).getTime() - clock.now().getTime()).toBe(HOUSEHOLD.inviteTtlDays * 86_400_000);
    const mail = await server.mailbox.waitFor((m) => m.to.includes(benEmail) && server.mailbox.messages.indexOf(m) >= mark);
    expect(mail.subject).toBe("You're invited to pick what to watch together on Tonight's Pick");
    expect(mail.text).toMatch(/\/household\/accept#token=[A-Za-z0-9_-]{43}/);
    const token = await inviteToken(server, benEmail, mark);
    // Only the hash is stored.
    const stored = await server.running.ctx.db.selectFrom('household_invites').selectAll().where('email', '=', benEmail).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const ben = await onboard(server, 'Ben', ['Prime Video'], benEmail);
    const accepted = HouseholdState.parse(await ben.api.household.accept({ token }));
    expect(accepted.household?.members).toEqual([
      { name: 'Ben', you: true },
      { name: 'Asha', you: false },
    ]);
    expect((await asha.api.household.get()).household?.members.map((m) => m.name)).toEqual(['Asha', 'Ben']);
    expect((await asha.api.household.get()).invite).toBeNull();

    const together = async () => parseExposition((await rawRequest(server.url, '/metrics')).body as string).value('together_picks_total') ?? Number.NaN;
    const before = await together();
    const pick = TogetherPick.parse(await asha.api.household.pick());
    // Counted once in /metrics too.
    expect((await together()) - before).toBe(1);
    expect(pick.reason.startsWith('For Asha and Ben: ')).toBe(true);
    expect(pick.origin).toBe('together');
    expect(pick.asked_by_you).toBe(true);
    expect(pick.partner_name).toBe('Ben');
    // On a service one of them has, and the reason says whose.
    expect(['Netflix', 'Prime Video']).toContain(pick.platform);
    const whose = pick.platform === 'Netflix' ? "(Asha's)" : "(Ben's)";
    expect(pick.reason).toContain(`on ${pick.platform} ${pick.platform_owner === 'both' ? '(you both have it)' : whose}`);
    expect(pick.platform_owner).toBe(pick.platform === 'Netflix' ? 'you' : 'partner');
    // Neither history had it.
    for (const m of [asha, ben]) expect((await recommendationRows(server, m.userId)).map((r) => r.title_id)).not.toContain(pick.title_id);
    // Counted once, for the one who asked.
    expect((await quotaRows(server, asha.userId)).map((q) => Number(q.used))).toEqual([1]);
    expect(await quotaRows(server, ben.userId)).toEqual([]);
    // Ben sees the same pick, from his side.
    const seen = (await ben.api.household.get()).pick!;
    expect(seen).toMatchObject({ id: pick.id, title_id: pick.title_id, asked_by: 'Asha', asked_by_you: false, partner_name: 'Asha' });
    expect(seen.platform_owner).toBe(pick.platform === 'Netflix' ? 'partner' : 'you');

    // Both rate it: each rating goes into that member's own history.
    const liked = await asha.api.household.rate(pick.id, { rating: true });
    expect(liked).toMatchObject({ user_rating: true, is_rated: true, partner_rating: null });
    const disliked = await ben.api.household.rate(pick.id, { rating: false });
    expect(disliked).toMatchObject({ user_rating: false, partner_rating: true });
    const ashaRow = (await recommendationRows(server, asha.userId)).find((r) => r.title_id === pick.title_id);
    const benRow = (await recommendationRows(server, ben.userId)).find((r) => r.title_id === pick.title_id);
    expect(ashaRow).toMatchObject({ origin: 'together', status: 'watched', user_rating: 1 });
    expect(benRow).toMatchObject({ origin: 'together', status: 'watched', user_rating: 0 });
    const history = await ben.api.recommendations.history();
    expect(history.recommendations.find((r) => r.title_id === pick.title_id)).toMatchObject({ origin: 'together', user_rating: false });
    // A changed mind: the rating is replaced, not added.
    await ben.api.household.rate(pick.id, { rating: true });
    const benRows = (await recommendationRows(server, ben.userId)).filter((r) => r.title_id === pick.title_id);
    expect(benRows.map((r) => Number(r.user_rating))).toEqual([1]);
    // Rated titles are never picked again, together or alone.
    const next = await ben.api.household.pick();
    expect(next.title_id).not.toBe(pick.title_id);
    expect(next.asked_by_you).toBe(true);
    expect((await quotaRows(server, ben.userId)).map((q) => Number(q.used))).toEqual([1]);
    expect((await quotaRows(server, asha.userId)).map((q) => Number(q.used))).toEqual([1]);
  });

  it("a together pick keeps tonight's rules: the asker's time budget and kind, and both members' exclusions", async () => {
    const { asha, ben } = await household(server);
    for (const m of [asha, ben]) await setPlan(server, m.userId, 'paid_lifetime');
    const titles = await server.running.services.catalog.titles();
    const byId = new Map(titles.map((t) => [t.id, t]));
    // Asha remembers "movies, 1 h 40" (sent with a solo pick, as the dashboard does); Ben never shows thrillers.
    await asha.api.recommendations.next({ max_minutes: 100, kind: 'movie' });
    await ben.api.settings.updateProfile({ exclusions: { genres: ['Thriller'], keywords: [], people: [] } });
    for (let i = 0; i < 4; i++) {
      const pick = TogetherPick.parse(await asha.api.household.pick());
      const title = byId.get(pick.title_id)!;
      expect(title.kind).toBe('movie');
      expect(title.runtime).not.toBeNull();
      expect(title.runtime!).toBeLessThanOrEqual(100);
      expect(title.genres).not.toContain('Thriller');
    }
    // Ben asks: the evening is his, without a budget, and Asha's exclusions would apply to him.
    await asha.api.settings.updateProfile({ exclusions: { genres: ['Drama'], keywords: [], people: [] } });
    const bens = TogetherPick.parse(await ben.api.household.pick({ kind: 'series' }));
    const title = byId.get(bens.title_id)!;
    expect(title.kind).toBe('series');
    expect(title.genres).not.toContain('Drama');
    expect(title.genres).not.toContain('Thriller');
  });

  it('refuses what it must, with a clear detail, and changes nothing', async () => {
    const asha = await onboard(server, 'Asha', ['Netflix']);
    // Yourself.
    expect(await status(asha.api.household.invite({ email: asha.email }))).toMatchObject({ status: 400 });
    // A second pending invite.
    const first = uniqueEmail('first');
    let mark = server.mailbox.messages.length;
    await asha.api.household.invite({ email: first });
    const firstToken = await inviteToken(server, first, mark);
    expect(await status(asha.api.household.invite({ email: uniqueEmail('second') }))).toEqual({ status: 409, detail: 'You already have an invite waiting for an answer. Cancel it first to invite someone else.' });
    // Another account (not the invited address) cannot use the link.
    const mallory = await onboard(server, 'Mallory', ['Netflix']);
    expect(await status(mallory.api.household.accept({ token: firstToken }))).toEqual({ status: 403, detail: 'This invite was sent to another address. Sign in with the address it was sent to.' });
    // Nor can the inviter.
    expect((await status(asha.api.household.accept({ token: firstToken }))).status).toBe(400);
    // A made-up token.
    expect(await status(mallory.api.household.accept({ token: 'x'.repeat(43) }))).toEqual({ status: 400, detail: 'This invite link is not valid. Ask for a new invite.' });
    // Cancelled (the one click of DELETE): the link is dead.
    expect((await asha.api.household.leave()).invite).toBeNull();
    const invited = await onboard(server, 'First', [], first);
    expect(await status(invited.api.household.accept({ token: firstToken }))).toEqual({ status: 400, detail: 'This invite was cancelled. Ask for a new invite.' });
    // Expired after 7 days.
    mark = server.mailbox.messages.length;
    await asha.api.household.invite({ email: first });
    const late = await inviteToken(server, first, mark);
    clock.advance(HOUSEHOLD.inviteTtlDays * 86_400_000 + 1000);
    expect(await status(invited.api.household.accept({ token: late }))).toEqual({ status: 400, detail: 'This invite has expired. Ask for a new invite.' });
    expect((await asha.api.household.get()).invite).toBeNull();
    // Used once only.
    mark = server.mailbox.messages.length;
    await asha.api.household.invite({ email: first });
    const once = await inviteToken(server, first, mark);
    await invited.api.household.accept({ token: once });
    expect(await status(invited.api.household.accept({ token: once }))).toMatchObject({ status: 400, detail: 'This invite was already accepted.' });
    // Already in a household: no invite out, and nobody may invite a member.
    expect((await status(asha.api.household.invite({ email: uniqueEmail('third') }))).status).toBe(409);
    expect(await status(mallory.api.household.invite({ email: invited.email }))).toEqual({ status: 409, detail: 'That person is already in a household with someone else.' });
    // Another household's pick answers 404; no household: 409 for a pick, 404 for a rating.
    const { asha: other } = await household(server);
    const theirs = await other.api.household.pick();
    expect((await status(asha.api.household.rate(theirs.id, { rating: true }))).status).toBe(404);
    expect((await status(mallory.api.household.rate(theirs.id, { rating: true }))).status).toBe(404);
    expect((await status(mallory.api.household.pick())).status).toBe(409);
    // Bad input: 400 with a detail, never a 500.
    const bad = await rawRequest(server.url, '/api/household/invite', { body: JSON.stringify({ email: 'not an address' }), token: mallory.store.token! });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBeTruthy();
    const noAuth = await rawRequest(server.url, '/api/household/accept', { body: JSON.stringify({ token: once }) });
    expect(noAuth.status).toBe(401);
  });

  it("keeps the inviter's name, which they choose freely (a URL, say), out of the mail's subject", async () => {
    const sender = await onboard(server, 'https://prize.example/claim', [], uniqueEmail('url-name'));
    const to = uniqueEmail('named');
    const mark = server.mailbox.messages.length;
    await sender.api.household.invite({ email: to });
    const mail = await server.mailbox.waitFor((m) => m.to.includes(to) && server.mailbox.messages.indexOf(m) >= mark);
    expect(mail.subject).toBe("You're invited to pick what to watch together on Tonight's Pick");
    expect(mail.subject).not.toMatch(/prize|https?:/);
    // The body says who invited them, as plain text.
    expect(mail.text).toContain('https://prize.example/claim invited you');
    await sender.api.household.leave();
  });

  it("the invite's page learns who sent it without an account, as the mail names them; a link that can no longer be accepted says why", async () => {
    const view = (token: string) => rawRequest(server.url, '/api/household/invite/view', { body: JSON.stringify({ token }) });
    const asha = await onboard(server, 'Asha', ['Netflix']);
    const email = uniqueEmail('viewer');
    const mark = server.mailbox.messages.length;
    await asha.api.household.invite({ email });
    const token = await inviteToken(server, email, mark);
    const seen = await view(token);
    expect(seen.status).toBe(200);
    expect(HouseholdInviteView.parse(seen.body)).toEqual({ inviter: 'Asha', expires_at: expect.any(String) });
    // Nothing about the invited address, and nothing for a made-up or malformed token.
    expect(JSON.stringify(seen.body)).not.toContain(email);
    expect(await view('x'.repeat(43))).toMatchObject({ status: 400, body: { detail: 'This invite link is not valid. Ask for a new invite.' } });
    expect((await view('')).status).toBe(400);
    // Cancelled: the page says so instead of offering to accept.
    await asha.api.household.leave();
    expect(await view(token)).toMatchObject({ status: 400, body: { detail: 'This invite was cancelled. Ask for a new invite.' } });
  });

  it('limits invites per account: each one sends a mail', async () => {
    const sender = await onboard(server, 'Sender', []);
    for (let n = 0; n < HOUSEHOLD.invitesPerHour; n++) {
      await sender.api.household.invite({ email: uniqueEmail('many') });
      await sender.api.household.leave();
    }
    expect((await status(sender.api.household.invite({ email: uniqueEmail('many') }))).status).toBe(429);
  });

  it('leaving is one click: the household and its picks go, each member keeps the ratings they gave', async () => {
    const { asha, ben } = await household(server);
    const pick = await asha.api.household.pick();
    await ben.api.household.rate(pick.id, { rating: true });
    const left = await ben.api.household.leave();
    expect(left).toEqual({ household: null, invite: null, pick: null });
    expect(await asha.api.household.get()).toEqual({ household: null, invite: null, pick: null });
    expect((await recommendationRows(server, ben.userId)).find((r) => r.title_id === pick.title_id)).toMatchObject({ origin: 'together', user_rating: 1 });
    expect(await server.running.ctx.db.selectFrom('together_picks').selectAll().where('id', '=', pick.id).execute()).toEqual([]);
    // Either may now start again.
    await asha.api.household.invite({ email: uniqueEmail('again') });
  });

  it('puts household data in each member’s export, and deleting a member dissolves the household', async () => {
    const { asha, ben } = await household(server);
    const pick = await ben.api.household.pick();
    await asha.api.household.rate(pick.id, { rating: false });
    const read = async (m: Member) => AccountExport.parse(JSON.parse((await m.api.account.exportData()).text));
    const ashaData = await read(asha);
    expect(ashaData.household.member).toMatchObject({ role: 'inviter', partner_name: 'Ben' });
    expect(ashaData.household.invites_sent).toEqual([expect.objectContaining({ email: ben.email, status: 'accepted' })]);
    expect(ashaData.household.together_picks).toEqual([expect.objectContaining({ title_id: pick.title_id, asked_by_you: false, your_rating: 'disliked' })]);
    expect(ashaData.history.find((h) => h.title_id === pick.title_id)).toMatchObject({ origin: 'together', rating: 'disliked' });
    const benData = await read(ben);
    expect(benData.household.member).toMatchObject({ role: 'partner', partner_name: 'Asha' });
    expect(benData.household.invites_received).toEqual([expect.objectContaining({ from: 'Asha', status: 'accepted' })]);
    expect(benData.household.together_picks).toEqual([expect.objectContaining({ title_id: pick.title_id, asked_by_you: true, your_rating: null })]);
    expect(JSON.stringify([ashaData, benData])).not.toMatch(/token/i);

    await ben.api.household.rate(pick.id, { rating: true });
    await asha.api.account.delete({ password: GOOD_PASSWORD });
    expect(await ben.api.household.get()).toEqual({ household: null, invite: null, pick: null });
    const db = server.running.ctx.db;
    expect(await db.selectFrom('household_invites').selectAll().where('inviter_id', '=', asha.userId).execute()).toEqual([]);
    expect(await db.selectFrom('together_picks').selectAll().where('asked_by', '=', ben.userId).execute()).toEqual([]);
    // Ben's own history is his: the rating he gave stays.
    expect((await recommendationRows(server, ben.userId)).find((r) => r.title_id === pick.title_id)).toMatchObject({ origin: 'together', user_rating: 1 });
  });
});
