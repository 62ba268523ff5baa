import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { FakeLibrary } from './fakeLibrary';
import { recommendation, subscription, user } from './fixtures';

function setup() {
  const pick = recommendation({ id: 'r1', title_id: 't1', movie_title: 'Arrival', status: 'active' });
  const history = [
    pick,
    recommendation({ id: 'r2', title_id: 't2', movie_title: 'Parasite', status: 'watched', is_rated: true, user_rating: true }),
    recommendation({ id: 'r3', title_id: 't3', movie_title: 'Cats', status: 'skipped' }),
    recommendation({
      id: 'r4',
      title_id: 't4',
      movie_title: 'Amélie',
      status: 'watched',
      origin: 'import',
      reason: 'Imported from Letterboxd',
      is_rated: true,
      user_rating: false,
    }),
  ];
  const server = new FakeServer().on('GET /api/subscription/status', { body: subscription() });
  const library = new FakeLibrary(server, { current: pick, history });
  renderApp('/app/dashboard', { server, user: user() });
  const row = async (title: string) => within(await screen.findByRole('group', { name: `Edit ${title}` }));
  const item = (title: string) => within(screen.getByRole('listitem', { name: title }));
  return { server, library, row, item };
}

const pressed = (b: HTMLElement) => b.getAttribute('aria-pressed');

describe('history you can correct', () => {
  it('changes and clears a rating, and the row shows the new state', async () => {
    const { server, library, row } = setup();
    const parasite = await row('Parasite');
    await userEvent.click(parasite.getByRole('button', { name: 'Dislike' }));
    await waitFor(() => expect(pressed(parasite.getByRole('button', { name: 'Dislike' }))).toBe('true'));
    expect(pressed(parasite.getByRole('button', { name: 'Like' }))).toBe('false');
    expect(server.calls('PATCH /api/recommendations/history/:id')[0]).toMatchObject({ path: '/api/recommendations/history/r2', body: { rating: false } });
    expect(library.history[1].user_rating).toBe(false);

    await userEvent.click(parasite.getByRole('button', { name: 'Clear rating' }));
    await waitFor(() => expect(parasite.queryByRole('button', { name: 'Clear rating' })).toBeNull());
    expect(pressed(parasite.getByRole('button', { name: 'Dislike' }))).toBe('false');
    expect(server.calls('PATCH /api/recommendations/history/:id')[1].body).toEqual({ rating: null });
    expect(library.history[1].user_rating).toBeNull();
  });

  it('marks a skipped title watched, which hides its Save for later', async () => {
    const { server, row } = setup();
    const cats = await row('Cats');
    expect(cats.getByRole('button', { name: 'Save for later' })).toBeInTheDocument();
    await userEvent.click(cats.getByRole('button', { name: 'Watched' }));
    await waitFor(() => expect(pressed(cats.getByRole('button', { name: 'Watched' }))).toBe('true'));
    expect(server.calls('PATCH /api/recommendations/history/:id')[0].body).toEqual({ watched: true });
    expect(cats.queryByRole('button', { name: 'Save for later' })).toBeNull();
  });

  it("rates tonight's pick from its row, which the card shows too, but offers no Watched or Remove there", async () => {
    const { row } = setup();
    const arrival = await row('Arrival');
    expect(arrival.queryByRole('button', { name: 'Watched' })).toBeNull();
    expect(arrival.queryByRole('button', { name: 'Remove' })).toBeNull();
    await userEvent.click(arrival.getByRole('button', { name: 'Like' }));
    const card = within(screen.getByRole('article'));
    expect(await card.findByRole('button', { name: /Liked/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('removes a title after confirming', async () => {
    const { server, library, row } = setup();
    await userEvent.click((await row('Cats')).getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Cats from your history?' }));
    expect(dialog.getByText('Its rating is forgotten and it may be picked for you again.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove from history' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Edit Cats' })).toBeNull());
    expect(server.calls('DELETE /api/recommendations/history/:id')[0].path).toBe('/api/recommendations/history/r3');
    expect(library.history.map((h) => h.movie_title)).toEqual(['Arrival', 'Parasite', 'Amélie']);
  });

  it('shows where an imported title came from', async () => {
    const { row, item } = setup();
    await row('Amélie');
    const amelie = item('Amélie');
    expect(amelie.getByText('Imported from Letterboxd')).toBeInTheDocument();
    expect(amelie.getByText('Imported')).toBeInTheDocument();
    expect(item('Parasite').queryByText('Imported')).toBeNull();
  });

  it("shows the server's refusal and puts the row back", async () => {
    const { server, row } = setup();
    server.on('PATCH /api/recommendations/history/:id', { status: 409, body: { detail: "This is tonight's pick: use Watched it on the card." } });
    const parasite = await row('Parasite');
    await userEvent.click(parasite.getByRole('button', { name: 'Watched' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This is tonight's pick: use Watched it on the card.");
    expect(pressed(parasite.getByRole('button', { name: 'Watched' }))).toBe('true');
  });
});
