import { Suspense } from 'react';
import { SWRConfig } from 'swr';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';
import { FeedbackWidget } from './FeedbackWidget';
import { PageLoading } from './PageLoading';
import { useProfile } from '../hooks/useProfile';
import '../styles/app.css';

/** The SWR cache of the signed-in pages; it lives as long as this layout. */
const swrOptions = { provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false };

/** Layout of the signed-in pages: header, the page, the feedback widget, footer. */
export function AppLayout() {
  return (
    <SWRConfig value={swrOptions}>
      <SignedInLayout />
    </SWRConfig>
  );
}

function SignedInLayout() {
  // A fresh profile keeps the stored user current, and an expired token meets its 401 here.
  useProfile();
  return (
    <div className="layout">
      <a href="#main" className="skip-link">Skip to content</a>
      <AppHeader />
      <main id="main" className="layout-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <FeedbackWidget />
      <SiteFooter />
    </div>
  );
}
