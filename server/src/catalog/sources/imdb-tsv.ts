// `import imdb-tsv`: IMDb's non-commercial datasets (personal and non-commercial use only; see
// docs/catalog.md, "Offline importers"). Files come in any order, gzip or plain, and are told
// apart by their header line. The join keeps memory flat: ratings are three typed arrays (only
// titles with enough votes), the titles kept are a map of numbers, and people's names are read
// only for the directors and leads of those titles. The passes, whatever the argument order:
// ratings -> basics (choose the titles) -> akas (language) -> crew -> principals -> names ->
// basics again (write, in batches, through the merger).
import { basename } from 'node:path';
import { LANGUAGE_NAMES } from '@app/shared';
import { ImportError, openRows, type ImportRun } from './import-run.js';
import { basicsVerdict, identify, imdbNumber, NULL, RatingTable, TSV, U32List, type ImdbFile } from './imdb-tsv-rows.js';
import { formatCount } from './progress.js';
import type { CsvRecord } from './csv.js';
import type { SourceTitle } from './types.js';
import { imdbGenres, regionLanguage } from './vocab.js';

const DIRECTORS = 2;
const CAST = 3;

export interface ImdbOptions {
  /** Titles with fewer IMDb votes are skipped (0: keep all; needs title.ratings otherwise). */
  minVotes: number;
}

/** 32-bit FNV-1a of a string: the original title's fingerprint, to spot the aka that repeats it. */
function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const LANGS = Object.keys(LANGUAGE_NAMES);
const LANG_INDEX = new Map(LANGS.map((c, i) => [c, i]));
/** IMDb akas language codes that are not ISO 639-1 (Mandarin, Cantonese, Norwegian Bokmål). */
const AKA_LANGUAGE: Record<string, string> = { cmn: 'zh', yue: 'cn', nb: 'no', nn: 'no' };
const EN = LANG_INDEX.get('en')!;

