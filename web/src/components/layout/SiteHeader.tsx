import { Link } from '../common/Link';
import { useSession } from '../../api/ServicesContext';
import { useT } from '../../i18n/useT';
import { Logo } from './Logo';

/** Header of the public pages. */
export function SiteHeader() {
  const t = useT();
  const { token } = useSession();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Logo />
        <nav aria-label={t('site.header.nav')} className="header-nav">
          {token ? (
            <Link to="/app/dashboard" className="btn btn-primary btn-small">{t('site.header.openApp')}</Link>
          ) : (
            <>
              <Link to="/login" className="nav-link">{t('site.header.signIn')}</Link>
              <Link to="/register" className="btn btn-primary btn-small">{t('site.header.getStarted')}</Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
