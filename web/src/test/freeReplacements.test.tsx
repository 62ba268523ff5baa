// The free plan's free replacements on the dashboard (docs/product-decisions.md). The fake server
// keeps the week's counters and applies the API's rule: Already Watched, or a new pick while the
// current one is disliked, is free while free replacements remain; otherwise it counts, and a
// request with nothing left gets the 402.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_LIMIT_TEXTS, type Recommendation as RecommendationT } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, recommendation, subscription, user } from './fixtures';

const TITLES = ['Arrival', 'Heat', 'Zodiac', 'Memento', 'Oldboy', 'Sicario', 'Prisoners', 'Drive'];

function quotaServer({ used = 1, freeUsed = 0, limit = 3, cap = 5 } = {}) {
  let current: RecommendationT = recommendation();
  let issued = 0;
  const counts = { used, freeUsed };
  const status = () => {
    const reached = counts.used >= limit;
    return subscription({
      recommendations_used: counts.used,
      recommendations_limit: limit,
      recommendations_left: Math.max(0, limit - counts.used),
      free_replacements_used: counts.freeUsed,
      free_replacements_limit: cap,
      free_replacements_left: Math.max(0, cap - counts.freeUsed),
      limit_reached: reached,
      is_active: !reached,
      status: reached ? 'Limit Reached' : 'Active',
      expiry_reason: reached ? 'trial_limit' : null,
    });
  };
  const server = new FakeServer()
    .on('GET /api/recommendations/current', () => ({ body: current }))
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', () => ({ body: status() }))
    .on('POST /api/recommendations/rate', (req) => {
      current = { ...current, is_rated: true, user_rating: (req.body as { rating: boolean }).rating };
      return { body: { message: 'Saved', recommendation: current } };
    })
    .on('POST /api/recommendations/new', (req) => {
      const replacement = (req.body as { previous?: string }).previous === 'watched' || current.user_rating === false;
      if (replacement && counts.freeUsed < cap) counts.freeUsed++;
      else if (counts.used < limit) counts.used++;
      else return { status: 402, body: { detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limit_reached: true } };
      issued++;
      current = recommendation({ id: `r${issued + 1}`, title_id: `t${issued + 1}`, movie_title: TITLES[issued % TITLES.length] });
      return { body: current };
    });
  return { server, counts };
}

const open = (s: FakeServer) => renderApp('/app/dashboard', { server: s, user: user() });

describe('free replacements on the dashboard', () => {
  it('the banner says exactly what remains, and Already Watched is free while replacements last', async () => {
    const { server, counts } = quotaServer();
    open(server);
    expect(await screen.findByText('2 of 3 picks left this week · 5 free replacements')).toBeInTheDocument();
    const watched = screen.getByRole('button', { name: 'Already Watched · free' });
    await userEvent.click(watched);
    expect(await screen.findByRole('heading', { name: 'Heat' })).toBeInTheDocument();
    expect(await screen.findByText('2 of 3 picks left this week · 4 free replacements')).toBeInTheDocument();
    expect(counts).toEqual({ used: 1, freeUsed: 1 });
  });

  it('after a Dislike the card offers "Show me another" at once, and it is free', async () => {
    const { server, counts } = quotaServer({ used: 3 });
    open(server);
    expect(await screen.findByText('0 of 3 picks left this week · 5 free replacements')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show me another/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Dislike/ }));
    const another = await screen.findByRole('button', { name: 'Show me another · free' });
    expect(another).toHaveClass('btn-primary');
    expect(screen.queryByRole('button', { name: 'New recommendation' })).not.toBeInTheDocument();
    await userEvent.click(another);
    expect(await screen.findByRole('heading', { name: 'Heat' })).toBeInTheDocument();
    expect(server.calls('POST /api/recommendations/new').map((r) => r.body)).toEqual([{ previous: 'skip' }]);
    expect(counts).toEqual({ used: 3, freeUsed: 1 });
    expect(await screen.findByText('0 of 3 picks left this week · 4 free replacements')).toBeInTheDocument();
    // The new pick is not disliked: the plain action is back.
    expect(screen.getByRole('button', { name: 'New recommendation' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says before the click that a replacement will count once the free ones are gone', async () => {
    const { server, counts } = quotaServer({ used: 1, freeUsed: 5 });
    open(server);
    expect(await screen.findByText('2 of 3 picks left this week · no free replacements left')).toBeInTheDocument();
    expect(screen.getByText(/No free replacements left this week: Already Watched and Show me another now use one of your picks/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Dislike/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show me another · uses a pick' }));
    expect(await screen.findByText('1 of 3 picks left this week · no free replacements left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Already Watched · uses a pick' }));
    expect(await screen.findByText('0 of 3 picks left this week · no free replacements left')).toBeInTheDocument();
    expect(counts).toEqual({ used: 3, freeUsed: 5 });
    expect(screen.getByText('No free replacements or picks left this week.')).toBeInTheDocument();
  });

  it('the limit banner points to the free replacements that remain', async () => {
    const { server } = quotaServer({ used: 3, freeUsed: 2 });
    open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'New recommendation' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' }));
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(PLAN_LIMIT_TEXTS.limitReached);
    await waitFor(() => expect(banner).toHaveTextContent('You still have 3 free replacements this week: Already Watched, or a Dislike, gets you another pick for free.'));
  });

  it('shows no counters on a plan without a weekly limit, but still offers Show me another', async () => {
    const s = quotaServer().server.on('GET /api/subscription/status', { body: subscription({ subscription_tier: 'paid_lifetime', recommendations_limit: null }) });
    open(s);
    await userEvent.click(await screen.findByRole('button', { name: /Dislike/ }));
    expect(await screen.findByRole('button', { name: 'Show me another' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already Watched' })).toBeInTheDocument();
    expect(screen.queryByText(/picks left this week/)).not.toBeInTheDocument();
  });
});

describe('the plan texts state the free replacements as this server runs them', () => {
  const publicServer = () =>
    new FakeServer().on('GET /api/public/config', { body: config({ free_weekly_limit: 3, free_replacements_weekly: 4 }) });

  it.each([
    ['/terms-of-service', /does\s+not count, up to 4 times a week; after that a replacement counts/],
    ['/refund-policy', /plus up to 4 free replacements of picks you have already watched or dislike/],
  ])('%s', async (path, text) => {
    renderApp(path, { server: publicServer() });
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
  });

  it('pricing and FAQ on the landing page', async () => {
    renderApp('/', { server: publicServer().on('GET /api/catalog/posters', { body: { posters: [] } }) });
    expect(await screen.findByText('Up to 4 free replacements a week for picks you have seen or dislike')).toBeInTheDocument();
    expect(screen.getByText(/Replacing a pick you have already watched or dislike is free, up to 4 times a week/)).toBeInTheDocument();
  });
});
