// A new user's first dashboard visit: GET /current issues the first pick while the week's counters
// may already have been read (the dashboard's page asks for both at once). The history is read once
// the card is on screen, so after the pick exists. Both must show the new pick without another action.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function newUserServer() {
  const rec = recommendation({ id: 'first', movie_title: 'Arrival' });
  let issued = false;
  let statusReads = 0;
  const server = new FakeServer()
    .on('GET /api/recommendations/history', () => ({ body: { recommendations: issued ? [rec] : [], page: 1, page_size: 10, total: issued ? 1 : 0 } }))
    // The first read of the counters was answered before GET /current issued the pick, as when both are asked at once.
    .on('GET /api/subscription/status', () => {
      statusReads += 1;
      const used = statusReads > 1 && issued ? 1 : 0;
      return { body: subscription({ recommendations_used: used, recommendations_left: 3 - used }) };
    })
    .on('GET /api/recommendations/current', () => {
      issued = true;
      return { body: rec };
    });
  return server;
}

describe("a new user's first pick", () => {
  it('appears in the history and the counters as soon as GET /current issues it', async () => {
    const server = newUserServer();
    renderApp('/app/dashboard', { server, user: user() });
    await screen.findByRole('article');
    const history = within(await screen.findByRole('region', { name: 'Your past picks' }));
    expect(await history.findByText('Arrival')).toBeInTheDocument();
    expect(await screen.findByText('2 of 3 picks left this week · 5 free replacements')).toBeInTheDocument();
    expect(server.calls('GET /api/recommendations/current')).toHaveLength(1);
    // The history waits for the card: one read, with the pick in it.
    expect(server.calls('GET /api/recommendations/history')).toHaveLength(1);
  });
});
