// A pick for two in the web app: Settings > Household (invite, cancel, leave with confirmation,
// the server's refusals), the accept page signed out and signed in, and the dashboard's together
// card with each member's own rating.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HouseholdState, STORAGE_KEYS, TogetherPick, type HouseholdState as State } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, recommendation, subscription, user } from './fixtures';

const EMPTY: State = { household: null, invite: null, pick: null };
const MEMBERS = { since: '2026-03-01T10:00:00.000Z', members: [{ name: 'Asha', you: true }, { name: 'Ben', you: false }] };

function pick(over: Partial<TogetherPick> = {}): TogetherPick {
  return TogetherPick.parse({
    ...recommendation({ id: 'tp1', movie_title: 'Parasite', reason: "For Asha and Ben: Asha liked Oldboy, Ben liked Memories of Murder. A Korean thriller, on Netflix (Asha's).", origin: 'together' }),
    asked_by: 'Ben',
    asked_by_you: false,
    platform_owner: 'you',
    partner_name: 'Ben',
    partner_rating: null,
    ...over,
  });
}

function settingsServer(state: State) {
  return new FakeServer()
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } })
    .on('GET /api/household', { body: HouseholdState.parse(state) });
}

describe('Settings > Household', () => {
  it('invites by email, shows the pending invite, and cancels it', async () => {
    const s = settingsServer(EMPTY)
      .on('POST /api/household/invite', (req) => ({ body: { ...EMPTY, invite: { email: (req.body as { email: string }).email, expires_at: '2026-03-11T10:00:00.000Z' } } }))
      .on('DELETE /api/household', { body: EMPTY });
    renderApp('/app/settings', { server: s, user: user() });
    const region = within(await screen.findByRole('region', { name: 'Household' }));
    await userEvent.type(await region.findByLabelText('Your partner’s email'), 'ben@example.com');
    await userEvent.click(region.getByRole('button', { name: 'Send invite' }));
    expect(await region.findByText('Invite sent to', { exact: false })).toHaveTextContent('Invite sent to ben@example.com to accept.');
    expect(s.calls('POST /api/household/invite')[0].body).toEqual({ email: 'ben@example.com' });
    await userEvent.click(region.getByRole('button', { name: 'Cancel invite' }));
    await region.findByLabelText('Your partner’s email');
    expect(s.calls('DELETE /api/household')).toHaveLength(1);
  });

  it("shows the server's reason when an invite is refused", async () => {
    const s = settingsServer(EMPTY).on('POST /api/household/invite', { status: 409, body: { detail: 'That person is already in a household with someone else.', code: 'conflict' } });
    renderApp('/app/settings', { server: s, user: user() });
    const region = within(await screen.findByRole('region', { name: 'Household' }));
    await userEvent.type(await region.findByLabelText('Your partner’s email'), 'ben@example.com');
    await userEvent.click(region.getByRole('button', { name: 'Send invite' }));
    expect(await region.findByRole('alert')).toHaveTextContent('That person is already in a household with someone else.');
  });

  it('names the partner, and leaves only after the confirmation', async () => {
    const s = settingsServer({ ...EMPTY, household: MEMBERS }).on('DELETE /api/household', { body: EMPTY });
    renderApp('/app/settings', { server: s, user: user() });
    const region = within(await screen.findByRole('region', { name: 'Household' }));
    expect(await region.findByText('Ben')).toBeInTheDocument();
    await userEvent.click(region.getByRole('button', { name: 'Leave household' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave the household?' }));
    expect(s.calls('DELETE /api/household')).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, leave' }));
    await region.findByLabelText('Your partner’s email');
    expect(s.calls('DELETE /api/household')).toHaveLength(1);
  });
});

const VIEW = { body: { inviter: 'Asha', expires_at: '2026-03-11T18:00:00.000Z' } };

describe('the invite link', () => {
  it('a cancelled invite says so instead of offering to accept it', async () => {
    const s = new FakeServer()
      .on('GET /api/recommendations/current', { body: recommendation() })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
      .on('GET /api/subscription/status', { body: subscription() })
      .on('POST /api/household/invite/view', { status: 400, body: { detail: 'This invite was cancelled. Ask for a new invite.', code: 'bad_request' } });
    renderApp('/household/accept#token=gone', { server: s, user: user() });
    expect(await screen.findByText('This invite was cancelled. Ask for a new invite.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invite' })).toBeNull();
  });

  it('signed out: keeps the token, offers sign-up and sign-in, and the token leaves the address bar', async () => {
    const s = new FakeServer().on('GET /api/public/config', { body: config() }).on('POST /api/household/invite/view', VIEW);
    const { location } = renderApp('/household/accept#token=abc123', { server: s });
    const invite = within(await screen.findByRole('region', { name: 'Pick what to watch, together' }));
    // Named as the invite mail names them.
    expect(await invite.findByText(/^Asha invited you to share Tonight’s Pick/)).toBeInTheDocument();
    expect(s.calls('POST /api/household/invite/view')[0].body).toEqual({ token: 'abc123' });
    expect(invite.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(invite.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.pendingHouseholdInvite)).toBe('abc123'));
    expect(location()).toBe('/household/accept');
  });

  it('signed in later: the app brings the user back to the invite once, and accepting sends the kept token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingHouseholdInvite, 'kept-token');
    const s = new FakeServer()
      .on('GET /api/recommendations/current', { body: recommendation() })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
      .on('GET /api/subscription/status', { body: subscription() })
      .on('POST /api/household/invite/view', VIEW)
      .on('POST /api/household/accept', { body: { ...EMPTY, household: MEMBERS } });
    const { location } = renderApp('/app/dashboard', { server: s, user: user() });
    expect(await screen.findByText(/^Asha invited you to share Tonight’s Pick\. Accept to get picks/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invite' }));
    expect(await screen.findByText('You are in!', { exact: false })).toBeInTheDocument();
    expect(s.calls('POST /api/household/accept')[0].body).toEqual({ token: 'kept-token' });
    expect(location()).toBe('/household/accept');
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingHouseholdInvite)).toBeNull();
  });
});

