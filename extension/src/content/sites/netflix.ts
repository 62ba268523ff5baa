// Netflix's title page (www.netflix.com/title/<id>): a JSON-LD Movie or TVSeries with the name and
// dateCreated; else the title heading and the year badge beside it.
import { cleanName, jsonLdTitle, metaContent, pageTitle, stripDecoration, textOf, type PlayerReader, type SiteReader } from './common';

const MARKER = /\|\s*Netflix/i;
const DECORATION = [/^Watch\s+/i, /\s*\|\s*Netflix.*$/i];

export const readNetflix: SiteReader = (doc) => {
  const ld = jsonLdTitle(doc);
  if (ld) return ld;
  const heading = textOf(doc, '[data-uia="title-info-title"], h1.title-title') ?? stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(heading, textOf(doc, '[data-uia="item-year"], .item-year'));
};

/**
 * Netflix's player (www.netflix.com/watch/<id>): the title over the video, which for an episode
 * holds the series name in its heading (the series is the catalog's title) and the episode after
 * it; the document title is "Netflix" alone, so then the media session's title.
 */
export const readNetflixPlayer: PlayerReader = (doc, _url, media) =>
  pageTitle(textOf(doc, '[data-uia="video-title"] h4') ?? textOf(doc, '[data-uia="video-title"]') ?? stripDecoration(doc.title, MARKER, DECORATION) ?? cleanName(media?.title));
