// The Netflix collapse for any names: a labelled episode gives its show, a title without a label
// or a repeated prefix stays whole, a film among any shows' episodes stays whole, the result never
// has more titles than the file has rows, and the work per title is bounded by its first parts
// whatever the file repeats (adversarial prefixes included).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../../../test/support/deadline.js';
import { parseImportFile } from './index.js';
import { MAX_SHOW_PARTS, netflixShow, prefixKeys, titleParts } from './netflix-collapse.js';

const HANG_MS = 20_000;
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 '!?&.-]{0,20}$/).filter((s) => !s.includes(': ') && s.trim() === s);
const label = fc.oneof(
  fc.integer({ min: 1, max: 40 }).map((n) => `Season ${n}`),
  fc.constantFrom('Sæson', 'Staffel', 'Saison', 'Temporada', 'Stagione', 'Seizoen', 'Säsong', 'Sesong', 'Sezon', 'Kausi', 'シーズン', '시즌', 'الموسم', 'עונה', 'सीज़न').chain((w) => fc.integer({ min: 1, max: 30 }).map((n) => `${w} ${n}`)),
  fc.integer({ min: 1, max: 30 }).map((n) => `${n}. Sezon`),
  fc.constantFrom('Limited Series', 'Miniseries', 'Miniserie', 'Mini-série', 'Part 3', 'Volume 1', 'Chapter Two', 'Book One', 'Episode 4'),
);
const csvField = (s: string) => `"${s.replace(/"/g, '""')}"`;
const netflixFile = (titles: readonly string[]) => Buffer.from(`Title,Date\n${titles.map((t, i) => `${csvField(t)},${(i % 28) + 1}/1/24`).join('\n')}\n`, 'utf8');
const parseTitles = (titles: readonly string[]) => parseImportFile('NetflixViewingHistory.csv', netflixFile(titles));

beforeAll(async () => {
  await startWatchdog();
});

describe('the Netflix collapse, for any names', () => {
  it('an episode row of any show and any language\'s season label gives that show', () => {
    fc.assert(
      fc.property(word, label, fc.array(word, { minLength: 1, maxLength: 3 }), (show, s, episode) => {
        expect(netflixShow(`${show}: ${s}: ${episode.join(': ')}`)).toBe(show);
      }),
    );
  });

  it('a title whose later parts hold no number and no label stays whole; a numbered part with nothing after it is a film', () => {
    const plain = word.filter((w) => !/\d/.test(w) && !/^(season|series|part|volume|vol|chapter|book|episode|collection|limited series|miniseries|mini-series|miniserie)\b/i.test(w));
    fc.assert(
      fc.property(word, fc.array(plain, { maxLength: 3 }), (first, rest) => {
        expect(netflixShow([first, ...rest].join(': '))).toBeNull();
      }),
    );
    fc.assert(
      fc.property(word, fc.constantFrom('Part', 'Volume', 'Vol.', 'Chapter', 'Book', 'Teil', 'Del', 'Parte'), fc.integer({ min: 1, max: 9 }), (film, part, n) => {
        expect(netflixShow(`${film}: ${part} ${n}`)).toBeNull();
      }),
    );
  });

  it('a film with a colon, seen once or twice among any shows\' episodes, stays whole; the file never gives more titles than rows', () => {
    const episode = fc.tuple(fc.constantFrom('Harbour', 'Dark', 'Borgen', 'Lupin'), label, word).map(([show, s, name]) => `${show}: ${s}: ${name}`);
    fc.assert(
      fc.property(fc.array(episode, { maxLength: 30 }), fc.constantFrom('Dune: Part Two', 'Spider-Man: Across the Spider-Verse', 'Mission: Impossible – Dead Reckoning Part One'), fc.boolean(), (episodes, film, twice) => {
        const titles = [...episodes, film, ...(twice ? [film] : [])];
        const parsed = parseTitles(titles);
        expect(parsed.entries.filter((e) => e.name === film)).toHaveLength(1);
        expect(parsed.entries.length).toBeLessThanOrEqual(parsed.rowsRead);
      }),
    );
  });

  it('any rows of any parts give at most as many titles as rows, each a prefix of a row or a row', () => {
    const part = fc.constantFrom('A', 'B', 'Season 1', 'Sæson 2', 'Miniserie', 'x 1', 'Part Two', 'C');
    const title = fc.array(part, { minLength: 1, maxLength: 5 }).map((p) => p.join(': '));
    fc.assert(
      fc.property(fc.array(title, { minLength: 1, maxLength: 60 }), (titles) => {
        const parsed = parseTitles(titles);
        expect(parsed.entries.length).toBeLessThanOrEqual(new Set(titles).size);
        for (const e of parsed.entries) expect(titles.some((t) => t === e.name || t.startsWith(`${e.name}: `))).toBe(true);
      }),
    );
  });

  it('the work per title is bounded by its first parts: any number of colons, any title length', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', ': ', '：', ' ', '1', 'Season 2'), { maxLength: 400 }), (bits) => {
        const title = bits.join('');
        const parts = titleParts(title);
        expect(parts.length).toBeLessThanOrEqual(MAX_SHOW_PARTS + 1);
        expect(prefixKeys(parts).reduce((n, k) => n + k.length, 0)).toBeLessThanOrEqual((MAX_SHOW_PARTS + 1) * (title.length + 2 * MAX_SHOW_PARTS));
      }),
    );
  });

  it('adversarial prefixes: 8 MB of titles sharing ever longer colon prefixes end, and collapse', () => {
    // Each title is 300 parts deep and shares all but its last with the others: a quadratic
    // collapse would build 300 prefixes per row; this one builds at most MAX_SHOW_PARTS.
    const part = (i: number) => 'abcdefghij'[i % 10].repeat(1 + (i % 7));
    const deep = Array.from({ length: 300 }, (_, i) => part(i)).join(': ');
    const titles = Array.from({ length: 4_000 }, (_, i) => `${deep}: e${i}`);
    const parsed = withDeadline(HANG_MS, 'parse 4,000 titles of 300 parts', () => parseTitles(titles));
    expect(parsed.rowsRead).toBe(4_000);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.entries[0].name).toBe(Array.from({ length: MAX_SHOW_PARTS }, (_, i) => part(i)).join(': '));
  });
});
