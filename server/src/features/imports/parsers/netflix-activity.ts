// ViewingActivity.csv, from Netflix's full-account download ("Download your personal information",
// CONTENT_INTERACTION/ViewingActivity.csv): one row per play, of every profile of the account,
// with Profile Name, Start Time (YYYY-MM-DD HH:MM:SS, UTC), Duration (H:MM:SS), Title and
// Supplemental Video Type (TRAILER, HOOK, ... for what is not the title itself). The user chooses
// whose history it is when the file holds several profiles; a play under 5 minutes is a look, not
// a viewing, and a trailer or hook is not the title: both are left out.
import type { CsvRecord } from '../../../catalog/sources/csv.js';
import { filled, columns, fail, fieldOf, fold, parseDate, quoted } from './common.js';
import { NetflixTitles } from './netflix.js';
import { ImportFileError, type ImportedEntry } from './types.js';

/** A play shorter than this (seconds) is not a viewing. */
export const SHORT_PLAY_SECONDS = 5 * 60;
/** Profiles named in a message: Netflix allows five per account. */
const PROFILES_SHOWN = 10;
/** A profile's name as listed and chosen: Netflix's are far shorter. */
export const PROFILE_MAX = 100;

/** True when a CSV header is Netflix's ViewingActivity.csv. */
export function isNetflixActivityHeader(header: readonly string[]): boolean {
  const cols = columns(header);
  return cols.has('profile name') && cols.has('start time') && cols.has('title');
}

/** The file holds several profiles and none (or one it lacks) was chosen: the message names them, `profiles` lists them. */
export class NetflixProfileError extends ImportFileError {
  constructor(
    message: string,
    readonly profiles: string[],
  ) {
    super(message);
    this.name = 'NetflixProfileError';
  }
}

/** "00:48:12" or "0:05:00" in seconds; null when the text is not a duration (the play counts). */
function seconds(text: string): number | null {
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

interface Play {
  title: string;
  line: number;
  day: string | null;
}

export function parseNetflixActivity(where: string, records: Iterator<CsvRecord>, profile?: string): { entries: ImportedEntry[]; rowsRead: number } {
  const first = records.next();
  const header = first.done ? [] : first.value.fields;
  if (!isNetflixActivityHeader(header)) fail(`${where} is not Netflix's ViewingActivity.csv: it needs the columns Profile Name, Start Time and Title.`);
  const cols = columns(header);
  const profileOf = fieldOf(cols, 'profile name')!;
  const startOf = fieldOf(cols, 'start time')!;
  const titleOf = fieldOf(cols, 'title')!;
  const durationOf = fieldOf(cols, 'duration');
  const extraOf = fieldOf(cols, 'supplemental video type');
  // Plays by folded profile name (the file's spelling of each kept for messages); bounded by the file.
  const plays = new Map<string, { name: string; plays: Play[] }>();
  for (const rec of filled(records)) {
    const name = profileOf(rec).slice(0, PROFILE_MAX);
    const key = fold(name);
    let p = plays.get(key);
    if (!p) plays.set(key, (p = { name, plays: [] }));
    const title = titleOf(rec);
    const length = durationOf ? seconds(durationOf(rec)) : null;
    if (!title || extraOf?.(rec) || (length !== null && length < SHORT_PLAY_SECONDS)) continue;
    p.plays.push({ title, line: rec.line, day: parseDate(startOf(rec)) });
  }
  const names = [...plays.values()].map((p) => p.name);
  const listed = names.slice(0, PROFILES_SHOWN).map((n) => quoted(n)).join(', ') + (names.length > PROFILES_SHOWN ? ', ...' : '');
  let chosen = profile === undefined ? undefined : plays.get(fold(profile));
  if (profile === undefined && plays.size === 1) chosen = [...plays.values()][0];
  if (!chosen) {
    if (plays.size === 0) fail(`${where} has no viewing activity in it.`);
    const why = profile === undefined ? `holds the viewing activity of ${names.length} profiles` : `has no profile named ${quoted(profile)}`;
    throw new NetflixProfileError(`${where} ${why}: choose whose history to import (${listed}).`, names.slice(0, PROFILES_SHOWN));
  }
  const titles = new NetflixTitles(where);
  for (const play of chosen.plays) titles.add(play.title, play.line, [play.day, play.day, play.day]);
  return { entries: titles.entries(0), rowsRead: chosen.plays.length };
}
