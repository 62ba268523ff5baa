import { ServicesProvider } from './api/ServicesContext';
import type { AppServices } from './api/services';
import { AppRoutes } from './routes';
import { PageViewTracker } from './components/PageViewTracker';
import { UnauthorizedRedirect } from './components/UnauthorizedRedirect';
import { ScrollToTop } from './components/ScrollToTop';

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
