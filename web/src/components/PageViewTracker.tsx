import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi } from '../api/ServicesContext';

/** Page views go to our own database by path (no third-party analytics anywhere). */
export function PageViewTracker() {
  const api = useApi();
  const { pathname } = useLocation();
  useEffect(() => {
    api.public.event({ name: 'page_view', path: pathname }).catch(() => {
      // A lost page view must never disturb the visitor.
    });
  }, [api, pathname]);
  return null;
}
