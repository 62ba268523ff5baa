/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { Recommendation } from '@app/shared';
import { platformSearchUrl, type PlatformSite } from '../../lib/detect';
import { openTab } from '../../lib/tabs';

export function SiteBanner({ site, pick }: { site: PlatformSite; pick: Recommendation | null }) {
  return (
    <p className="site" data-site={site.name}>
      <span>You&rsquo;re on {site.name}</span>
      {pick && (
        <button type="button" className="link" data-action="open-on-platform" onClick={() => void openTab(platformSearchUrl(site, pick.movie_title))}>
          Open on {site.name}
        </button>
      )}
    </p>
  );
}