describe('the dashboard together card', () => {
  it('shows the pick for both with its reason and the partner’s rating; the member rates for themselves and asks for another', async () => {
    const s = new FakeServer()
      .on('GET /api/recommendations/current', { body: recommendation() })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
      .on('GET /api/subscription/status', { body: subscription() })
      .on('GET /api/household', { body: { ...EMPTY, household: MEMBERS, pick: pick({ partner_rating: true }) } })
      .on('POST /api/recommendations/together/:id/rate', (req) => ({ body: pick({ partner_rating: true, user_rating: (req.body as { rating: boolean }).rating, is_rated: true }) }))
      .on('POST /api/recommendations/together', { body: pick({ id: 'tp2', movie_title: 'Oldboy', asked_by: 'Asha', asked_by_you: true }) });
    renderApp('/app/dashboard', { server: s, user: user() });
    const panel = within(await screen.findByRole('region', { name: 'Together with Ben' }));
    const card = within(await panel.findByRole('article', { name: 'Parasite' }));
    expect(card.getByText(/For Asha and Ben: Asha liked Oldboy/)).toBeInTheDocument();
    expect(card.getByText('Ben asked for this pick. Ben liked it.')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Dislike' }));
    expect(await card.findByRole('button', { name: 'Disliked' })).toHaveAttribute('aria-pressed', 'true');
    expect(s.calls('POST /api/recommendations/together/:id/rate')[0]).toMatchObject({ path: '/api/recommendations/together/tp1/rate', body: { rating: false } });
    await userEvent.click(panel.getByRole('button', { name: 'Pick for both of us' }));
    expect(await panel.findByRole('article', { name: 'Oldboy' })).toBeInTheDocument();
    expect(panel.getByText('You asked for this pick.', { exact: false })).toBeInTheDocument();
  });

  it("reads the week's counters again after a pick for two, which counts against the plan", async () => {
    let left = 2;
    const s = new FakeServer()
      .on('GET /api/recommendations/current', { body: recommendation() })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
      .on('GET /api/subscription/status', () => ({ body: subscription({ recommendations_used: 3 - left, recommendations_left: left }) }))
      .on('GET /api/household', { body: { ...EMPTY, household: MEMBERS, pick: null } })
      .on('POST /api/recommendations/together', () => {
        left -= 1;
        return { body: pick({ id: 'tp2', movie_title: 'Oldboy', asked_by: 'Asha', asked_by_you: true }) };
      });
    renderApp('/app/dashboard', { server: s, user: user() });
    expect(await screen.findByText(/^2 of 3 picks left this week/)).toBeInTheDocument();
    const panel = within(await screen.findByRole('region', { name: 'Together with Ben' }));
    await userEvent.click(panel.getByRole('button', { name: 'Pick for both of us' }));
    expect(await panel.findByRole('article', { name: 'Oldboy' })).toBeInTheDocument();
    expect(await screen.findByText(/^1 of 3 picks left this week/)).toBeInTheDocument();
  });
});
