import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, recommendation, subscription, user } from './fixtures';

const TMDB = 'https://image.tmdb.org/t/p/w342/arrival.jpg';
const OURS = '/api/catalog/titles/t1/poster.svg';
const NOTICE = 'This product uses the TMDB API but is not endorsed or certified by TMDB.';

function dashboard(rec = recommendation(), usesTmdb = true) {
  const server = new FakeServer()
    .on('GET /api/public/config', { body: config({ uses_tmdb: usesTmdb }) })
    .on('GET /api/recommendations/current', { body: rec })
    .on('GET /api/recommendations/history', { body: { recommendations: [recommendation({ id: 'r0', movie_title: 'Parasite', poster_url: 'https://image.tmdb.org/t/p/w342/gone.jpg' })], page: 1, page_size: 10, total: 1 } })
    .on('GET /api/subscription/status', { body: subscription() });
  return renderApp('/app/dashboard', { server, user: user() });
}

describe('real artwork on the card', () => {
  it('shows TMDB\'s poster, and ours in the same box when it fails to load', async () => {
    dashboard(recommendation({ poster_url: TMDB, poster_fallback_url: OURS }));
    const poster = await screen.findByAltText('Poster of Arrival');
    expect(poster).toHaveAttribute('src', TMDB);
    expect(poster).toHaveAttribute('width', '240');
    expect(poster).toHaveAttribute('height', '360');
    fireEvent.error(poster);
    expect(poster).toHaveAttribute('src', OURS);
    // The same box: no layout shift when the poster swaps.
    expect(poster).toHaveAttribute('width', '240');
    expect(poster).toHaveAttribute('height', '360');
    expect(poster.style.aspectRatio).toBe('240 / 360');
    // Ours failing too does not loop.
    fireEvent.error(poster);
    expect(poster).toHaveAttribute('src', OURS);

    // The history list swaps the same way.
    const history = within(await screen.findByRole('region', { name: 'Your past picks' }));
    const thumb = (await history.findByText('Parasite')).closest('li')!.querySelector('img')!;
    expect(thumb).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w342/gone.jpg');
    fireEvent.error(thumb);
    expect(thumb).toHaveAttribute('src', OURS);
  });

  it("asks for the services' small logos at low priority, and the poster at the browser's own", async () => {
    const offer = { platform: 'Netflix', kind: 'subscription' as const, region: 'US', elsewhere: false, yours: true, link: null, logo_url: '/api/catalog/platforms/netflix/logo.svg', from_justwatch: false };
    dashboard(recommendation({ platform: 'Netflix', platform_logo_url: '/api/catalog/platforms/netflix/logo.svg', where_to_watch: [offer, { ...offer, platform: 'Max', yours: false, logo_url: '/api/catalog/platforms/max/logo.svg' }] }));
    const card = await screen.findByRole('article');
    const logos = [...card.querySelectorAll('img.platform-logo')];
    expect(logos.length).toBeGreaterThanOrEqual(2);
    // On a phone's first view every request shares the bandwidth with the app's code; a 20-pixel
    // logo beside the service's name is not worth taking it from the card's words.
    for (const logo of logos) expect(logo).toHaveAttribute('fetchpriority', 'low');
    expect(within(card).getByAltText('Poster of Arrival')).not.toHaveAttribute('fetchpriority');
  });

  it('links the trailer in a new tab when it is known, and shows no link when it is not', async () => {
    const { unmount } = dashboard(recommendation({ trailer_url: 'https://www.youtube.com/watch?v=tFMo3UJ4B4g' }));
    const card = within(await screen.findByRole('article'));
    const trailer = card.getByRole('link', { name: /^Trailer/ });
    expect(trailer).toHaveAttribute('href', 'https://www.youtube.com/watch?v=tFMo3UJ4B4g');
    expect(trailer).toHaveAttribute('target', '_blank');
    expect(trailer).toHaveAttribute('rel', 'noopener noreferrer');
    expect(trailer).toHaveAccessibleName('Trailer of Arrival on YouTube (opens in a new tab)');
    unmount();

    dashboard(recommendation({ trailer_url: null }));
    const plain = within(await screen.findByRole('article'));
    expect(plain.getByRole('heading', { name: 'Arrival' })).toBeInTheDocument();
    expect(plain.queryByRole('link', { name: /Trailer/ })).toBeNull();
  });

  it("names TMDB's audience score where no IMDb rating is known, and IMDb's where it is", async () => {
    const { unmount } = dashboard(recommendation({ imdb_rating: null, tmdb_rating: 7.46 }));
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('TMDB')).toBeInTheDocument();
    expect(card.getByText('7.5/10')).toBeInTheDocument();
    expect(card.queryByText('IMDb')).toBeNull();
    unmount();
    dashboard(recommendation({ imdb_rating: 8.1, tmdb_rating: 7.46 }));
    const imdb = within(await screen.findByRole('article'));
    expect(imdb.getByText('IMDb')).toBeInTheDocument();
    expect(imdb.getByText('8.1/10')).toBeInTheDocument();
    expect(imdb.queryByText('TMDB')).toBeNull();
  });

  it('credits JustWatch beside where to watch when the offers came from TMDB (JustWatch data), not for our own', async () => {
    const tmdbOffer = { platform: 'Netflix', kind: 'subscription' as const, region: 'US', elsewhere: false, yours: true, link: null, logo_url: null };
    const { unmount: unmountOwn } = dashboard(recommendation({ where_to_watch: [{ ...tmdbOffer, from_justwatch: false }] }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByText('Streaming data: JustWatch')).toBeNull();
    unmountOwn();

    const { unmount } = dashboard(recommendation({ where_to_watch: [{ ...tmdbOffer, from_justwatch: true }] }));
    const card = within(await screen.findByRole('article'));
    const where = card.getByText('Where to watch').closest('div')!;
    expect(within(where).getByRole('link', { name: 'Netflix' })).toBeInTheDocument();
    expect(within(where).getByText('Streaming data: JustWatch')).toBeInTheDocument();
    unmount();

    dashboard(recommendation({ platform: null, platform_logo_url: null, watch_url: null }));
    expect(await screen.findByText('Availability unknown')).toBeInTheDocument();
    expect(screen.queryByText('Streaming data: JustWatch')).toBeNull();
  });
});