export async function importImdbTsv(run: ImportRun, files: string[], opts: ImdbOptions, note: (s: string) => void): Promise<void> {
  const found = await identify(files);
  const basics = found.get('basics');
  if (!basics) throw new ImportError(`imdb-tsv: no title.basics file among ${files.map((f) => basename(f)).join(', ')} (files are recognised by their header line)`);
  if (opts.minVotes > 0 && !found.has('ratings'))
    throw new ImportError(`imdb-tsv: --min-votes ${opts.minVotes} needs title.ratings among the files (or pass --min-votes 0)`);
  note(`imdb-tsv: ${[...found].map(([k, f]) => `${k} ${basename(f)}`).join(', ')}; keeping movies and series with at least ${opts.minVotes} votes`);
  if (!found.has('akas')) note('imdb-tsv: no title.akas: languages stay unknown');
  if ((found.has('crew') || found.has('principals')) && !found.has('names')) note('imdb-tsv: no name.basics: directors and cast are left out');

  /** Reads one file's rows after its header, with a progress line and Ctrl-C checks. */
  async function scan(kind: ImdbFile, each: (f: string[], r: CsvRecord) => void): Promise<void> {
    const file = found.get(kind)!;
    const opened = await openRows(file, TSV);
    const progress = run.startPass(`${kind} rows`);
    let first = true;
    let n = 0;
    let ticked = 0;
    for await (const batch of opened.batches) {
      for (const r of batch) {
        if (first) {
          first = false;
          continue;
        }
        each(r.fields, r);
        n++;
      }
      progress.tick(n - ticked);
      ticked = n;
      run.checkpoint();
    }
    if (kind === 'basics') run.rows += n;
    run.endPass(`${basename(file)}: ${formatCount(n)} rows read`);
  }

  // 1. Ratings: only titles at the threshold are kept, as numbers.
  const ratings = new RatingTable();
  if (found.has('ratings')) {
    await scan('ratings', (f, r) => {
      const id = imdbNumber(f[0], 'tt');
      const rating = Number(f[1]);
      const votes = Number(f[2]);
      if (f.length !== 3 || Number.isNaN(id) || !(rating >= 0 && rating <= 10) || !Number.isInteger(votes) || votes < 0) {
        run.fail(found.get('ratings')!, r.line, 'expected tconst, averageRating (0-10) and numVotes');
        return;
      }
      if (votes >= opts.minVotes) ratings.add(id, Math.round(rating * 10), votes);
    });
    ratings.seal();
  }

  // 2. Basics, first pass: which titles to keep.
  const kept = new Map<number, number>();
  const original = new U32List();
  await scan('basics', (f, r) => {
    const v = basicsVerdict(f);
    if (!v) return;
    if ('fail' in v) return run.fail(basics, r.line, v.fail);
    if (!v.keep) return run.skip(v.reason);
    const id = imdbNumber(f[0], 'tt');
    if (Number.isNaN(id)) return run.fail(basics, r.line, `tconst ${JSON.stringify(f[0])} is not an IMDb title id`);
    if (opts.minVotes > 0 && ratings.find(id) < 0) return run.skip(`under ${opts.minVotes} votes`);
    if (kept.has(id)) return run.fail(basics, r.line, `${f[0]} listed twice`);
    kept.set(id, kept.size);
    original.push(fnv(f[3] === NULL ? f[2] : f[3]));
  });
  const count = kept.size;
  note(`imdb-tsv: ${formatCount(count)} titles to write`);

  // 3. Akas: the language of the aka that repeats the original title.
  const langColumn = new Uint8Array(count); // index + 1 from the akas language column
  const langMask = new Uint32Array(count); // languages of regions that kept the original title
  const keptInEnglishRegion = new Uint8Array(count);
  if (found.has('akas')) {
    await scan('akas', (f) => {
      if (f.length !== 8) return;
      const k = kept.get(imdbNumber(f[0], 'tt'));
      if (k === undefined || fnv(f[2]) !== original.data[k]) return;
      if (f[4] !== NULL) {
        const code = AKA_LANGUAGE[f[4]] ?? f[4];
        const i = LANG_INDEX.get(code);
        if (i !== undefined && !langColumn[k]) langColumn[k] = i + 1;
      }
      if (f[3] !== NULL) {
        const lang = regionLanguage(f[3]);
        if (lang) langMask[k] |= 1 << LANG_INDEX.get(lang)!;
        if (f[3] === 'US' || f[3] === 'GB' || f[3] === 'AU') keptInEnglishRegion[k] = 1;
      }
    });
  }

  // 4-5. Directors (movies) and leads, as person numbers.
  const directors = new Uint32Array(count * DIRECTORS);
  const cast = new Uint32Array(count * CAST);
  const castOrder = new Uint16Array(count * CAST).fill(0xffff);
  const haveNames = found.has('names');
  if (found.has('crew') && haveNames) {
    await scan('crew', (f) => {
      const k = kept.get(imdbNumber(f[0], 'tt'));
      if (k === undefined || f[1] === NULL || f[1] === undefined) return;
      const ids = f[1].split(',');
      for (let i = 0, j = 0; i < ids.length && j < DIRECTORS; i++) {
        const n = imdbNumber(ids[i], 'nm');
        if (!Number.isNaN(n)) directors[k * DIRECTORS + j++] = n + 1;
      }
    });
  }
  if (found.has('principals') && haveNames) {
    await scan('principals', (f) => {
      if (f[3] !== 'actor' && f[3] !== 'actress') return;
      const k = kept.get(imdbNumber(f[0], 'tt'));
      if (k === undefined) return;
      const person = imdbNumber(f[2], 'nm');
      const order = Math.min(0xfffe, Number(f[1]) || 0xfffe);
      if (Number.isNaN(person)) return;
      // Keep the CAST lowest orderings, in order.
      let slot = CAST;
      while (slot > 0 && castOrder[k * CAST + slot - 1] > order) slot--;
      if (slot === CAST) return;
      for (let s = CAST - 1; s > slot; s--) {
        castOrder[k * CAST + s] = castOrder[k * CAST + s - 1];
        cast[k * CAST + s] = cast[k * CAST + s - 1];
      }
      castOrder[k * CAST + slot] = order;
      cast[k * CAST + slot] = person + 1;
    });
  }

  // 6. Names of those people only.
  const names = new Map<number, string>();
  if (haveNames) {
    for (const list of [directors, cast]) for (const p of list) if (p) names.set(p - 1, '');
    if (names.size) {
      await scan('names', (f) => {
        const id = imdbNumber(f[0], 'nm');
        if (names.has(id) && f[1] && f[1] !== NULL) names.set(id, f[1]);
      });
    }
  }
  const nameList = (list: Uint32Array, k: number, n: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const p = list[k * n + i];
      const name = p ? names.get(p - 1) : undefined;
      if (name) out.push(name);
    }
    return out;
  };

  // 7. Basics again: write the kept titles.
  const opened = await openRows(basics, TSV);
  run.startPass('titles', count);
  let first = true;
  let written = 0;
  // A chunk of records per await; only the kept titles wait for the merger.
  rows: for await (const batch of opened.batches) for (const r of batch) {
    if (first) {
      first = false;
      continue;
    }
    if (written === count) break rows;
    const f = r.fields;
    const id = imdbNumber(f[0], 'tt');
    const k = kept.get(id);
    if (k === undefined) continue;
    const v = basicsVerdict(f);
    if (!v || !('keep' in v) || !v.keep) continue; // the file changed between the passes
    kept.delete(id); // a repeated line is written once
    written++;
    const ri = ratings.find(id);
    let language: string | undefined;
    if (langColumn[k]) language = LANGS[langColumn[k] - 1];
    else if (langMask[k] && (langMask[k] & (langMask[k] - 1)) === 0) language = LANGS[31 - Math.clz32(langMask[k])];
    else if (langMask[k] && keptInEnglishRegion[k] && langMask[k] & (1 << EN)) language = 'en';
    const runtime = f[7] === NULL ? undefined : Number(f[7]);
    const director = v.kind === 'movie' ? nameList(directors, k, DIRECTORS).join(', ') : '';
    const leads = nameList(cast, k, CAST);
    const endYear = Number(f[6]);
    const s: SourceTitle = {
      kind: v.kind,
      title: f[2].trim(),
      originalTitle: f[3] !== NULL && f[3] !== f[2] ? f[3].trim() : undefined,
      year: v.year,
      endYear: v.kind === 'series' && f[6] !== NULL && Number.isInteger(endYear) ? endYear : undefined,
      genres: f[8] === NULL ? undefined : imdbGenres(f[8].split(',')),
      language,
      runtime: v.kind === 'movie' && runtime && Number.isInteger(runtime) ? runtime : undefined,
      episodeRuntime: v.kind === 'series' && runtime && Number.isInteger(runtime) ? runtime : undefined,
      imdbId: f[0],
      imdbRating: ri >= 0 ? ratings.ratingAt(ri) : undefined,
      voteCount: ri >= 0 ? ratings.votesAt(ri) : undefined,
      director: director || undefined,
      cast: leads.length ? leads : undefined,
    };
    await run.add(basics, r.line, s);
    run.tick(1, false);
  }
  await run.flush();
  run.endPass(`${basename(basics)}: ${formatCount(written)} titles written`);
}
