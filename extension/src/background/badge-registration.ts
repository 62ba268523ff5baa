// The badge runs only on the sites the user turned on in the options page, and only while the
// browser still grants that site's origins (and in Firefox the badge's data collection: the user
// may withdraw either in the browser's own settings): one registered content script per such
// site, re-registered when either changes.
import browser from 'webextension-polyfill';
import badgeScript from '../content/badge.iife.ts?script';
import { BROWSE_SITES, type BrowseSiteId } from '../lib/browse-sites';
import { badgePermissions } from '../lib/firefox-data';
import type { TypedStorage } from '../lib/storage';

const PREFIX = 'tonights-pick-badge-';
let queue: Promise<unknown> = Promise.resolve();

/** Serialised, like the bridge's: install, permission and storage events may ask at once. */
export function syncBadges(storage: TypedStorage): Promise<BrowseSiteId[]> {
  const run = queue.then(() => register(storage));
  queue = run.catch(() => undefined);
  return run;
}

/** The sites the user turned on whose origins the browser grants: where the badge runs. */
export async function activeSites(storage: TypedStorage): Promise<BrowseSiteId[]> {
  const wanted = new Set(await storage.get('browseSites'));
  const active: BrowseSiteId[] = [];
  for (const site of BROWSE_SITES) {
    if (wanted.has(site.id) && (await browser.permissions.contains(badgePermissions(site.matches, __BROWSER__)))) active.push(site.id);
  }
  return active;
}

async function register(storage: TypedStorage): Promise<BrowseSiteId[]> {
  const existing = (await browser.scripting.getRegisteredContentScripts()).filter((s) => s.id.startsWith(PREFIX));
  if (existing.length) await browser.scripting.unregisterContentScripts({ ids: existing.map((s) => s.id) });
  const active = await activeSites(storage);
  if (active.length) {
    await browser.scripting.registerContentScripts(
      BROWSE_SITES.filter((s) => active.includes(s.id)).map((s) => ({
        id: `${PREFIX}${s.id}`,
        matches: s.matches,
        js: [badgeScript],
        runAt: 'document_idle' as const,
        persistAcrossSessions: true,
      })),
    );
  }
  return active;
}
