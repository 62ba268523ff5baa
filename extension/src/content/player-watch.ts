// A title played on a site's player page (lib/detect.ts says which pages those are): nothing shows
// while it plays. Its name is read from the player (a bounded number of reads while the page
// loads) and resolved to the catalog's id by the fit lookup the badge uses, once per name (a name
// read again is not asked again, so at most one lookup per title change, never per timeupdate).
// When the video played to the end (video-end.ts), the name is read once more (the player may
// show another title by then), and the end is told for that title's id only: nothing of the page
// or its address leaves it.
import type { FitResponse } from '@app/shared';
import type { FitAnswer, FitAsk } from '../lib/badge-requests';
import type { EndedAnswer } from '../lib/watched';
import type { PageTitle } from './sites/common';
import { watchVideoEnd } from './video-end';

/** How long to wait between reads while the player loads, and how many reads a page gets. */
const RETRY_MS = 1000;
const MAX_READS = 30;

export interface PlayerDeps {
  /** The player's title now (its reader over the page and the media session), or null. */
  read(): PageTitle | null;
  fit(ask: FitAsk): Promise<FitAnswer>;
  ended(titleId: string): Promise<EndedAnswer>;
  /** What the user chose, shown for the title that ended. */
  show(fit: FitResponse, answer: EndedAnswer): void;
}

const keyOf = (t: PageTitle) => `${t.title}\u0000${t.year ?? ''}`;

/** Starts watching the player page in `doc`; the returned function stops (the page moved on). */
export function watchPlayer(doc: Document, deps: PlayerDeps): () => void {
  let stopped = false;
  let lastRead: PageTitle | null = null;
  let lookup: { key: string; fit: Promise<FitResponse | null> } | null = null;

  function resolve(found: PageTitle): Promise<FitResponse | null> {
    const key = keyOf(found);
    if (lookup?.key !== key) {
      const ask: FitAsk = found.year === undefined ? { title: found.title } : { title: found.title, year: found.year };
      lookup = { key, fit: deps.fit(ask).then((a) => (a?.ok ? a.fit : null), () => null) };
    }
    return lookup.fit;
  }

  function read(attempt: number): void {
    if (stopped) return;
    const found = deps.read();
    if (found) {
      lastRead = found;
      void resolve(found);
    } else if (attempt + 1 < MAX_READS) setTimeout(() => read(attempt + 1), RETRY_MS);
  }

  const stopVideos = watchVideoEnd(doc, () => {
    const found = deps.read() ?? lastRead;
    if (!found) return console.debug("Tonight's Pick: no title found on this player page");
    void resolve(found)
      .then(async (fit) => {
        if (stopped || !fit) return;
        const answer = await deps.ended(fit.title_id);
        if (!stopped && answer) deps.show(fit, answer);
      })
      .catch(() => console.debug("Tonight's Pick: the extension did not answer"));
  });
  read(0);
  return () => {
    stopped = true;
    stopVideos();
  };
}
