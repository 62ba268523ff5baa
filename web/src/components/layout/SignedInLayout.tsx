/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';
import { PageLoading } from '../common/PageLoading';
import { useProfile } from '../../hooks/useProfile';
import { PendingInviteRedirect } from '../household/PendingInviteRedirect';

/** Header (with the feedback widget), the page, footer. */
export function SignedInLayout() {
  // A fresh profile keeps the stored user current, and an expired token meets its 401 here.
  useProfile();
  return (
    <div className="layout">
      <PendingInviteRedirect />
      <a href="#main" className="skip-link">Skip to content</a>
      <AppHeader />
      <main id="main" className="layout-main app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
