// Disney+'s title page (www.disneyplus.com/movies/<slug>/<id>, /series/..., or
// /browse/entity-<id>): JSON-LD when present, else the title heading (or the title logo's alt
// text, which is how the page names a title it shows as artwork) and the year in the details line.
import { cleanName, jsonLdTitle, metaContent, pageTitle, stripDecoration, textOf, type PlayerReader, type SiteReader } from './common';

const MARKER = /\|\s*Disney\+/i;
const DECORATION = [/^Watch\s+/i, /\s*\|\s*Disney\+.*$/i];

export const readDisneyPlus: SiteReader = (doc) => {
  const ld = jsonLdTitle(doc);
  if (ld) return ld;
  const logo = doc.querySelector('[data-testid="details-title-treatment"] img')?.getAttribute('alt') ?? null;
  const name = textOf(doc, 'h1[data-testid="details-title"]') ?? logo ?? stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(name, textOf(doc, '[data-testid="details-metadata"]'));
};

/**
 * Disney+'s player (www.disneyplus.com/video/<id>, /play/<id>): the title field over the video (a
 * series' name; the episode is the subtitle field), else the document title, else the media
 * session's title.
 */
export const readDisneyPlusPlayer: PlayerReader = (doc, _url, media) =>
  pageTitle(textOf(doc, '.title-field, [data-testid="title-field"]') ?? stripDecoration(doc.title, MARKER, DECORATION) ?? cleanName(media?.title));
