// A pick watched on a connected app or a streaming site: the server closes it, and the dashboard
// shows the next pick when the tab comes back into focus, with the history saying where the
// watched one was seen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';
import { FOCUS_READ_MS } from '../hooks/useRecommendation';

describe('a pick watched elsewhere', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves the dashboard on when the tab is focused again', async () => {
    let current = recommendation({ id: 'r1', movie_title: 'Arrival' });
    const watched = { ...current, status: 'watched' as const, watched_on: 'jellyfin' as const };
    let history = [current];
    const s = new FakeServer()
      .on('GET /api/recommendations/current', () => ({ body: current }))
      .on('GET /api/recommendations/history', () => ({ body: { recommendations: history, page: 1, page_size: 10, total: history.length } }))
      .on('GET /api/subscription/status', { body: subscription() });
    renderApp('/app/dashboard', { server: s, user: user() });
    expect(await within(await screen.findByRole('article')).findByRole('heading', { name: 'Arrival' })).toBeInTheDocument();
    // Jellyfin's webhook arrived: the server closed Arrival and has the next pick.
    const next = recommendation({ id: 'r2', movie_title: 'Paddington 2' });
    current = next;
    history = [next, watched];
    // Reads on focus are spaced from the page's first read: the user comes back later than that.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FOCUS_READ_MS + 1000);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(s.calls('GET /api/recommendations/current')).toHaveLength(2));
    expect(await within(screen.getByRole('article')).findByRole('heading', { name: 'Paddington 2' })).toBeInTheDocument();
    expect(await screen.findByText('Watched on Jellyfin', { selector: '.tag' })).toBeInTheDocument();
  });
});
