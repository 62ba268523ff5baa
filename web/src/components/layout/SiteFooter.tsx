/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../common/Link';
import { ATTRIBUTION } from '@app/shared';
import { usePublicConfig } from '../../hooks/usePublicConfig';

export function SiteFooter() {
  // TMDB's notice only where this instance shows TMDB's data (a built-in-only instance does not).
  // Below every page's first view: read after it.
  const config = usePublicConfig(true);
  const tmdb = config.data?.uses_tmdb === true;
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p className="footer-brand">
          Tonight&rsquo;s Pick <span className="beta-badge">Beta</span>
          <br />
          <span className="muted">One great pick for tonight, from the services you already pay for.</span>
          {tmdb && (
            <>
              <br />
              <small className="muted footer-attribution">{ATTRIBUTION.tmdbNotice}</small>
            </>
          )}
        </p>
        <nav aria-label="Legal and contact">
          <ul className="footer-links">
            <li><Link to="/privacy-policy">Privacy policy</Link></li>
            <li><Link to="/terms-of-service">Terms of service</Link></li>
            <li><Link to="/refund-policy">Refund policy</Link></li>
            <li><Link to="/shipping-policy">Shipping policy</Link></li>
            <li><Link to="/contact">Contact</Link></li>
            <li><Link to="/about">About and credits</Link></li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
