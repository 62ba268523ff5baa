/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { usePublicConfig } from '../../hooks/usePublicConfig';

/**
 * 12345 -> "12,345". Not toLocaleString: the landing page's first use of Intl loads the browser's
 * locale data, about 30 ms of a phone's main thread (docs/performance.md, "Web").
 */
function grouped(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Only numbers that are true for this server (docs/product-decisions.md); the user count only once it is set. */
export function StatsStrip() {
  const { data } = usePublicConfig();
  const stats = data?.stats;
  return (
    <ul className="stats" aria-label="This service in numbers">
      <li>
        <strong>{stats ? stats.platforms : '–'}</strong> streaming platforms covered
      </li>
      <li>
        <strong>{stats ? grouped(stats.titles) : '–'}</strong> hand-described movies and series
      </li>
      {stats?.users != null && (
        <li>
          <strong>{grouped(stats.users)}</strong> people picking with us
        </li>
      )}
    </ul>
  );
}
