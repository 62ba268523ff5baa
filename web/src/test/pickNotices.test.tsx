// The card says plainly what a pick could not be (issue 35): a mood nothing on the services fits,
// with a button for the nearest mood, and a taste little there fits.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pickNoticeText } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

const unmet = { code: 'mood_unmet' as const, mood: 'thrilling' as const, nearest_mood: 'dark' as const };
const lowFit = { code: 'low_fit' as const, mood: null, nearest_mood: null };

function server(rec = recommendation()) {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: rec })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() });
}

describe('pick notices on the card', () => {
  it('say that nothing fits the mood, and the nearest mood is one click away', async () => {
    const s = server(recommendation({ mood: 'thrilling', notices: [unmet] })).on('POST /api/recommendations/new', {
      body: recommendation({ id: 'r2', movie_title: 'Se7en', mood: 'dark' }),
    });
    renderApp('/app/dashboard', { server: s, user: user() });
    const card = within(await screen.findByRole('article'));
    expect(card.getByText(pickNoticeText(unmet), { exact: false })).toBeInTheDocument();
    expect(pickNoticeText(unmet)).toBe('Nothing on your services fits “Thrilling” tonight, so this pick is not a thrilling one. “Dark” has titles there.');
    await userEvent.click(card.getByRole('button', { name: 'Try “Dark”' }));
    expect(await screen.findByRole('heading', { name: 'Se7en' })).toBeInTheDocument();
    await waitFor(() => expect(s.calls('POST /api/recommendations/new').map((r) => r.body)).toEqual([{ previous: 'skip', mood: 'dark' }]));
    // The select now says what was asked, for the picks that follow.
    expect(screen.getByLabelText('Mood for the next pick')).toHaveValue('dark');
    expect(screen.queryByText(pickNoticeText(unmet), { exact: false })).not.toBeInTheDocument();
  });

  it('say that little fits the taste, without a button', async () => {
    renderApp('/app/dashboard', { server: server(recommendation({ notices: [lowFit], reason: 'A highly rated pick: a drama, on Netflix.' })), user: user() });
    const card = within(await screen.findByRole('article'));
    expect(card.getByText(pickNoticeText(lowFit))).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Try/ })).not.toBeInTheDocument();
  });

  it('say nothing for a pick without notices', async () => {
    renderApp('/app/dashboard', { server: server(), user: user() });
    const card = within(await screen.findByRole('article'));
    expect(card.queryByText(/Nothing on your services fits|Little on your services fits/)).not.toBeInTheDocument();
  });
});
