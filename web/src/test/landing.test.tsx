import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PRICING } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config } from './fixtures';

const posters = Array.from({ length: 3 }, (_, i) => ({ id: `t${i}`, title: `Poster ${i}`, year: 2001 + i, kind: 'movie', language: 'English', poster_url: `/api/catalog/titles/t${i}/poster.svg`, poster_fallback_url: `/api/catalog/titles/t${i}/poster.svg` }));

function server(over = {}) {
  return new FakeServer().on('GET /api/public/config', { body: config(over) }).on('GET /api/catalog/posters', { body: { posters } });
}

describe('landing page', () => {
  it('shows the posters, true numbers and no user count while it is null', async () => {
    const s = server({ stats: { platforms: 16, titles: 1480, users: null } });
    renderApp('/', { server: s });
    expect(await screen.findByAltText('Poster 0 (2001)')).toHaveAttribute('src', '/api/catalog/titles/t0/poster.svg');
    expect(s.calls('GET /api/catalog/posters')[0].query.get('limit')).toBe('24');
    const stats = screen.getByRole('list', { name: 'This service in numbers' });
    expect(await within(stats).findByText('16')).toBeInTheDocument();
    expect(within(stats).getByText('1,480')).toBeInTheDocument();
    expect(within(stats).queryByText(/people picking/)).toBeNull();
  });

  it('shows the user count once the server gives one, numbers grouped by thousands', async () => {
    renderApp('/', { server: server({ stats: { platforms: 16, titles: 1234567, users: 1234 } }) });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,234,567')).toBeInTheDocument();
  });

  it('prices the lifetime plan at $59 with $79 struck through, and the free plan from the server setting', async () => {
    renderApp('/', { server: server({ free_weekly_limit: 5 }) });
    const pricing = within(await screen.findByRole('region', { name: 'Simple pricing' }));
    expect(pricing.getByText(`$${PRICING.lifetimePriceUsd}`)).toBeInTheDocument();
    const was = pricing.getByText(`$${PRICING.lifetimeOriginalPriceUsd}`);
    expect(was.tagName).toBe('S');
    expect(pricing.getByText('Early bird - save $20')).toBeInTheDocument();
    expect(await pricing.findByText('5 recommendations per week')).toBeInTheDocument();
  });

  it('labels the testimonials as examples and links the legal pages in the footer', async () => {
    renderApp('/', { server: server() });
    const t = within(await screen.findByRole('region', { name: 'What a good night in sounds like' }));
    expect(t.getAllByText('Example')).toHaveLength(3);
    expect(t.getByText(/not quotes from real users/)).toBeInTheDocument();
    const footer = within(screen.getByRole('navigation', { name: 'Legal and contact' }));
    for (const [name, href] of [
      ['Privacy policy', '/privacy-policy'],
      ['Terms of service', '/terms-of-service'],
      ['Refund policy', '/refund-policy'],
      ['Shipping policy', '/shipping-policy'],
      ['Contact', '/contact'],
    ]) expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});

describe('legal pages', () => {
  it.each([
    ['/terms-of-service', /3 new recommendations per calendar week/],
    ['/refund-policy', /5 to 10 business days/],
    ['/privacy-policy', /deletes, in one step, your account/],
    ['/shipping', /digital service/],
    ['/shipping-policy', /digital service/],
    ['/contact', /24-48 hours/],
  ])('%s says what docs/product-decisions.md says', async (path, text) => {
    renderApp(path, { server: server() });
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
  });

  it('states the price and the minimum age in the terms', async () => {
    renderApp('/terms-of-service', { server: server() });
    expect(await screen.findByText(/at least 13 years old/)).toBeInTheDocument();
    expect(screen.getByText(/one-time payment of \$59/)).toBeInTheDocument();
  });
});
