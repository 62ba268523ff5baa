// Disney+'s title page (www.disneyplus.com/movies/<slug>/<id>, /series/..., or
// /browse/entity-<id>): JSON-LD when present, else the title heading (or the title logo's alt
// text, which is how the page names a title it shows as artwork) and the year in the details line.
import { jsonLdTitle, metaContent, pageTitle, stripDecoration, textOf, type SiteReader } from './common';

const MARKER = /\|\s*Disney\+/i;
const DECORATION = [/^Watch\s+/i, /\s*\|\s*Disney\+.*$/i];

export const readDisneyPlus: SiteReader = (doc) => {
  const ld = jsonLdTitle(doc);
  if (ld) return ld;
  const logo = doc.querySelector('[data-testid="details-title-treatment"] img')?.getAttribute('alt') ?? null;
  const name = textOf(doc, 'h1[data-testid="details-title"]') ?? logo ?? stripDecoration(metaContent(doc, 'og:title'), MARKER, DECORATION);
  return pageTitle(name, textOf(doc, '[data-testid="details-metadata"]'));
};
