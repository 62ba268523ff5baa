import { useLingui } from '@lingui/react';
import { isLocale } from '@app/shared';
import { Link } from '../common/Link';
import { LanguageSelect } from '../common/LanguageSelect';
import { useServices, useSession } from '../../api/ServicesContext';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { chooseLocale } from '../../i18n/i18n';
import { useT } from '../../i18n/useT';

export function SiteFooter() {
  const t = useT();
  const { i18n } = useLingui();
  const { storage } = useServices();
  const { token } = useSession();
  // TMDB's notice only where this instance shows TMDB's data (a built-in-only instance does not).
  // Below every page's first view: read after it.
  const config = usePublicConfig(true);
  const tmdb = config.data?.uses_tmdb === true;
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p className="footer-brand">
          {t('site.logo.name')} <span className="beta-badge">{t('site.logo.beta')}</span>
          <br />
          <span className="muted">{t('site.footer.tagline')}</span>
          {tmdb && (
            <>
              <br />
              <small className="muted footer-attribution">{t('site.attribution.tmdbNotice')}</small>
            </>
          )}
        </p>
        <nav aria-label={t('site.footer.nav')}>
          <ul className="footer-links">
            <li><Link to="/privacy-policy">{t('site.footer.privacy')}</Link></li>
            <li><Link to="/terms-of-service">{t('site.footer.terms')}</Link></li>
            <li><Link to="/refund-policy">{t('site.footer.refund')}</Link></li>
            <li><Link to="/shipping-policy">{t('site.footer.shipping')}</Link></li>
            <li><Link to="/contact">{t('site.footer.contact')}</Link></li>
            <li><Link to="/about">{t('site.footer.about')}</Link></li>
          </ul>
        </nav>
        {/* Signed out, the language is this browser's; signed in, Settings keeps it on the profile. */}
        {!token && (
          <div className="footer-language">
            <LanguageSelect value={isLocale(i18n.locale) ? i18n.locale : 'en'} onChange={(l) => void chooseLocale(l, storage)} />
          </div>
        )}
      </div>
    </footer>
  );
}
