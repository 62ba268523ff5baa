import { i18n } from '@lingui/core';
import type { Recommendation } from '@app/shared';
import { formatYear, genreLabel } from './localeFormat';

/** A title's length: "2h 12m" in English, "2 h 12 min", "2時間12分" elsewhere. */
export function formatRuntime(minutes: number | null): string | null {
  if (!minutes) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return i18n._('dashboard.card.runtimeMinutes', { minutes: m });
  if (!m) return i18n._('dashboard.card.runtimeHours', { hours: h });
  return i18n._('dashboard.card.runtimeHoursMinutes', { hours: h, minutes: m });
}

/** "2019 · Thriller · 2h 12m", or for a series "2016–2019 · Drama · 3 seasons · 50m episodes". */
export function titleFacts(r: Pick<Recommendation, 'kind' | 'year' | 'end_year' | 'genre' | 'runtime' | 'seasons'>): string[] {
  const facts: string[] = [];
  const year = formatYear(r.year);
  if (r.kind === 'series') {
    facts.push(r.end_year && r.end_year !== r.year ? `${year}–${formatYear(r.end_year)}` : r.end_year === null ? `${year}–` : year);
  } else facts.push(year);
  if (r.genre) facts.push(genreLabel(r.genre));
  if (r.kind === 'series' && r.seasons) facts.push(i18n._('dashboard.card.seasons', { count: r.seasons }));
  const rt = formatRuntime(r.runtime);
  if (rt) facts.push(r.kind === 'series' ? i18n._('dashboard.card.episodes', { runtime: rt }) : rt);
  return facts;
}
