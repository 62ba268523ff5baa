// Which streaming platform the active tab is on, by its URL only (activeTab).
import type { ApiClient } from '../lib/shared';
import { detectPlatform, FALLBACK_PLATFORMS, type PlatformSite } from '../lib/detect';
import { activeTabUrl } from '../lib/tabs';

export async function detectActiveSite(api: ApiClient): Promise<PlatformSite | null> {
  const url = await activeTabUrl().catch(() => undefined);
  if (!url || !/^https?:/.test(url)) return null;
  const list = await api.onboarding
    .platforms()
    .then((r) => (r.platforms.length ? r.platforms : FALLBACK_PLATFORMS))
    .catch(() => FALLBACK_PLATFORMS);
  return detectPlatform(url, list) ?? detectPlatform(url, FALLBACK_PLATFORMS);
}
