/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../common/Link';
import { useSession } from '../../api/ServicesContext';
import { Logo } from './Logo';

/** Header of the public pages. */
export function SiteHeader() {
  const { token } = useSession();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Logo />
        <nav aria-label="Account" className="header-nav">
          {token ? (
            <Link to="/app/dashboard" className="btn btn-primary btn-small">Open the app</Link>
          ) : (
            <>
              <Link to="/login" className="nav-link">Sign in</Link>
              <Link to="/register" className="btn btn-primary btn-small">Get started</Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
