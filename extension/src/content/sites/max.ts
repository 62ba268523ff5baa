// Max's title page (play.max.com/movie/<id>, /show/<id>): the title heading and the release year
// in its metadata row; else og:title without the site's name.
import { cleanName, metaContent, pageTitle, stripDecoration, textOf, type PlayerReader, type SiteReader } from './common';

const MARKER = /[|•-]\s*(?:HBO\s*)?Max\s*$/i;
const DECORATION = [/^Watch\s+/i, /\s*[|•-]\s*(?:HBO\s*)?Max\s*$/i];

export const readMax: SiteReader = (doc) => {
  const name = textOf(doc, 'h1[data-testid="title"]') ?? stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(name, textOf(doc, '[data-testid="metadata_release_year"]'));
};

/**
 * Max's player (play.max.com/video/watch/<id>/<id>): the title over the video (a series' name, the
 * episode on its own line below), else the document title, else the media session's title.
 */
export const readMaxPlayer: PlayerReader = (doc, _url, media) =>
  pageTitle(textOf(doc, '[data-testid="player-ux-asset-title"]') ?? stripDecoration(doc.title, MARKER, DECORATION) ?? cleanName(media?.title));
