import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useServices } from '../../api/ServicesContext';

/** Page views go to our own database by path (no third-party analytics anywhere), after the first view (services.afterFirstView). */
export function PageViewTracker() {
  const { api, afterFirstView } = useServices();
  const { pathname } = useLocation();
  useEffect(() => {
    void afterFirstView
      .then(() => api.analytics.event({ name: 'page_view', path: pathname }))
      .catch(() => {
        // A lost page view must never disturb the visitor.
      });
  }, [api, afterFirstView, pathname]);
  return null;
}
