// A Vite plugin: `import messages from 'virtual:messages/<locale>'` is that locale's compiled
// catalog (catalogs.mjs) over the areas the app keeps, one chunk per locale when imported lazily.
// Compiled at build time, so the browser carries Lingui's small runtime and not its compiler.
// `virtual:messages/en-XA` is the pseudo-locale (catalogs.mjs), for the layout checks of the e2e suite.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { areas, compiledMessages, LOCALES_DIR, PSEUDO_LOCALE, pseudoMessages } from './catalogs.mjs';

const PREFIX = 'virtual:messages/';

/** `keep(area)`: the areas of shared/locales this app shows (the web app leaves the server's out). */
export function messagesPlugin(keep) {
  return {
    name: 'tonights-pick-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      // Rebuilt when a catalog changes (dev server, watch mode).
      for (const area of areas()) {
        for (const l of new Set(['en', locale])) {
          const file = join(LOCALES_DIR, area, `${l}.json`);
          if (existsSync(file)) this.addWatchFile?.(file);
        }
      }
      const messages = locale === PSEUDO_LOCALE ? pseudoMessages(keep) : compiledMessages(locale, keep);
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
