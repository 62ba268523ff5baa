// The public pages rendered at build time (web/finish-build.mjs): the HTML a first-time visitor
// sees before any JavaScript runs, which the browser then hydrates (main.tsx). Rendered signed
// out, with storage that holds nothing and an API that never answers, so every page shows what it
// shows before its data arrives: the same first render as in the browser.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { createAppServices } from './api/services';
import { activateLocale, partsOfPath } from './i18n/i18n';
import { prerenderedTitle } from './hooks/usePageTitle';
import type { Locale } from '@app/shared';

export { LOCALES, DEFAULT_LOCALE, directionOf, localeSegment, LOCALIZED_PAGES } from '@app/shared';
export { partsOfPath } from './i18n/i18n';

class EmptyStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** The markup inside #root for a path in a language, once every lazily loaded page of it is in, and the page's title. */
export async function renderPage(path: string, locale: Locale): Promise<{ markup: string; title: string }> {
  await activateLocale(locale, undefined, partsOfPath(path));
  const services = createAppServices({ fetch: () => new Promise<Response>(() => {}), storage: new EmptyStorage() });
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <App services={services} />
      </StaticRouter>
    </StrictMode>,
    // One piece whatever its length: React would otherwise leave a boundary over 12,800 bytes (the
    // landing in French, Hindi, Japanese or Arabic) as a spinner to stream in, which a file cannot.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { markup: await new Response(prelude).text(), title: prerenderedTitle() };
}
