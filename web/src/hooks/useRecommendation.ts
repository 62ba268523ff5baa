import useSWR, { useSWRConfig } from 'swr';
import type { NewRecommendationRequest, Recommendation } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

/**
 * The current recommendation. GET /current may issue one (it counts against the free quota), so
 * it is fetched when the dashboard opens and not again on focus.
 */
export function useCurrentRecommendation() {
  const api = useApi();
  const key = useUserKey('recommendation');
  const { mutate: mutateAll } = useSWRConfig();
  const swr = useSWR<Recommendation>(key, () => api.recommendations.current(), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });

  /** Other views of the same data (history, quota) are stale after any change. */
  const refreshRelated = () =>
    mutateAll((k) => Array.isArray(k) && (k[0] === 'history' || k[0] === 'subscription'), undefined, { revalidate: true });

  async function rate(rec: Recommendation, liked: boolean): Promise<Recommendation> {
    const r = await api.recommendations.rate({
      movie_title: rec.movie_title,
      rating: liked,
      genre: rec.genre,
      year: rec.year,
      recommendation_id: rec.id,
    });
    await swr.mutate(r.recommendation, { revalidate: false });
    void refreshRelated();
    return r.recommendation;
  }

  async function next(body: NewRecommendationRequest): Promise<Recommendation> {
    const rec = await api.recommendations.next(body);
    await swr.mutate(rec, { revalidate: false });
    void refreshRelated();
    return rec;
  }

  return { ...swr, rate, next };
}
