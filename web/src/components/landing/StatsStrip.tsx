import { Trans } from '@lingui/react';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { useT } from '../../i18n/useT';

// Numbers are grouped by Intl in the page's language ({count, number}: "12,345", "12.345",
// "12 345"). The page's plurals use Intl anyway, so the locale data that toLocaleString's first
// use loaded (docs/performance.md, "Web") is loaded by the messages whatever this strip does.
const STRONG = { 0: <strong /> };

/** Only numbers that are true for this server (docs/product-decisions.md); the user count only once it is set. */
export function StatsStrip() {
  const t = useT();
  const { data } = usePublicConfig();
  const stats = data?.stats;
  return (
    <ul className="stats" aria-label={t('landing.stats.label')}>
      <li>
        {stats ? <Trans id="landing.stats.platforms" values={{ count: stats.platforms }} components={STRONG} /> : <Trans id="landing.stats.platformsPending" components={STRONG} />}
      </li>
      <li>
        {stats ? <Trans id="landing.stats.titles" values={{ count: Math.trunc(stats.titles) }} components={STRONG} /> : <Trans id="landing.stats.titlesPending" components={STRONG} />}
      </li>
      {stats?.users != null && (
        <li>
          <Trans id="landing.stats.users" values={{ count: Math.trunc(stats.users) }} components={STRONG} />
        </li>
      )}
    </ul>
  );
}
