import { ServicesProvider } from './api/ServicesContext';
import type { AppServices } from './api/services';
import { AppRoutes } from './routes';
import { PageViewTracker } from './components/layout/PageViewTracker';
import { UnauthorizedRedirect } from './components/layout/UnauthorizedRedirect';
import { ScrollToTop } from './components/layout/ScrollToTop';

/** Everything inside the router: the services and the routes. */
export function App({ services }: { services: AppServices }) {
  return (
    <ServicesProvider services={services}>
      <ScrollToTop />
      <PageViewTracker />
      <UnauthorizedRedirect />
      <AppRoutes />
    </ServicesProvider>
  );
}
