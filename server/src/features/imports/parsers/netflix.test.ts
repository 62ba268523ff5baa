// What a user sees of a Netflix history in the language of their account: each show once (its
// episodes collapsed whatever the language's word for a season), a film with a colon whole, a film
// seen twice once; the dates read in the account's layout; and the full-account download's
// ViewingActivity.csv for the profile they choose, without short plays and trailers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeZip } from './fixtures/make-zip.js';
import { ImportFileError, NetflixProfileError, parseImportFile, type ImportedEntry } from './index.js';
import { csvRecords } from './common.js';
import { parseNetflix } from './netflix.js';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/netflix/${path}`, import.meta.url));
const parse = (name: string, text: string | Buffer, profile?: string) => parseImportFile(name, Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), undefined, { profile });
const seen = (entries: ImportedEntry[]) => entries.map((e) => [e.name, e.kind, e.happenedAt]);
const S = 'series';

/** Rows in, titles out: printed for the report, and bounded in each test. */
function ratio(file: string): { rows: number; titles: number } {
  const parsed = parse('NetflixViewingHistory.csv', fixture(file));
  const out = { rows: parsed.rowsRead, titles: parsed.entries.length };
  console.log(`collapse ${file}: ${out.rows} rows -> ${out.titles} titles`);
  return out;
}

describe('Netflix histories in the account language', () => {
  it('English (M/D/YY): shows by "Season", "Limited Series" and "Chapter One", a limited series of episode names, films with colons whole', () => {
    expect(seen(parse('NetflixViewingHistory.csv', fixture('en-US.csv')).entries)).toEqual([
      ['Harbour Lights', S, '2024-03-14'],
      ['Dune: Part Two', null, '2024-02-25'],
      ['Dune: Part One', null, '2024-02-24'],
      ['Spider-Man: Across the Spider-Verse', null, '2024-02-20'],
      ['The Quiet Year', S, '2024-02-18'],
      ['Mission: Impossible – Dead Reckoning Part One', null, '2024-02-10'],
      ['Glass House', S, '2024-02-08'],
      ['Northern Line', S, '2024-02-04'],
      ['Night Shift', S, '2024-02-01'],
      ['Orbit School', S, '2024-01-21'],
      ['The Glass Case', null, '2024-01-05'],
    ]);
    expect(ratio('en-US.csv')).toEqual({ rows: 18, titles: 11 });
  });

  it('Danish (D-M-YYYY): "Sæson 1", "Miniserie", "Kapitel et", and a label the file repeats under two shows ("Begrænset serie")', () => {
    expect(seen(parse('NetflixViewingHistory.csv', fixture('da.csv')).entries)).toEqual([
      ['Havnebyen', S, '2024-03-14'],
      ['Dune: Del to', null, '2024-02-25'],
      ['Spider-Man: Across the Spider-Verse', null, '2024-02-20'],
      ['Det stille år', S, '2024-02-18'],
      ['Mission: Impossible – Dead Reckoning Part One', null, '2024-02-10'],
      ['Glashuset', S, '2024-02-08'],
      ['Nordlinjen', S, '2024-02-04'],
      ['Nattevagten', S, '2024-02-01'],
      ['Kysten', S, '2024-01-31'],
      ['Øen', S, '2024-01-30'],
      ['Glaskassen', null, '2024-01-05'],
    ]);
    expect(ratio('da.csv')).toEqual({ rows: 18, titles: 11 });
  });

  it('German (DD.MM.YY): "Staffel 1", "Miniserie", "Kapitel 1", a season named after its show', () => {
    expect(seen(parse('NetflixViewingHistory.csv', fixture('de.csv')).entries)).toEqual([
      ['Hafenstadt', S, '2024-03-14'],
      ['Dune: Teil zwei', null, '2024-02-25'],
      ['Spider-Man: Across the Spider-Verse', null, '2024-02-20'],
      ['Das stille Jahr', S, '2024-02-18'],
      ['Mission: Impossible – Dead Reckoning Teil eins', null, '2024-02-10'],
      ['Glashaus', S, '2024-02-08'],
      ['Nordlinie', S, '2024-02-03'],
      ['Nachtschicht', S, '2024-02-01'],
      ['Orbitschule', S, '2024-01-21'],
      ['Der Glaskasten', null, '2024-01-05'],
    ]);
    expect(ratio('de.csv')).toEqual({ rows: 15, titles: 10 });
  });

  it('French (DD/MM/YYYY, " : " before the colon): "Saison 1", "Mini-série"; a film seen twice is one title', () => {
    expect(seen(parse('NetflixViewingHistory.csv', fixture('fr.csv')).entries)).toEqual([
      ['Ville portuaire', S, '2024-03-14'],
      ['Dune : Deuxième partie', null, '2024-02-25'],
      ['Spider-Man : Across the Spider-Verse', null, '2024-02-20'],
      ["L'année calme", S, '2024-02-18'],
      ['Mission : Impossible – Dead Reckoning Partie 1', null, '2024-02-10'],
      ['La maison de verre', S, '2024-02-08'],
      ['Équipe de nuit', S, '2024-02-01'],
      ['La vitrine', null, '2024-01-05'],
    ]);
    expect(ratio('fr.csv')).toEqual({ rows: 14, titles: 8 });
  });

  it('Spanish (D/M/YY): "Temporada 1", "Miniserie", "Parte 1"', () => {
    expect(seen(parse('NetflixViewingHistory.csv', fixture('es.csv')).entries)).toEqual([
      ['Ciudad puerto', S, '2024-03-14'],
      ['Dune: Parte dos', null, '2024-02-25'],
      ['Spider-Man: Cruzando el Multiverso', null, '2024-02-20'],
      ['El año tranquilo', S, '2024-02-18'],
      ['Misión: Imposible – Sentencia mortal parte uno', null, '2024-02-10'],
      ['La casa de cristal', S, '2024-02-08'],
      ['El golpe', S, '2024-02-04'],
      ['Turno de noche', S, '2024-02-01'],
      ['La vitrina', null, '2024-01-05'],
    ]);
    expect(ratio('es.csv')).toEqual({ rows: 15, titles: 9 });
  });

  it('Japanese (YYYY/MM/DD): "シーズン1", "リミテッドシリーズ", "第1章"; a full-width colon in a film name stays', () => {
    expect(seen(parse('NetflixViewingHistory.csv', fixture('ja.csv')).entries)).toEqual([
      ['港町', S, '2024-03-14'],
      ['デューン 砂の惑星PART2', null, '2024-02-25'],
      ['スパイダーマン: アクロス・ザ・スパイダーバース', null, '2024-02-20'],
      ['静かな年', S, '2024-02-18'],
      ['ミッション：インポッシブル／デッドレコニング PART ONE', null, '2024-02-10'],
      ['ガラスの家', S, '2024-02-08'],
      ['北の線路', S, '2024-02-03'],
      ['夜勤', S, '2024-02-01'],
      ['ガラスの箱', null, '2024-01-05'],
    ]);
    expect(ratio('ja.csv')).toEqual({ rows: 14, titles: 9 });
  });

  it('Korean, Turkish, Polish, Arabic and Hebrew season labels, with no word list of theirs', () => {
    const rows = ['시즌 1', '1. Sezon', 'Sezon 2', 'الموسم 1', 'עונה 1', 'सीज़न 1', '第1季'].map((label, i) => `"Show ${i}: ${label}: Episode name",2024-01-0${i + 1}`);
    expect(parse('NetflixViewingHistory.csv', `Title,Date\n${rows.join('\n')}\n`).entries.map((e) => [e.name, e.kind])).toEqual(rows.map((_, i) => [`Show ${i}`, S]));
  });

  it('a prefix the file repeats with other titles is a show; two films of one name with nothing else are not; a franchise is not its show', () => {
    const file = [
      'Title,Date',
      '"Saga: Part One",2024-01-01',
      '"Saga: Part Two",2024-01-02',
      '"Trek: Discovery: Season 1: Home",2024-01-03',
      '"Trek: Voyager: Caretaker",2024-01-04',
      '"Trek: Voyager: Parallax",2024-01-05',
      '"Docs: Ocean: Deep",2024-01-06',
      '"Docs: Forest: Green",2024-01-07',
      '"Harbour: Season 1: Pier",2024-01-08',
      '"Harbour: Behind the Scenes",2024-01-09',
    ].join('\n');
    expect(parse('NetflixViewingHistory.csv', file).entries.map((e) => [e.name, e.kind])).toEqual([
      ['Saga: Part One', null],
      ['Saga: Part Two', null],
      ['Trek: Discovery', S],
      ['Trek: Voyager', S],
      ['Docs', S],
      ['Harbour', S],
    ]);
  });
});

describe('Netflix date layouts', () => {
  const dates = (text: string, today = '2026-12-01') => parseNetflix('n.csv', csvRecords('n.csv', `Title,Date\n${text}`), today).entries.map((e) => e.happenedAt);

  it('takes the layout that reads every row: one day above 12 decides the whole file', () => {
    expect(dates('A,3/4/24\nB,2/13/24\n')).toEqual(['2024-03-04', '2024-02-13']);
    expect(dates('A,4/3/24\nB,13/2/24\n')).toEqual(['2024-03-04', '2024-02-13']);
    expect(dates('A,04.03.2024\nB,13.02.2024\n')).toEqual(['2024-03-04', '2024-02-13']);
    expect(dates('A,2024-03-04\nB,2024-2-13\n')).toEqual(['2024-03-04', '2024-02-13']);
    expect(dates('A,4-3-2024\nB,13-2-2024\n')).toEqual(['2024-03-04', '2024-02-13']);
    expect(dates('A,24. 3. 4.\nB,24. 2. 13.\n')).toEqual(['2024-03-04', '2024-02-13']);
  });

  it('when several layouts read every row: the one without future dates, then the one in date order, then the locale habit', () => {
    // 12/11/26 is 11 December 2026 month first: after today; day first, 12 November.
    expect(dates('A,12/11/26\nB,1/2/26\n')).toEqual(['2026-11-12', '2026-02-01']);
    // Newest first month first (2 Mar, 10 Feb, 5 Jan); day first, 3 Feb, 2 Oct, 1 May is out of order: the order beats the dots' habit.
    expect(dates('A,3.2.24\nB,2.10.24\nC,1.5.24\n')).toEqual(['2024-03-02', '2024-02-10', '2024-01-05']);
    expect(dates('A,5/1/24\nB,10/2/24\nC,2/3/24\n')).toEqual(['2024-01-05', '2024-02-10', '2024-03-02']);
    // Nothing to tell them apart: slashes read month first (Netflix's default), dots day first.
    expect(dates('A,2/3/24\n')).toEqual(['2024-02-03']);
    expect(dates('A,2.3.24\n')).toEqual(['2024-03-02']);
  });

  it('never drops a row: a title whose date no layout reads stays, undated, and the other rows keep the layout', () => {
    expect(dates('A,13/2/24\nB,yesterday\nC,31/31/24\nD,\nE,1/2/24\n')).toEqual(['2024-02-13', null, null, null, '2024-02-01']);
  });
});

describe("Netflix's ViewingActivity.csv", () => {
  it('asks whose history it is when it holds several profiles, naming them', () => {
    let err: unknown;
    try {
      parse('ViewingActivity.csv', fixture('ViewingActivity.csv'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NetflixProfileError);
    expect((err as NetflixProfileError).profiles).toEqual(['Anna', 'Ben']);
    expect((err as Error).message).toBe('ViewingActivity.csv holds the viewing activity of 2 profiles: choose whose history to import ("Anna", "Ben").');
    expect(() => parse('ViewingActivity.csv', fixture('ViewingActivity.csv'), 'Carla')).toThrow('ViewingActivity.csv has no profile named "Carla": choose whose history to import ("Anna", "Ben").');
  });

  it("reads the chosen profile's plays only, without plays under 5 minutes, trailers and hooks", () => {
    const anna = parse('ViewingActivity.csv', fixture('ViewingActivity.csv'), 'anna');
    expect(anna.source).toBe('netflix');
    expect(seen(anna.entries)).toEqual([
      ['Harbour Lights', S, '2024-03-14'],
      ['Spider-Man: Across the Spider-Verse', null, '2024-03-10'],
      ['The Glass Case', null, '2024-02-20'],
    ]);
    expect(anna.rowsRead).toBe(5);
    expect(seen(parse('ViewingActivity.csv', fixture('ViewingActivity.csv'), 'Ben').entries)).toEqual([
      ['Dune: Part Two', null, '2024-03-12'],
      ['Night Shift', S, '2024-03-07'],
    ]);
  });

  it('needs no choice for one profile, and is read inside the account download zip', () => {
    const one = fixture('ViewingActivity.csv')
      .toString('utf8')
      .split('\n')
      .filter((l) => !l.startsWith('Ben,'))
      .join('\n');
    expect(parse('ViewingActivity.csv', one).entries).toHaveLength(3);
    const zip = makeZip([
      { name: 'netflix-report/CONTENT_INTERACTION/ViewingActivity.csv', data: fixture('ViewingActivity.csv') },
      { name: 'netflix-report/PROFILES/Profiles.csv', data: 'Profile Name\nAnna\nBen\n' },
    ]);
    expect(seen(parse('netflix-report.zip', zip, 'Ben').entries)).toEqual([
      ['Dune: Part Two', null, '2024-03-12'],
      ['Night Shift', S, '2024-03-07'],
    ]);
    expect(() => parse('netflix-report.zip', zip)).toThrow(/^netflix-report\.zip \(netflix-report\/CONTENT_INTERACTION\/ViewingActivity\.csv\) holds the viewing activity of 2 profiles/);
    expect(() => parse('ViewingActivity.csv', 'Profile Name,Start Time,Duration,Title\n')).toThrow(ImportFileError);
  });
});
