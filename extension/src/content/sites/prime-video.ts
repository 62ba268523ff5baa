// Prime Video's detail page (www.primevideo.com/detail/<id>/, or /region/<xx>/detail/...): the
// title heading and the release-year badge; else og:title without "Watch ", a season and the
// site's name.
import { cleanName, metaContent, pageTitle, stripDecoration, textOf, type SiteReader } from './common';

const MARKER = /\|\s*Prime\s*Video/i;
const SEASON = /\s*[-–:]\s*Season\s+\d+.*$/i;
const DECORATION = [/^Watch\s+/i, /\s*\|\s*Prime\s*Video.*$/i, SEASON];

export const readPrimeVideo: SiteReader = (doc) => {
  const heading = textOf(doc, 'h1[data-automation-id="title"]');
  // A heading may carry the season ("The Boys - Season 1"): the catalog names the series.
  const name = heading ? cleanName(heading.replace(SEASON, '')) : stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(name, textOf(doc, '[data-automation-id="release-year-badge"]'));
};
