// JioHotstar's title page (www.hotstar.com/<cc>/movies/<slug>/<id>, /shows/...): JSON-LD when
// present, else the title heading and the year in the metadata line; else og:title without
// "Watch ", "Full Movie Online ..." and the site's name.
import { cleanName, jsonLdTitle, metaContent, pageTitle, stripDecoration, textOf, type PlayerReader, type SiteReader } from './common';

const MARKER = /[|-]\s*(?:Jio)?Hotstar/i;
const DECORATION = [/^Watch\s+/i, /\s*[|-]\s*(?:Jio)?Hotstar.*$/i, /\s+(?:Full\s+Movie|All\s+Seasons|Season\s+\d+|TV\s+Show).*$/i];

export const readHotstar: SiteReader = (doc) => {
  const ld = jsonLdTitle(doc);
  if (ld) return ld;
  const name = textOf(doc, 'h1[data-testid="title"], h1.title') ?? stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(name, textOf(doc, '[data-testid="metadata"], .metadata'));
};

/**
 * JioHotstar's player (www.hotstar.com/<cc>/movies/<slug>/<id>/watch, or a show's episode .../watch):
 * the title over the video (a show's name; the episode below it), else the document title without
 * "Watch ", a season or episode and the site's name, else the media session's title.
 */
export const readHotstarPlayer: PlayerReader = (doc, _url, media) =>
  pageTitle(textOf(doc, '[data-testid="player-title"], .player-title') ?? stripDecoration(doc.title, MARKER, DECORATION) ?? cleanName(media?.title));
