import { describe, expect, it } from 'vitest';
import { lastEpisodeSeries, nextEpisodeSeries, rentalMovie, RENAMED_PROVIDERS, seasonEpisodesSeries } from '../../../test/support/fake-tmdb-renamed.js';
import { episodeRuntime, movieToSource, tvToSource } from './tmdb-mapping.js';
import { mapOffers, platformName, ProviderLabels, TMDB_PROVIDERS } from './tmdb-platforms.js';
import type { TmdbMovieDetails, TmdbTvDetails } from '../../integrations/tmdb/types.js';
import platforms from '../../../catalog/platforms.json' with { type: 'json' };

const opts = { regions: ['US', 'IN'], asOf: '2026-11-25' };

describe('TMDB providers by id', () => {
  it('provider 2 is Apple\'s store under every name TMDB gave it, never Apple TV+ (350)', () => {
    for (const name of ['Apple iTunes', 'Apple TV Store', 'Apple TV']) expect(platformName({ provider_id: 2, provider_name: name }), name).toBe('Apple TV Store');
    expect(platformName({ provider_id: 350, provider_name: 'Apple TV' })).toBe('Apple TV');
    // A response with 350 streaming and 2 renting and selling in two regions: only 350 is Apple TV+.
    const offers = mapOffers(rentalMovie()['watch/providers'], ['US', 'IN'], '2026-11-25');
    expect(offers.filter((o) => o.platform === 'Apple TV').map((o) => `${o.region}:${o.kind}`)).toEqual(['US:subscription']);
    expect(offers.filter((o) => o.platform === 'Apple TV Store').map((o) => `${o.region}:${o.kind}`)).toEqual(['US:rent', 'US:buy', 'IN:rent', 'IN:buy']);
  });

  it('an id of ours maps to our platform whatever TMDB names it, and never falls back to the name', () => {
    const cases: Array<[number, string, string]> = [
      [1770, 'Paramount+ with Showtime', 'Paramount+'],
      [2303, 'Paramount Plus Premium', 'Paramount+'],
      [2304, 'Paramount Plus Basic with Ads', 'Paramount+'],
      [377, 'Hotstar Disney+', 'JioHotstar'],
      [175, 'Netflix Kids', 'Netflix'],
      [1796, 'Netflix basic with Ads', 'Netflix'],
      [2100, 'Amazon Prime Video with Ads', 'Prime Video'],
      [1899, 'HBO Max', 'HBO Max'],
      // A name that is another service's does not move an id.
      [8, 'Apple TV', 'Netflix'],
    ];
    for (const [id, name, ours] of cases) expect(platformName({ provider_id: id, provider_name: name }), `${id} ${name}`).toBe(ours);
    const names = new Set(platforms.platforms.map((p) => p.name));
    for (const ours of TMDB_PROVIDERS.values()) expect(names.has(ours), ours).toBe(true);
  });

  it('an id we do not list keeps TMDB\'s name as the label of a service of its own, never one of ours', () => {
    expect(platformName({ provider_id: 99999, provider_name: 'Paramount Plus' })).toBe('Paramount Plus');
    expect(platformName({ provider_id: 99998, provider_name: 'Apple TV' })).toBe('Apple TV (TMDB 99998)');
    expect(platformName({ provider_id: 99997, provider_name: ' netflix ' })).toBe('netflix (TMDB 99997)');
    expect(platformName({ provider_id: 99996, provider_name: 'Apple TV Store' })).toBe('Apple TV Store (TMDB 99996)');
    // The platform an earlier sync made for the id, whatever TMDB calls it now; another id's name is not taken.
    const labels = new ProviderLabels([{ id: 9001, name: 'Cinema Club' }, { id: 73, name: 'Tubi TV' }]);
    expect(platformName(RENAMED_PROVIDERS.clubAfter, labels)).toBe('Cinema Club');
    expect(platformName({ provider_id: 5000, provider_name: 'Tubi TV' }, labels)).toBe('Tubi TV (TMDB 5000)');
    expect(platformName({ provider_id: 73, provider_name: 'Tubi' }, labels)).toBe('Tubi TV');
    // No integer id: nothing to hold it to.
    expect(platformName({ provider_id: 'constructor' as unknown as number, provider_name: 'Netflix' })).toBeNull();
  });

  it('maps a renamed snapshot without losing an offer', () => {
    const s = movieToSource(rentalMovie() as TmdbMovieDetails, opts);
    expect(s.offers?.map((o) => `${o.platform}|${o.region}|${o.kind}`)).toEqual([
      'Apple TV|US|subscription', 'Paramount+|US|subscription', 'Apple TV Store|US|rent', 'Amazon Video|US|rent', 'Apple TV Store|US|buy',
      'JioHotstar|IN|subscription', 'Apple TV Store|IN|rent', 'Apple TV Store|IN|buy',
    ]);
    expect(tvToSource(lastEpisodeSeries() as TmdbTvDetails, opts).offers?.map((o) => `${o.platform}|${o.kind}`)).toEqual(['Netflix|subscription', 'Cinema Club|subscription', 'Apple TV Store|buy']);
  });
});

describe('a series\' episode runtime', () => {
  it('episode_run_time first, else the last episode\'s, else the next one\'s, else the median of a season\'s episodes, else none', () => {
    expect(tvToSource(lastEpisodeSeries() as TmdbTvDetails, opts).episodeRuntime).toBe(52);
    expect(tvToSource(nextEpisodeSeries() as TmdbTvDetails, opts).episodeRuntime).toBe(44);
    expect(tvToSource(seasonEpisodesSeries() as TmdbTvDetails, opts).episodeRuntime).toBe(31);
    expect(episodeRuntime({ ...lastEpisodeSeries(), episode_run_time: [25] } as TmdbTvDetails)).toBe(25);
    expect(episodeRuntime({ ...seasonEpisodesSeries(), seasons: [{ season_number: 1, episode_count: 8 }] } as TmdbTvDetails)).toBeNull();
    expect(episodeRuntime({ id: 1, name: 'Bare', episode_run_time: [0], last_episode_to_air: { runtime: -3 } } as TmdbTvDetails)).toBeNull();
  });
});
