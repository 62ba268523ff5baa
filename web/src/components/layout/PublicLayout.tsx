/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { PageLoading } from '../common/PageLoading';

export function PublicLayout() {
  return (
    <div className="layout">
      <a href="#main" className="skip-link">Skip to content</a>
      <SiteHeader />
      <main id="main" className="layout-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
