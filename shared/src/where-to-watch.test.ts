import { describe, expect, it } from 'vitest';
import type { WatchOption } from './schemas/index.js';
import { watchSummary } from './where-to-watch.js';

const offer = (o: Partial<WatchOption>): WatchOption => ({ platform: 'Netflix', kind: 'subscription', region: 'IN', elsewhere: false, yours: true, link: null, logo_url: null, from_justwatch: false, ...o });

describe('watchSummary', () => {
  it('names nothing more when the pick is on one of your services and nothing else is there', () => {
    expect(watchSummary({ platform: 'Netflix', region: 'IN', where_to_watch: [offer({})] })).toEqual({ own: [], notice: null, here: [], elsewhere: null });
  });

  it('says honestly that it is not on your services in your country, and where it streams instead', () => {
    const s = watchSummary({
      platform: null,
      region: 'IN',
      where_to_watch: [
        offer({ platform: 'Apple TV', kind: 'rent', yours: false, link: 'https://tv.example/x' }),
        offer({ region: 'US', elsewhere: true }),
        offer({ region: 'GB', elsewhere: true }),
        offer({ platform: 'Hulu', region: 'US', elsewhere: true, yours: false }),
      ],
    });
    expect(s.notice).toBe('Not on your services in India.');
    expect(s.here).toEqual([{ label: 'Apple TV (rent)', link: 'https://tv.example/x', logo_url: null }]);
    expect(s.elsewhere?.text).toBe('Streaming on Netflix in the United States and the United Kingdom.');
  });

  it('shortens a long list of countries, and says availability unknown when nothing is known', () => {
    const many = ['US', 'GB', 'CA', 'AU', 'DE'].map((region) => offer({ region, elsewhere: true }));
    expect(watchSummary({ platform: null, region: 'IN', where_to_watch: many }).elsewhere?.text).toBe(
      'Streaming on Netflix in the United States, the United Kingdom, Canada and 2 more countries.',
    );
    expect(watchSummary({ platform: null, region: 'IN', where_to_watch: [] })).toEqual({ own: [], notice: 'Availability unknown', here: [], elsewhere: null });
  });

  it('names the region of each place for a user who has not chosen a country', () => {
    const s = watchSummary({ platform: 'Netflix', region: null, where_to_watch: [offer({ region: 'US' }), offer({ platform: 'Tubi', kind: 'ads', region: 'US' }), offer({ platform: 'MUBI', region: 'GLOBAL' })] });
    expect(s.here.map((l) => l.label)).toEqual(['Tubi (free with ads, US)', 'MUBI']);
  });

  it('puts a copy on your own media server first, linked to it, and says nothing of your services then', () => {
    const jellyfin = offer({ platform: 'Jellyfin', kind: 'library', region: 'GLOBAL', link: 'https://media.example/web/index.html#!/details?id=abc' });
    const s = watchSummary({ platform: null, region: 'IN', where_to_watch: [jellyfin, offer({ region: 'US', elsewhere: true })] });
    expect(s.own).toEqual([{ label: 'On your Jellyfin', link: 'https://media.example/web/index.html#!/details?id=abc', logo_url: null }]);
    expect(s.notice).toBeNull();
    expect(s.here).toEqual([]);
  });
});