describe('real artwork elsewhere', () => {
  it('the landing carousel falls back to our poster too', async () => {
    const posters = [{ id: 't0', title: 'Poster 0', year: 2001, kind: 'movie', language: 'English', poster_url: 'https://image.tmdb.org/t/p/w342/p0.jpg', poster_fallback_url: '/api/catalog/titles/t0/poster.svg' }];
    renderApp('/', { server: new FakeServer().on('GET /api/catalog/posters', { body: { posters } }) });
    const img = await screen.findByAltText('Poster 0 (2001)');
    expect(img).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w342/p0.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/api/catalog/titles/t0/poster.svg');
  });
});

describe('TMDB attribution', () => {
  it('the footer carries TMDB\'s notice and links the About page, which anyone can open', async () => {
    const server = new FakeServer().on('GET /api/catalog/posters', { body: { posters: [] } }).on('GET /api/public/config', { body: config({ uses_tmdb: true }) });
    const { location } = renderApp('/', { server });
    const footer = within(await screen.findByRole('contentinfo'));
    expect(await footer.findByText(NOTICE)).toBeInTheDocument();
    await userEvent.click(footer.getByRole('link', { name: 'About and credits' }));
    await waitFor(() => expect(location()).toBe('/about'));
    const page = within((await screen.findByRole('heading', { level: 1, name: 'About and credits' })).closest('article')!);
    const credit = within(page.getByRole('region', { name: 'The Movie Database (TMDB)' }));
    expect(credit.getByRole('link', { name: 'TMDB (The Movie Database)' })).toHaveAttribute('href', 'https://www.themoviedb.org/');
    expect(credit.getByText(NOTICE)).toBeInTheDocument();
    expect(page.getByText(/Streaming data: JustWatch/)).toBeInTheDocument();
  });

  it('signed-in pages carry the notice too', async () => {
    dashboard();
    await screen.findByRole('article');
    expect(await within(screen.getByRole('contentinfo')).findByText(NOTICE)).toBeInTheDocument();
  });

  it('an instance that shows no TMDB data claims neither TMDB nor JustWatch', async () => {
    const server = new FakeServer().on('GET /api/catalog/posters', { body: { posters: [] } }).on('GET /api/public/config', { body: config({ uses_tmdb: false }) });
    renderApp('/about', { server });
    const page = within((await screen.findByRole('heading', { level: 1, name: 'About and credits' })).closest('article')!);
    expect(page.getByText(/catalog is the one written by the Tonight.s Pick team/)).toBeInTheDocument();
    expect(page.queryByText(NOTICE)).toBeNull();
    expect(page.queryByText(/JustWatch/)).toBeNull();
    expect(within(screen.getByRole('contentinfo')).queryByText(NOTICE)).toBeNull();
  });
});
