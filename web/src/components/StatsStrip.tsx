import { usePublicConfig } from '../hooks/usePublicConfig';

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
        <strong>{stats ? stats.titles.toLocaleString('en-US') : '–'}</strong> hand-described movies and series
      </li>
      {stats?.users != null && (
        <li>
          <strong>{stats.users.toLocaleString('en-US')}</strong> people picking with us
        </li>
      )}
    </ul>
  );
}
