// parseImportFile: one uploaded history file (Letterboxd, IMDb, Netflix, Trakt, our own export) to its titles.
// The format is recognised from the bytes (a zip's members, a JSON document, a CSV's header),
// never from the extension alone; a source the user chose must agree with it. Anything that cannot
// be read throws an ImportFileError whose one-line message names the file and, where known, the
// line. Pure: no I/O, every loop bounded by the input (at most IMPORT_MAX_BYTES) and MAX_ENTRIES.
import { IMPORT_MAX_BYTES, IMPORT_SOURCE_NAMES, type ImportSource } from '@app/shared';
import { ACCEPTED, columns, csvRecords, decodeText, fail, noTitles, shown } from './common.js';
import { imdbFileOf, parseImdb } from './imdb.js';
import { isLetterboxdHeader, LetterboxdMerger, letterboxdLoneFile, letterboxdMember, type LetterboxdFile } from './letterboxd.js';
import { isNetflixHeader, parseNetflix } from './netflix.js';
import { isNetflixActivityHeader, parseNetflixActivity } from './netflix-activity.js';
import { holdsHistory, parseJson, TraktMerger, traktMember } from './trakt.js';
import { isTonightsPickExport, parseTonightsPick } from './tonights-pick.js';
import type { ParsedImport } from './types.js';
import { looksLikeZip, ZipReader } from './zip.js';

export { ImportFileError, type ImportedEntry, type ParsedImport } from './types.js';
export { MAX_ENTRIES } from './common.js';
export { NetflixProfileError } from './netflix-activity.js';


/** What the file was recognised as, and how to read it. */
interface Plan {
  source: ImportSource;
  /** "an IMDb ratings export", for the message when the chosen source disagrees. */
  label: string;
  run: () => ParsedImport;
}

/** Files that are not exports at all, by their first bytes. */
const MAGIC: Array<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an Office document'],
];

/** What the user chose beside the file: whose history a Netflix ViewingActivity.csv is. */
export interface ParseOptions {
  profile?: string;
}

/**
 * Reads one uploaded file. `source`, when given, must be what the file is ("This looks like an
 * IMDb ratings export, not Letterboxd").
 */
