// What the dashboard's first view does not show waits for it (docs/performance.md, "Web"): the
// history and the household panel below the card are asked for once the card is on screen, and the
// page-view count and the footer's notice once the first view has had its time.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ATTRIBUTION } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, recommendation, subscription, user } from './fixtures';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function heldPick() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((ok) => (answer = ok));
  const server = new FakeServer()
    .on('GET /api/recommendations/current', async () => {
      await answered;
      return { body: recommendation({ movie_title: 'Arrival' }) };
    })
    .on('GET /api/recommendations/history', { body: { recommendations: [recommendation({ id: 'old', movie_title: 'Parasite', status: 'watched' })], page: 1, page_size: 10, total: 1 } })
    .on('GET /api/subscription/status', { body: subscription() });
  return { server, answer };
}

describe("the dashboard's first view", () => {
  it('asks for the history and the household only once the card is on screen', async () => {
    const { server, answer } = heldPick();
    renderApp('/app/dashboard', { server, user: user() });
    await waitFor(() => expect(server.calls('GET /api/recommendations/current')).toHaveLength(1));
    await pause(150);
    expect(server.calls('GET /api/recommendations/history')).toHaveLength(0);
    expect(server.calls('GET /api/household')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Your past picks' })).not.toBeInTheDocument();

    answer();
    await screen.findByRole('heading', { name: 'Arrival' });
    expect(await screen.findByText('Parasite')).toBeInTheDocument();
    expect(server.calls('GET /api/recommendations/history')).toHaveLength(1);
    expect(server.calls('GET /api/household')).toHaveLength(1);
  });

  it('counts the page view and reads the footer notice after the first view, not during it', async () => {
    const { server, answer } = heldPick();
    server.on('GET /api/public/config', { body: config({ uses_tmdb: true }) });
    renderApp('/app/dashboard', { server, user: user(), firstViewMs: 600 });
    answer();
    await screen.findByRole('heading', { name: 'Arrival' });
    expect(server.calls('POST /api/analytics/events')).toHaveLength(0);
    expect(server.calls('GET /api/public/config')).toHaveLength(0);

    await waitFor(() => expect(server.calls('POST /api/analytics/events').map((r) => (r.body as { path: string }).path)).toEqual(['/app/dashboard']));
    await waitFor(() => expect(server.calls('GET /api/public/config')).toHaveLength(1));
    expect(await within(screen.getByRole('contentinfo')).findByText(ATTRIBUTION.tmdbNotice)).toBeInTheDocument();
  });
});
