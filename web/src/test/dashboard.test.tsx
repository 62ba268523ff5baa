import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TEXTS, PLAN_LIMIT_TEXTS, RateResponse } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';
import { PAST_DATE_TEXT, prefillSchedule } from '../components/common/scheduleRules';
import { chooseTimezone } from './timezone';

function server(rec = recommendation()) {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: rec })
    .on('GET /api/recommendations/history', {
      body: {
        recommendations: [
          recommendation({ id: 'r0', movie_title: 'Parasite', status: 'watched', is_rated: true, user_rating: true }),
          recommendation({ id: 'r00', movie_title: 'Cats', status: 'skipped', is_rated: true, user_rating: false }),
        ],
        page: 1,
        page_size: 10,
        total: 2,
      },
    })
    .on('GET /api/subscription/status', { body: subscription() });
}

const open = (s = server()) => renderApp('/app/dashboard', { server: s, user: user() });

describe('dashboard', () => {
  it('shows every field of the card, and the history with ratings', async () => {
    open();
    const card = await screen.findByRole('article');
    const c = within(card);
    expect(c.getByRole('heading', { name: 'Arrival' })).toBeInTheDocument();
    expect(c.getByText('2016 · Science Fiction · 1h 56m')).toBeInTheDocument();
    expect(c.getByText('94%')).toBeInTheDocument();
    expect(c.getByText('7.9/10')).toBeInTheDocument();
    expect(c.getByRole('link', { name: 'Netflix' })).toHaveAttribute('href', 'https://www.netflix.com/search?q=Arrival');
    expect(c.getByText(/A linguist is recruited/)).toBeInTheDocument();
    expect(c.getByText(/Because you liked Interstellar/)).toBeInTheDocument();
    expect(c.getByAltText('Poster of Arrival')).toHaveAttribute('src', '/api/catalog/titles/t1/poster.svg');
    // Each history row shows its rating and whether it was watched as pressed buttons.
    const parasite = within(await screen.findByRole('group', { name: 'Edit Parasite' }));
    expect(parasite.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(parasite.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'false');
    expect(parasite.getByRole('button', { name: 'Watched' })).toHaveAttribute('aria-pressed', 'true');
    const cats = within(screen.getByRole('group', { name: 'Edit Cats' }));
    expect(cats.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'true');
    expect(cats.getByRole('button', { name: 'Watched' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says availability unknown when there is no platform', async () => {
    open(server(recommendation({ platform: null, platform_logo_url: null, watch_url: null })));
    expect(await screen.findByText('Availability unknown')).toBeInTheDocument();
  });

  it("puts a copy on your own media server first, linked to the item there, instead of 'not on your services'", async () => {
    const link = 'https://media.example.net/web/index.html#!/details?id=f00d';
    const jellyfin = { platform: 'Jellyfin', kind: 'library' as const, region: 'GLOBAL', elsewhere: false, yours: true, link, logo_url: null, from_justwatch: false };
    open(server(recommendation({ platform: null, platform_logo_url: null, watch_url: null, region: 'IN', where_to_watch: [jellyfin] })));
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('link', { name: 'On your Jellyfin' })).toHaveAttribute('href', link);
    expect(card.queryByText(/Not on your services|Availability unknown/)).toBeNull();
  });

  it('rates once: Like disables both buttons and shows which was chosen', async () => {
    const s = server().on('POST /api/recommendations/rate', (req) => ({
      body: RateResponse.parse({ message: 'Saved', recommendation: recommendation({ is_rated: true, user_rating: (req.body as { rating: boolean }).rating }) }),
    }));
    open(s);
    const card = within(await screen.findByRole('article'));
    await userEvent.click(card.getByRole('button', { name: /Like$/ }));
    const liked = await card.findByRole('button', { name: /Liked/ });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).toBeDisabled();
    expect(card.getByRole('button', { name: /Dislike/ })).toBeDisabled();
    expect(s.calls('POST /api/recommendations/rate')[0].body).toEqual({ movie_title: 'Arrival', rating: true, genre: 'Science Fiction', year: 2016, recommendation_id: 'r1' });
  });

  it('shows the alert when a rating fails', async () => {
    open(server().on('POST /api/recommendations/rate', { status: 500, body: { detail: 'Internal server error' } }));
    await userEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: /Dislike/ }));
    expect(await screen.findByText(ALERT_TEXTS.saveRating)).toBeInTheDocument();
  });

  it('asks for a new pick with the chosen mood, and Already Watched sends previous=watched', async () => {
    const s = server().on('POST /api/recommendations/new', { body: recommendation({ id: 'r2', movie_title: 'Heat', mood: 'thrilling' }) });
    open(s);
    await screen.findByRole('heading', { name: 'Arrival' });
    await userEvent.selectOptions(screen.getByLabelText('Mood for the next pick'), 'thrilling');
    await userEvent.click(screen.getByRole('button', { name: 'New recommendation' }));
    expect(await screen.findByRole('heading', { name: 'Heat' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Already Watched/ }));
    await waitFor(() => expect(s.calls('POST /api/recommendations/new')).toHaveLength(2));
    expect(s.calls('POST /api/recommendations/new').map((r) => r.body)).toEqual([
      { previous: 'skip', mood: 'thrilling' },
      { previous: 'watched', mood: 'thrilling' },
    ]);
  });

  it('shows the upgrade banner and modal with the plan-limit texts on a 402, and the upgrade button goes to settings', async () => {
    const s = server().on('POST /api/recommendations/new', { status: 402, body: { detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limit_reached: true } });
    const { location } = open(s);
    await userEvent.click(await screen.findByRole('button', { name: 'New recommendation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: PLAN_LIMIT_TEXTS.title })).toBeInTheDocument();
    expect(within(dialog).getByText(PLAN_LIMIT_TEXTS.limitReached)).toBeInTheDocument();
    expect(within(dialog).getByText('$59')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(PLAN_LIMIT_TEXTS.title);
    expect(banner).toHaveTextContent(PLAN_LIMIT_TEXTS.limitReached);
    await userEvent.click(within(banner).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(location()).toBe('/app/settings?upgrade=true&section=subscription'));
  });

  it('uses the "paused" text for an expired plan when the server sends no detail', async () => {
    open(server().on('GET /api/recommendations/current', { status: 402, body: { expired: true, limit_reached: false } }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PLAN_LIMIT_TEXTS.expired)).toBeInTheDocument();
  });

  it('shows the subscription warning that comes with a recommendation', async () => {
    open(server(recommendation({ subscription_warning: { message: '1 free recommendation left this week', expired: false, limit_reached: false } })));
    expect(await screen.findByText(/1 free recommendation left this week/)).toBeInTheDocument();
  });

  it("shows the alert when a new pick fails for another reason", async () => {
    open(server().on('POST /api/recommendations/new', { status: 500, body: { detail: 'Internal server error' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'New recommendation' }));
    expect(await screen.findByText(ALERT_TEXTS.newRecommendation)).toBeInTheDocument();
  });
});

describe('schedule', () => {
  // A morning (only Date faked): the profile's 19:00 is still ahead, so it is the time offered.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());
  async function openSchedule(s = server(), u = user()) {
    renderApp('/app/dashboard', { server: s, user: u });
    await userEvent.click(await screen.findByRole('button', { name: /Schedule/ }));
    return screen.findByRole('dialog');
  }
  const setDate = async (d: ReturnType<typeof within>, date: string) => {
    await userEvent.clear(d.getByLabelText('Date'));
    if (date) await userEvent.type(d.getByLabelText('Date'), date);
  };

  it('starts from the profile: the next date it is due, its time and its timezone', async () => {
    const u = user({ timezone: 'Asia/Tokyo', recommendation_time: '21:15', selected_days: [2, 4] });
    const d = within(await openSchedule(server(), u));
    expect(d.getByLabelText('Date')).toHaveValue(prefillSchedule({ now: new Date(), timezone: 'Asia/Tokyo', time: '21:15', days: [2, 4] }).date);
    expect(d.getByLabelText('Time')).toHaveValue('21:15');
    expect(d.getByLabelText('Timezone')).toHaveValue('Asia/Tokyo');
  });

  it("says 'Please select a date' without a date, and refuses a past date", async () => {
    const s = server();
    const d = within(await openSchedule(s));
    await setDate(d, '');
    await userEvent.click(d.getByRole('button', { name: 'Download .ics' }));
    expect(await d.findByText(ALERT_TEXTS.selectDate)).toBeInTheDocument();
    await setDate(d, '2020-01-01');
    await userEvent.click(d.getByRole('link', { name: /Add to Google Calendar/ }));
    expect(await d.findByText(PAST_DATE_TEXT)).toBeInTheDocument();
    expect(s.calls('GET /api/recommendations/download-ics')).toHaveLength(0);
  });

  it('on the free plan: the Google Calendar link and the .ics, and the connected calendar shown as a lifetime feature', async () => {
    const s = server();
    const d = within(await openSchedule(s));
    expect(d.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    expect(d.getByText(/Lifetime feature/)).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'See the lifetime plan' })).toHaveAttribute('href', '/app/settings?upgrade=true&section=calendar');
    await setDate(d, '2099-07-01');
    await chooseTimezone(d, 'Timezone', 'new york', 'New York (America/New_York)');
    const link = new URL(d.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href')!);
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('text')).toBe("Tonight's Pick: Arrival");
    // 19:00 in New York in July (EDT, UTC-4) is 23:00 UTC; as long as the film (1 h 56) to the quarter hour: 2 h.
    expect(link.searchParams.get('dates')).toBe('20990701T230000Z/20990702T010000Z');
    expect(link.searchParams.get('location')).toBe('Netflix');
    expect(link.searchParams.get('details')).toMatch(/A linguist is recruited/);
    // Enter in the form does not try the connected calendar either.
    await userEvent.type(d.getByLabelText('Time'), '{Enter}');
    expect(s.calls('POST /api/recommendations/add-to-calendar')).toHaveLength(0);
  });

  it('lifetime: shows the calendar alert when adding fails, and sends date, time and timezone', async () => {
    const s = server().on('POST /api/recommendations/add-to-calendar', { status: 403, body: { detail: 'Connect a calendar first' } });
    const d = within(await openSchedule(s, user({ subscription_tier: 'paid_lifetime' })));
    await setDate(d, '2099-12-31');
    await chooseTimezone(d, 'Timezone', 'tokyo', 'Tokyo (Asia/Tokyo)');
    await userEvent.click(d.getByRole('button', { name: 'Add to calendar' }));
    expect(await d.findByText(ALERT_TEXTS.addToCalendar)).toBeInTheDocument();
    expect(s.calls('POST /api/recommendations/add-to-calendar')[0].body).toEqual({ recommendation_id: 'r1', date: '2099-12-31', time: '19:00', timezone: 'Asia/Tokyo' });
  });

  it('downloads the server’s .ics file, or shows the download alert', async () => {
    const s = server().on('GET /api/recommendations/download-ics', {
      text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      headers: { 'Content-Type': 'text/calendar', 'Content-Disposition': 'attachment; filename="arrival.ics"' },
    });
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:ics';
    };
    URL.revokeObjectURL = () => undefined;
    const d = within(await openSchedule(s));
    await setDate(d, '2099-12-31');
    await userEvent.click(d.getByRole('button', { name: 'Download .ics' }));
    expect(await d.findByText(/Downloaded arrival.ics/)).toBeInTheDocument();
    expect(created[0].type).toBe('text/calendar');
    expect(created[0].size).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'.length);
    const q = s.calls('GET /api/recommendations/download-ics')[0].query;
    expect(Object.fromEntries(q)).toEqual({ recommendation_id: 'r1', date: '2099-12-31', time: '19:00', timezone: 'Europe/London' });

    s.on('GET /api/recommendations/download-ics', { status: 500, body: { detail: 'Internal server error' } });
    await userEvent.click(d.getByRole('button', { name: 'Download .ics' }));
    expect(await d.findByText(ALERT_TEXTS.downloadCalendar)).toBeInTheDocument();
  });
});
