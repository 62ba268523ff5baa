import type { Recommendation } from '@app/shared';
import { platformSearchUrl, type PlatformSite } from '../../lib/detect';
import { openTab } from '../../lib/tabs';
import { useT } from '../../lib/useT';

export function SiteBanner({ site, pick }: { site: PlatformSite; pick: Recommendation | null }) {
  const t = useT();
  return (
    <p className="site" data-site={site.name}>
      <span>{t('extension-popup.site.youAreOn', { site: site.name })}</span>
      {pick && (
        <button type="button" className="link" data-action="open-on-platform" onClick={() => void openTab(platformSearchUrl(site, pick.movie_title))}>
          {t('extension-popup.site.openOn', { site: site.name })}
        </button>
      )}
    </p>
  );
}
