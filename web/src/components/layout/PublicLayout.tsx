import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { PageLoading } from '../common/PageLoading';
import { useT } from '../../i18n/useT';

export function PublicLayout() {
  const t = useT();
  return (
    <div className="layout">
      <a href="#main" className="skip-link">{t('site.layout.skip')}</a>
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
