import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { FakeLibrary, watchlistItem } from './fakeLibrary';
import { recommendation, subscription, user } from './fixtures';

function setup(opts: ConstructorParameters<typeof FakeLibrary>[1] = {}) {
  const server = new FakeServer().on('GET /api/subscription/status', { body: subscription() });
  const library = new FakeLibrary(server, opts);
  return { server, library };
}

describe('watchlist', () => {
  it('lists each saved title with where it streams, and removes one', async () => {
    const { server, library } = setup({
      watchlist: [
        watchlistItem({ title_id: 'w1', movie_title: 'Past Lives', on_your_services: true }),
        watchlistItem({
          title_id: 'w2',
          movie_title: 'Shōgun',
          kind: 'series',
          year: 2024,
          end_year: null,
          seasons: 1,
          runtime: 60,
          genre: 'Drama',
          on_your_services: false,
          platform: null,
          platform_logo_url: null,
          watch_url: null,
          where_to_watch: [],
        }),
      ],
    });
    server.on('GET /api/recommendations/current', { body: recommendation() });
    renderApp('/app/dashboard', { server, user: user() });
    await userEvent.click(await screen.findByRole('link', { name: 'Watchlist' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Watchlist' })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Saved titles' }));
    const pastLives = within(list.getByRole('listitem', { name: 'Past Lives' }));
    expect(pastLives.getByText('On your services')).toBeInTheDocument();
    expect(pastLives.getByRole('link', { name: 'Netflix' })).toHaveAttribute('href', 'https://www.netflix.com/search?q=Arrival');
    expect(pastLives.getByText('2016 · Science Fiction · 1h 56m')).toBeInTheDocument();
    const shogun = within(list.getByRole('listitem', { name: 'Shōgun' }));
    expect(shogun.getByText('Series')).toBeInTheDocument();
    expect(shogun.getByText('2024– · Drama · 1 season · 1h episodes')).toBeInTheDocument();
    expect(shogun.queryByText('On your services')).toBeNull();
    expect(shogun.getByText('Availability unknown')).toBeInTheDocument();

    await userEvent.click(shogun.getByRole('button', { name: 'Remove Shōgun' }));
    await waitFor(() => expect(list.queryByRole('listitem', { name: 'Shōgun' })).toBeNull());
    expect(server.calls('DELETE /api/watchlist/:titleId')[0].path).toBe('/api/watchlist/w2');
    expect(library.watchlist.map((w) => w.title_id)).toEqual(['w1']);
  });

  it('explains Save for later when nothing is saved', async () => {
    const { server } = setup();
    renderApp('/app/watchlist', { server, user: user() });
    expect(await screen.findByText('Nothing saved yet.')).toBeInTheDocument();
    expect(screen.getByText(/choose/)).toHaveTextContent('When tonight’s pick looks good but not for tonight, choose Save for later on the card');
    expect(screen.getByRole('link', { name: 'See tonight’s pick' })).toHaveAttribute('href', '/app/dashboard');
  });

  it('/watchlist opens the page; before onboarding it goes to onboarding', async () => {
    const { server } = setup();
    const { location, unmount } = renderApp('/watchlist', { server, user: user() });
    await waitFor(() => expect(location()).toBe('/app/watchlist'));
    expect(await screen.findByText('Nothing saved yet.')).toBeInTheDocument();
    unmount();
    const again = renderApp('/app/watchlist', { server: setup().server, user: user({ is_onboarded: false }) });
    await waitFor(() => expect(again.location()).toBe('/app/onboarding'));
  });

  it('shows the error and keeps the title when removing fails', async () => {
    const { server } = setup({ watchlist: [watchlistItem({ title_id: 'w1', movie_title: 'Past Lives' })] });
    server.on('DELETE /api/watchlist/:titleId', { status: 500, body: { detail: 'Database unavailable' } });
    renderApp('/app/watchlist', { server, user: user() });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Past Lives' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('listitem', { name: 'Past Lives' })).toBeInTheDocument();
  });
});

describe('Save for later on tonight’s card', () => {
  it('toggles Saved, adds it to the watchlist, and takes it off again', async () => {
    const pick = recommendation({ id: 'r1', title_id: 't1' });
    const { server, library } = setup({ current: pick, history: [pick] });
    renderApp('/app/dashboard', { server, user: user() });
    const card = within(await screen.findByRole('article'));
    await userEvent.click(card.getByRole('button', { name: 'Save for later' }));
    const saved = await card.findByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls('POST /api/watchlist')[0].body).toEqual({ title_id: 't1' });
    expect(library.watchlist.map((w) => w.title_id)).toEqual(['t1']);
    // The history row of the same title shows it saved too.
    const row = within(await screen.findByRole('group', { name: 'Edit Arrival' }));
    expect(row.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(saved);
    expect(await card.findByRole('button', { name: 'Save for later' })).toHaveAttribute('aria-pressed', 'false');
    expect(server.calls('DELETE /api/watchlist/:titleId')[0].path).toBe('/api/watchlist/t1');
    expect(library.watchlist).toHaveLength(0);
  });

  it('puts the button back and says so when saving fails', async () => {
    const pick = recommendation({ id: 'r1', title_id: 't1' });
    const { server } = setup({ current: pick });
    server.on('POST /api/watchlist', { status: 503, body: { detail: 'Try again in a moment.' } });
    renderApp('/app/dashboard', { server, user: user() });
    const card = within(await screen.findByRole('article'));
    await userEvent.click(card.getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText('Try again in a moment.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save for later' })).toHaveAttribute('aria-pressed', 'false');
  });
});
