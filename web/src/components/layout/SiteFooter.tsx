import { useLingui } from '@lingui/react';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_LOCALE, isLocale, localeOfPath, localeSegment, type Locale } from '@app/shared';
import { Link } from '../common/Link';
import { LanguageSelect } from '../common/LanguageSelect';
import { useServices, useSession } from '../../api/ServicesContext';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { chooseLocale } from '../../i18n/i18n';
import { useT } from '../../i18n/useT';

/** The same page at another language's path (`/ja/login` -> `/de/login`, `/` for English). */
export function pathInLocale(pathname: string, locale: Locale): string {
  const rest = pathname.replace(/^\/[^/]+/, '') || '/';
  if (locale === DEFAULT_LOCALE) return rest;
  return `/${localeSegment(locale)}${rest === '/' ? '' : rest}`;
}

export function SiteFooter() {
  const t = useT();
  const { i18n } = useLingui();
  const { storage } = useServices();
  const { token } = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // TMDB's notice only where this instance shows TMDB's data (a built-in-only instance does not).
  // Below every page's first view: read after it.
  const config = usePublicConfig(true);
  const tmdb = config.data?.uses_tmdb === true;

  function changeLanguage(locale: Locale) {
    // A page at its language's own path (`/ja`) is that language: the choice goes to the page's path in the new one.
    if (localeOfPath(pathname)) navigate(pathInLocale(pathname, locale) + search + hash);
    void chooseLocale(locale, storage);
  }
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
            <LanguageSelect value={isLocale(i18n.locale) ? i18n.locale : 'en'} onChange={changeLanguage} />
          </div>
        )}
      </div>
    </footer>
  );
}
