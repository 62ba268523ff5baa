import type { PublicConfig } from '@app/shared';
import { useServices } from '../api/ServicesContext';
import { useLoaded, type Loaded } from './useLoaded';

/** What this server offers before sign-in: Google client id, payments, free quota, true stats. */
export function usePublicConfig(): Loaded<PublicConfig> {
  const services = useServices();
  return useLoaded(() => services.publicConfig());
}
