import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENRES, ONBOARDING_LIMITS, SavePreferencesResponse } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { FakeLibrary, matched } from './fakeLibrary';
import { recommendation, user } from './fixtures';

const MOVIES = Array.from({ length: 6 }, (_, i) => ({
  id: `m${i}`,
  title: `Film ${i}`,
  year: 2000 + i,
  genre: 'Drama',
  language: 'English',
  kind: 'movie' as const,
  poster_url: `/api/catalog/titles/m${i}/poster.svg`,
  poster_fallback_url: `/api/catalog/titles/m${i}/poster.svg`,
}));

function server() {
  const s = new FakeServer()
    .on('GET /api/onboarding/genres', { body: { genres: [...GENRES] } })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/movies/filtered', { body: { movies: MOVIES } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('POST /api/onboarding/preferences', () => ({ body: SavePreferencesResponse.parse({ message: 'Saved', user: user({ is_onboarded: true }) }) }))
    .on('PUT /api/settings/profile', (req) => ({ body: user({ is_onboarded: true, ...(req.body as object) }) }))
    .on('GET /api/recommendations/current', { body: recommendation() });
  const library = new FakeLibrary(s);
  return { s, library };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const tick = (name: string) => userEvent.click(screen.getByRole('checkbox', { name }));

async function toFavourites() {
  await screen.findByText(ONBOARDING_LIMITS.genresLabel);
  await tick('Drama');
  await tick('Comedy');
  await userEvent.click(next());
  await screen.findByText(/Step 2 of 4/);
  await tick('English');
  await userEvent.click(next());
  await screen.findByRole('checkbox', { name: 'Film 0 (2000)' });
}

async function importFile() {
  await userEvent.click(screen.getByRole('button', { name: 'Import instead of picking' }));
  await userEvent.upload(await screen.findByLabelText('Your export file'), new File(['Name,Year,Rating\n'], 'ratings.csv', { type: 'text/csv' }));
  await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
  await userEvent.click(await screen.findByRole('button', { name: /^Import \d+ titles?$/ }));
}

describe('onboarding: import instead of picking', () => {
  it('chooses the liked imported titles as favourites and sends them by id', async () => {
    const { s, library } = server();
    library.nextPreview = {
      matched: [
        matched(0, 'Arrival', { title_id: 'c-arrival' }),
        matched(1, 'Cats', { title_id: 'c-cats', liked: false }),
        matched(2, 'Heat', { title_id: 'c-heat' }),
        matched(3, 'Alien', { title_id: 'c-alien', liked: null }),
        matched(4, 'Ran', { title_id: 'c-ran', liked: null }),
      ],
    };
    renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false }) });
    await toFavourites();
    expect(next()).toBeDisabled();
    await importFile();

    // Two likes, then one watched title to reach the minimum of three; never the disliked one.
    expect(await screen.findByText(/We chose 3 of your imported titles as favourites below/)).toBeInTheDocument();
    const favourites = within(screen.getByRole('list', { name: 'Your favourites' }));
    expect(favourites.getAllByRole('button').map((b) => b.textContent?.replace('×', '').trim())).toEqual(['Arrival', 'Heat', 'Alien']);
    expect(screen.queryByRole('link', { name: 'See your history' })).toBeNull();
    expect(next()).toBeEnabled();

    await userEvent.click(next());
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(s.calls('POST /api/onboarding/preferences')).toHaveLength(1));
    expect((s.calls('POST /api/onboarding/preferences')[0].body as { initial_movies: string[] }).initial_movies).toEqual(['c-arrival', 'c-heat', 'c-alien']);
  });

  it('asks for the rest when the file brings fewer than three', async () => {
    const { s, library } = server();
    library.nextPreview = { matched: [matched(0, 'Arrival', { title_id: 'c-arrival' })] };
    renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false }) });
    await toFavourites();
    await tick('Film 0 (2000)');
    await importFile();
    expect(await screen.findByText(/We chose 1 of your imported titles as favourites below\. .*Pick 1 more to continue\./)).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await tick('Film 1 (2001)');
    expect(next()).toBeEnabled();
  });
});
