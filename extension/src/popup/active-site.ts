// Which streaming platform the active tab is on, by its URL only (activeTab).
import { STREAMING_SITES, type ApiClient } from '../lib/shared';
import { detectPlatform, type PlatformSite } from '../lib/detect';
import { activeTabUrl } from '../lib/tabs';

export async function detectActiveSite(api: ApiClient): Promise<PlatformSite | null> {
  const url = await activeTabUrl().catch(() => undefined);
  if (!url || !/^https?:/.test(url)) return null;
  const list = await api.onboarding
    .platforms()
    // The shared list when the server's platforms cannot be fetched.
    .then((r): readonly PlatformSite[] => (r.platforms.length ? r.platforms : STREAMING_SITES))
    .catch(() => STREAMING_SITES);
  return detectPlatform(url, list) ?? detectPlatform(url, STREAMING_SITES);
}
