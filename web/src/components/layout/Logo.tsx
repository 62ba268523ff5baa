import { Link } from '../common/Link';
import { useT } from '../../i18n/useT';

export function Logo({ to = '/' }: { to?: string }) {
  const t = useT();
  return (
    <Link to={to} className="logo">
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="logo-tile" />
        <path d="M32 12l5.9 12.6 13.8 1.6-10.2 9.4 2.8 13.6L32 42.3l-12.3 6.9 2.8-13.6-10.2-9.4 13.8-1.6z" className="logo-star" />
      </svg>
      <span className="logo-text">{t('site.logo.name')}</span>
      <span className="beta-badge">{t('site.logo.beta')}</span>
    </Link>
  );
}
