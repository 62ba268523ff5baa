// A Vite plugin: `import messages from 'virtual:messages/<locale>'` is that locale's compiled
// catalog (catalogs.mjs) over the areas the app keeps, one chunk per locale when imported lazily;
// `virtual:messages/<locale>/<part>` is the share of it that `parts[part]` accepts (the web app's
// public pages load only theirs). Compiled at build time, so the browser carries Lingui's small
// runtime and not its compiler. `virtual:messages/en-XA` is the pseudo-locale (catalogs.mjs), for
// the layout checks of the e2e suite.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { areas, compiledMessages, LOCALES_DIR, PSEUDO_LOCALE, pseudoMessages } from './catalogs.mjs';

const PREFIX = 'virtual:messages/';
/** `import loaders from 'virtual:messages-loaders'`: {locale: {part: () => import(its chunk)}} for `locales` and each part. */
const LOADERS = 'virtual:messages-loaders';

/**
 * `keep(area)`: the areas of shared/locales this app shows (the web app leaves the server's out);
 * `parts`: named shares of them; `locales`: the languages `virtual:messages-loaders` lists.
 */
export function messagesPlugin(keep, parts = {}, locales = []) {
  return {
    name: 'tonights-pick-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) || id === LOADERS ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${LOADERS}`) {
        const entry = (locale) => `${JSON.stringify(locale)}: {${Object.keys(parts).map((p) => `${p}: () => import(${JSON.stringify(`${PREFIX}${locale}/${p}`)})`).join(', ')}}`;
        return `export default {${[...locales, PSEUDO_LOCALE].map(entry).join(',\n')}};`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/');
      if (part !== undefined && !parts[part]) throw new Error(`${id}: no part "${part}" (parts: ${Object.keys(parts).join(', ')})`);
      const take = part === undefined ? keep : (area) => keep(area) && parts[part](area);
      // Rebuilt when a catalog changes (dev server, watch mode).
      for (const area of areas().filter(take)) {
        for (const l of new Set(['en', locale])) {
          const file = join(LOCALES_DIR, area, `${l}.json`);
          if (existsSync(file)) this.addWatchFile?.(file);
        }
      }
      const messages = locale === PSEUDO_LOCALE ? pseudoMessages(take) : compiledMessages(locale, take);
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
