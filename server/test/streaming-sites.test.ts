// The streaming sites' hosts are written once, in shared/src/streaming-sites.ts: the catalog pack's
// platforms (data, server/catalog/platforms.json) must say the same of each site the list names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STREAMING_SITES } from '@app/shared';

const pack = JSON.parse(readFileSync(new URL('../catalog/platforms.json', import.meta.url), 'utf8')) as {
  platforms: Array<{ name: string; hosts: string[]; search_url: string }>;
};

describe('the streaming sites', () => {
  it('are the catalog pack platforms of the same name, with the same hosts and search page', () => {
    const inPack = STREAMING_SITES.map((site) => {
      const p = pack.platforms.find((x) => x.name === site.name);
      return p && { name: p.name, hosts: p.hosts, search_url: p.search_url };
    });
    expect(inPack).toEqual(STREAMING_SITES.map(({ name, hosts, search_url }) => ({ name, hosts, search_url })));
  });
});
