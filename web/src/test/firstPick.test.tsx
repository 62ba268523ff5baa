// A new user's first dashboard visit: GET /current issues the first pick while the history (and
// the week's counters) may already have been read. Both must show the new pick without another action.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function newUserServer() {
  const rec = recommendation({ id: 'first', movie_title: 'Arrival' });
  let issued = false;
  let historyRead: () => void = () => undefined;
  const historyWasRead = new Promise<void>((ok) => (historyRead = ok));
  const server = new FakeServer()
    .on('GET /api/recommendations/history', () => {
      historyRead();
      return { body: { recommendations: issued ? [rec] : [], page: 1, page_size: 10, total: issued ? 1 : 0 } };
    })
    .on('GET /api/subscription/status', () => ({ body: subscription({ recommendations_used: issued ? 1 : 0, recommendations_left: issued ? 2 : 3 }) }))
    // The server issues the first pick only after the history was read empty, as in a real first visit.
    .on('GET /api/recommendations/current', async () => {
      await historyWasRead;
      issued = true;
      return { body: rec };
    });
  return server;
}

describe("a new user's first pick", () => {
  it('appears in the history (and the counters) as soon as GET /current issues it', async () => {
    const server = newUserServer();
    renderApp('/app/dashboard', { server, user: user() });
    await screen.findByRole('article');
    const history = within(screen.getByRole('region', { name: 'Your past picks' }));
    expect(await history.findByText('Arrival')).toBeInTheDocument();
    expect(await screen.findByText('2 of 3 picks left this week · 5 free replacements')).toBeInTheDocument();
    expect(server.calls('GET /api/recommendations/current')).toHaveLength(1);
  });
});
