import type { Recommendation } from '@app/shared';

export function formatRuntime(minutes: number | null): string | null {
  if (!minutes) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h${m ? ` ${m}m` : ''}` : `${m}m`;
}

/** "2019 · Thriller · 2h 12m", or for a series "2016–2019 · Drama · 3 seasons · 50m episodes". */
export function titleFacts(r: Pick<Recommendation, 'kind' | 'year' | 'end_year' | 'genre' | 'runtime' | 'seasons'>): string[] {
  const facts: string[] = [];
  if (r.kind === 'series') {
    facts.push(r.end_year && r.end_year !== r.year ? `${r.year}–${r.end_year}` : r.end_year === null ? `${r.year}–` : String(r.year));
  } else facts.push(String(r.year));
  if (r.genre) facts.push(r.genre);
  if (r.kind === 'series' && r.seasons) facts.push(`${r.seasons} season${r.seasons === 1 ? '' : 's'}`);
  const rt = formatRuntime(r.runtime);
  if (rt) facts.push(r.kind === 'series' ? `${rt} episodes` : rt);
  return facts;
}
