// The badge asks for and runs on the title pages of streaming sites only: every host its match
// patterns name lies on the domains of a site of the shared list (shared/src/streaming-sites.ts).
import { describe, expect, it } from 'vitest';
import { BROWSE_SITES } from './browse-sites';
import { STREAMING_SITES } from './shared';

const onSite = (host: string) => STREAMING_SITES.some((s) => s.hosts.some((h) => host === h || host.endsWith(`.${h}`)));

describe('the badge sites', () => {
  it('match pages on the shared streaming sites only', () => {
    const hosts = BROWSE_SITES.flatMap((s) => s.matches.map((m) => new URL(m.replace('/*', '/')).hostname));
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((h) => !onSite(h))).toEqual([]);
  });
});
