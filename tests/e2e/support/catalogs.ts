// The message catalogs (shared/locales) as the journeys read them: a language's words to find on
// the screen, and the English texts that must not be on it when the page speaks another language.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './extension-harness.js';

const LOCALES_DIR = join(ROOT, 'shared', 'locales');

/** Every web area's messages in `locale` (the server's and the extension's left out), by key. */
export function catalog(locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const area of readdirSync(LOCALES_DIR)) {
    if (/^(server|extension)-/.test(area)) continue;
    try {
      Object.assign(out, JSON.parse(readFileSync(join(LOCALES_DIR, area, `${locale}.json`), 'utf8')));
    } catch {
      // an area without that language: check-messages fails on it, not this helper
    }
  }
  return out;
}

/**
 * The English texts on the page although it speaks `locale`: each visible text that is exactly an
 * English message without arguments whose translation differs (so "Netflix" or "OK" never count).
 */
export async function englishOnPage(page: Page, locale: string): Promise<string[]> {
  const en = catalog('en');
  const own = catalog(locale);
  const english = Object.entries(en)
    .filter(([key, text]) => !/[{<]/.test(text) && /\p{L}{3}/u.test(text) && own[key] && own[key] !== text)
    .map(([, text]) => text);
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const t = (n.textContent ?? '').trim();
      if (t && el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') texts.push(t);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(attr);
        if (v) texts.push(v.trim());
      }
    }
    return texts;
  });
  const set = new Set(english);
  return [...new Set(shown.filter((t) => set.has(t)))];
}
