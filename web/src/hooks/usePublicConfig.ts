import type { PublicConfig } from '@app/shared';
import { useServices } from '../api/ServicesContext';
import { useLoaded, type Loaded } from './useLoaded';

/**
 * What this server offers before sign-in: Google client id, payments, free quota, true stats.
 * `afterFirstView`: asked after the page's first view (services.afterFirstView), for what it does not show.
 */
export function usePublicConfig(afterFirstView = false): Loaded<PublicConfig> {
  const services = useServices();
  return useLoaded(() => services.publicConfig(), afterFirstView ? services.afterFirstView : undefined);
}
