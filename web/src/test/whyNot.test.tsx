// "Why not recommended?" on history and watchlist rows: a disclosure that asks the server for the
// engine's reasons and shows them inline; closed again, it hides them; a failure says so.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WhyNotResponse } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer, type RecordedRequest } from './fakeServer';
import { FakeLibrary, watchlistItem } from './fakeLibrary';
import { recommendation, subscription, user } from './fixtures';

const ANSWERS: Record<string, WhyNotResponse> = {
  t3: WhyNotResponse.parse({
    title_id: 't3',
    title: 'Cats',
    reasons: [
      { code: 'issued', text: 'It was already one of your picks, and a title is never picked twice.' },
      { code: 'excluded_keyword', text: 'Excluded keyword: musical.' },
    ],
  }),
  w1: WhyNotResponse.parse({
    title_id: 'w1',
    title: 'Past Lives',
    reasons: [
      { code: 'ranked', text: 'Other titles fit your taste better: it ranks 41st of 1,203 for you.' },
      { code: 'in_its_favour', text: 'In its favour: it is like Aftersun, which you liked.' },
    ],
  }),
};

function setup() {
  const pick = recommendation({ id: 'r1', title_id: 't1', movie_title: 'Arrival', status: 'active' });
  const history = [pick, recommendation({ id: 'r3', title_id: 't3', movie_title: 'Cats', status: 'skipped' })];
  const server = new FakeServer().on('GET /api/subscription/status', { body: subscription() });
  const library = new FakeLibrary(server, { current: pick, history, watchlist: [watchlistItem({ title_id: 'w1', movie_title: 'Past Lives' })] });
  server.on('GET /api/recommendations/why-not', (req: RecordedRequest) => {
    const answer = ANSWERS[req.query.get('title_id') ?? ''];
    return answer ? { body: answer } : { status: 404, body: { detail: 'That title is not in the catalog.' } };
  });
  return { server, library };
}

describe('why not recommended', () => {
  it('on a history row, shows the engine’s reasons inline and hides them again; not on tonight’s pick', async () => {
    const { server } = setup();
    renderApp('/app/dashboard', { server, user: user() });
    const cats = within(await screen.findByRole('listitem', { name: 'Cats' }));
    const toggle = cats.getByRole('button', { name: 'Why not recommended? Cats' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(panel).findByText('Why Cats is not your pick')).toBeVisible();
    expect(within(panel).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'It was already one of your picks, and a title is never picked twice.',
      'Excluded keyword: musical.',
    ]);
    expect(server.calls('GET /api/recommendations/why-not')[0].query.get('title_id')).toBe('t3');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    // Asked again when opened again: a rating changed since may change the answer.
    await userEvent.click(toggle);
    await within(panel).findByText('Excluded keyword: musical.');
    expect(server.calls('GET /api/recommendations/why-not')).toHaveLength(2);

    // Tonight's pick is the recommendation: no such question on its row.
    const arrival = within(screen.getByRole('listitem', { name: 'Arrival' }));
    expect(arrival.queryByRole('button', { name: /Why not recommended/ })).toBeNull();
  });

  it('on a watchlist card, from the keyboard', async () => {
    const { server } = setup();
    renderApp('/app/watchlist', { server, user: user() });
    const card = within(await screen.findByRole('listitem', { name: 'Past Lives' }));
    const toggle = card.getByRole('button', { name: 'Why not recommended? Past Lives' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(await card.findByText('Other titles fit your taste better: it ranks 41st of 1,203 for you.')).toBeVisible();
    expect(card.getByText('In its favour: it is like Aftersun, which you liked.')).toBeVisible();
  });

  it('says so when the answer cannot be had', async () => {
    const { server } = setup();
    server.on('GET /api/recommendations/why-not', { status: 500, body: {} });
    renderApp('/app/watchlist', { server, user: user() });
    const card = within(await screen.findByRole('listitem', { name: 'Past Lives' }));
    await userEvent.click(card.getByRole('button', { name: 'Why not recommended? Past Lives' }));
    await waitFor(() => expect(card.getByRole('alert')).toHaveTextContent('Could not check this title. Please try again.'));
  });
});
