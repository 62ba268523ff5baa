import type { PosterItem } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useLoaded, type Loaded } from './useLoaded';

export const CAROUSEL_POSTERS = 24;

export function usePosters(): Loaded<PosterItem[]> {
  const api = useApi();
  return useLoaded(async () => (await api.catalog.posters({ limit: CAROUSEL_POSTERS })).posters);
}
