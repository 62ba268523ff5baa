import { ServicesProvider } from './api/ServicesContext';
import type { AppServices } from './api/services';
import { AppRoutes } from './routes';
import { PageViewTracker } from './components/PageViewTracker';
import { UnauthorizedRedirect } from './components/UnauthorizedRedirect';

/** Everything inside the router: the services and the routes. */
export function App({ services }: { services: AppServices }) {
  return (
    <ServicesProvider services={services}>
      <PageViewTracker />
      <UnauthorizedRedirect />
      <AppRoutes />
    </ServicesProvider>
  );
}
