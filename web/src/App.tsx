import { I18nProvider } from '@lingui/react';
import { ServicesProvider } from './api/ServicesContext';
import { i18n } from './i18n/i18n';
import type { AppServices } from './api/services';
import { AppRoutes } from './routes';
import { PageViewTracker } from './components/layout/PageViewTracker';
import { UnauthorizedRedirect } from './components/layout/UnauthorizedRedirect';
import { ScrollToTop } from './components/layout/ScrollToTop';

/** Everything inside the router: the language (activated before the first render, i18n/i18n.ts), the services and the routes. */
export function App({ services }: { services: AppServices }) {
  return (
    <I18nProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ScrollToTop />
        <PageViewTracker />
        <UnauthorizedRedirect />
        <AppRoutes />
      </ServicesProvider>
    </I18nProvider>
  );
}
