import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';
import { PageLoading } from '../common/PageLoading';
import { useProfile } from '../../hooks/useProfile';
import { PendingInviteRedirect } from '../household/PendingInviteRedirect';
import { useT } from '../../i18n/useT';

/** Header (with the feedback widget), the page, footer. */
export function SignedInLayout() {
  // A fresh profile keeps the stored user current, and an expired token meets its 401 here.
  useProfile();
  const t = useT();
  return (
    <div className="layout">
      <PendingInviteRedirect />
      <a href="#main" className="skip-link">{t('app.layout.skip')}</a>
      <AppHeader />
      <main id="main" className="layout-main app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading label={t('app.layout.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
