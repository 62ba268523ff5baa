import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavLink } from '../common/Link';
import { useApi, useSession } from '../../api/ServicesContext';
import { Logo } from './Logo';
import { FeedbackWidget } from '../feedback/FeedbackWidget';
import { useT } from '../../i18n/useT';

/**
 * docs/screens.md, "Pages and access": logo, Home, Settings, the user's full name or email, sign-out, and the feedback
 * widget. One row at every width: on narrow screens the navigation sits behind a menu button
 * (disclosure pattern: aria-expanded, Escape closes and gives focus back to the button).
 */
export function AppHeader() {
  const t = useT();
  const api = useApi();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onboarded = user?.is_onboarded ?? false;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    nav.current?.querySelector<HTMLElement>('a, button')?.focus();
    function onKey(e: KeyboardEvent) {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    }
    function onPointer(e: PointerEvent) {
      const t = e.target as Node;
      if (!nav.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  async function signOut() {
    await api.sessions.signOut();
    navigate('/login', { replace: true });
  }

  return (
    <header className="site-header app-header">
      <div className="container header-inner">
        <Logo to={onboarded ? '/app/dashboard' : '/app/onboarding'} />
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="app-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('app.header.menu')}</span>
        </button>
        <nav id="app-nav" ref={nav} aria-label={t('app.header.nav')} className={`header-nav app-nav${open ? ' is-open' : ''}`}>
          {onboarded && (
            <>
              <NavLink to="/app/dashboard" className="nav-link">{t('app.header.home')}</NavLink>
              <NavLink to="/app/watchlist" className="nav-link">{t('app.header.watchlist')}</NavLink>
              <NavLink to="/app/settings" className="nav-link">{t('app.header.settings')}</NavLink>
            </>
          )}
          <FeedbackWidget onOpen={() => setOpen(false)} />
          <span className="user-name" title={user?.email}>{user?.full_name || user?.email}</span>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void signOut()}>
            {t('app.header.signOut')}
          </button>
        </nav>
      </div>
    </header>
  );
}
