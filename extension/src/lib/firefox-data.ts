// What Firefox shows at install under "data collection" (Mozilla's categories), kept truthful and
// in one place so a feature that sends something new changes it here: the manifest declares it
// (manifest.ts) and the options page asks for the optional part when the badge is turned on.
// Everything goes to the user's own server only, never to us or a third party.
// - required, authenticationInfo: every request carries the extension's sign-in token.
//   The ratings, "save for later" and calendar requests carry the user's own choices about our
//   titles; no Mozilla category describes those (websiteActivity is about interaction with web
//   pages), so they add nothing here.
// - optional, the "how it fits you" badge on a streaming site's title page (off until the user
//   turns it on for a site): it sends the title's name and year, read from the page
//   (websiteContent), which also tells the server which title page the user is on
//   (browsingActivity). Firefox asks for these with the site's origins when the badge is turned on
//   (permissions.request with `data_collection`, options/BrowseSites.tsx).
import type { Permissions } from 'webextension-polyfill';

export const FIREFOX_DATA_COLLECTION = {
  required: ['authenticationInfo'],
  optional: ['websiteContent', 'browsingActivity'],
} as const;

/**
 * What turning the badge on for a site asks the browser for: the site's origins, and in Firefox
 * the optional data collection too (Chrome has no such permission and refuses the key).
 */
export function badgePermissions(origins: string[], browser: 'chrome' | 'firefox'): Permissions.Permissions {
  return browser === 'firefox' ? { origins, data_collection: [...FIREFOX_DATA_COLLECTION.optional] } : { origins };
}
