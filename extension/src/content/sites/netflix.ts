// Netflix's title page (www.netflix.com/title/<id>): a JSON-LD Movie or TVSeries with the name and
// dateCreated; else the title heading and the year badge beside it.
import { jsonLdTitle, metaContent, pageTitle, stripDecoration, textOf, type SiteReader } from './common';

const MARKER = /\|\s*Netflix/i;
const DECORATION = [/^Watch\s+/i, /\s*\|\s*Netflix.*$/i];

export const readNetflix: SiteReader = (doc) => {
  const ld = jsonLdTitle(doc);
  if (ld) return ld;
  const heading = textOf(doc, '[data-uia="title-info-title"], h1.title-title') ?? stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(heading, textOf(doc, '[data-uia="item-year"], .item-year'));
};