export function parseImportFile(filename: string, bytes: Buffer, source?: ImportSource, options: ParseOptions = {}): ParsedImport {
  const where = shown(filename);
  if (bytes.length === 0) fail(`${where} is empty.`);
  if (bytes.length > IMPORT_MAX_BYTES) fail(`${where} is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  const plan = looksLikeZip(bytes) ? zipPlan(where, bytes, options) : textPlan(where, filename, bytes, options);
  if (source && source !== plan.source) fail(`${where} looks like ${plan.label}, not ${IMPORT_SOURCE_NAMES[source]}: choose ${IMPORT_SOURCE_NAMES[plan.source]}, or send your ${IMPORT_SOURCE_NAMES[source]} export.`);
  const parsed = plan.run();
  // A file with no titles is a wrong file (or an empty export), not a preview of nothing to confirm.
  if (parsed.entries.length === 0) fail(noTitles(filename, parsed.rowsRead));
  return parsed;
}

/** Netflix's viewing activity, as a file of its own or inside the account download's zip. */
function netflixActivityPlan(where: string, text: () => string, options: ParseOptions): Plan {
  return {
    source: 'netflix',
    label: 'a Netflix viewing history',
    run: () => ({ source: 'netflix', ...parseNetflixActivity(where, csvRecords(where, text()), options.profile) }),
  };
}

function zipPlan(where: string, bytes: Buffer, options: ParseOptions): Plan {
  const zip = new ZipReader(where, bytes);
  const text = (path: string, data: Buffer) => decodeText(`${where} (${shown(path)})`, data);
  const letterboxd = zip.members.flatMap((m) => {
    const file = letterboxdMember(m.path);
    return file ? [{ m, file }] : [];
  });
  if (letterboxd.length > 0) {
    return {
      source: 'letterboxd',
      label: 'a Letterboxd export',
      run: () => {
        const merger = new LetterboxdMerger(where);
        const order: LetterboxdFile[] = ['watched', 'diary', 'ratings', 'likes', 'watchlist'];
        for (const file of order) {
          for (const { m } of letterboxd.filter((x) => x.file === file)) {
            const inner = `${where} (${shown(m.path)})`;
            merger.read(inner, file, csvRecords(inner, text(m.path, zip.unpack(m))));
          }
        }
        return { source: 'letterboxd', entries: merger.entries(), rowsRead: merger.rowsRead };
      },
    };
  }
  const trakt = zip.members.flatMap((m) => {
    const file = traktMember(m.path);
    return file ? [{ m, file }] : [];
  });
  if (trakt.some((x) => holdsHistory(x.file))) {
    return {
      source: 'trakt',
      label: 'a Trakt export',
      run: () => {
        const merger = new TraktMerger(where);
        for (const { m, file } of trakt) {
          const inner = `${where} (${shown(m.path)})`;
          merger.read(inner, parseJson(inner, text(m.path, zip.unpack(m))), file);
        }
        return { source: 'trakt', entries: merger.entries(), rowsRead: merger.rowsRead };
      },
    };
  }
  const activity = zip.members.find((m) => /(^|\/)ViewingActivity\.csv$/i.test(m.path));
  if (activity) return netflixActivityPlan(`${where} (${shown(activity.path)})`, () => text(activity.path, zip.unpack(activity)), options);
  if (zip.members.some((m) => m.path === 'xl/workbook.xml')) fail(`${where} is an Excel workbook: save it as CSV (UTF-8) first. ${ACCEPTED}`);
  fail(`${where} holds no Letterboxd or Trakt export files. ${ACCEPTED}`);
}

function textPlan(where: string, filename: string, bytes: Buffer, options: ParseOptions): Plan {
  for (const [magic, what] of MAGIC) {
    if (magic.every((b, i) => bytes[i] === b)) fail(`${where} is ${what}, not a history export. ${ACCEPTED}`);
  }
  const text = decodeText(where, bytes);
  const start = text.search(/\S/);
  if (start < 0) fail(`${where} is empty.`);
  if (isTonightsPickExport(text)) {
    return {
      source: 'tonights_pick',
      label: "a Tonight's Pick export",
      run: () => ({ source: 'tonights_pick', ...parseTonightsPick(where, text) }),
    };
  }
  if (text[start] === '[' || text[start] === '{' || /\.json$/i.test(filename.trim())) {
    return {
      source: 'trakt',
      label: 'a Trakt export',
      run: () => {
        const merger = new TraktMerger(where);
        // A file's name says what it holds only when it is one of Trakt's (a download may be renamed).
        const file = traktMember(filename.trim());
        merger.read(where, parseJson(where, text), file === null || file === 'other' ? undefined : file);
        return { source: 'trakt', entries: merger.entries(), rowsRead: merger.rowsRead };
      },
    };
  }
  const first = csvRecords(where, text).next();
  if (first.done) fail(`${where} is empty.`);
  const header = first.value.fields;
  const imdb = imdbFileOf(header);
  if (imdb) {
    return {
      source: 'imdb',
      label: `an IMDb ${imdb} export`,
      run: () => {
        const { entries, rowsRead } = parseImdb(where, csvRecords(where, text));
        return { source: 'imdb', entries, rowsRead };
      },
    };
  }
  if (isLetterboxdHeader(header)) {
    const file = letterboxdLoneFile(where, filename, header);
    return {
      source: 'letterboxd',
      label: 'a Letterboxd export',
      run: () => {
        const merger = new LetterboxdMerger(where);
        merger.read(where, file, csvRecords(where, text));
        return { source: 'letterboxd', entries: merger.entries(), rowsRead: merger.rowsRead };
      },
    };
  }
  if (isNetflixActivityHeader(header)) return netflixActivityPlan(where, () => text, options);
  if (isNetflixHeader(header)) {
    return {
      source: 'netflix',
      label: 'a Netflix viewing history',
      run: () => {
        const { entries, rowsRead } = parseNetflix(where, csvRecords(where, text));
        return { source: 'netflix', entries, rowsRead };
      },
    };
  }
  const cols = columns(header);
  if (cols.has('const') && cols.has('title')) fail(`${where} looks like an IMDb export but has no Your Rating or Position column: export "Your ratings" or your watchlist again. ${ACCEPTED}`);
  const names = header
    .slice(0, 6)
    .map((h) => h.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 30))
    .join(', ');
  fail(`${where} is not a file we can read (its first line: ${names || 'nothing'}${header.length > 6 ? ', ...' : ''}). ${ACCEPTED}`);
}
