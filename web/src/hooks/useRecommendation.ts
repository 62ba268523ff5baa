import { useCallback, useEffect, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { NewRecommendationRequest, Recommendation } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';
import { afterNextPaint } from './afterNextPaint';

/**
 * The current recommendation. GET /current may issue one (it counts against the free quota), so
 * it is fetched when the dashboard opens and not again on focus.
 * Whenever the pick changes (the first pick GET /current issues, a new pick, a replacement), the
 * history and the week's counters are read again: on a first visit they were read before the pick existed.
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
  const refreshRelated = useCallback(
    () => mutateAll((k) => Array.isArray(k) && (k[0] === 'history' || k[0] === 'subscription'), undefined, { revalidate: true }),
    [mutateAll],
  );

  // The pick cached when the dashboard mounts is already in the history it reads on mount.
  const id = swr.data?.id;
  const seenId = useRef(id);
  // They are read again once the card has painted: the card does not wait on them.
  useEffect(() => {
    if (!id || id === seenId.current) return;
    seenId.current = id;
    return afterNextPaint(() => void refreshRelated());
  }, [id, refreshRelated]);

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
    // The new id refreshes the history and the counters (the effect above).
    await swr.mutate(rec, { revalidate: false });
    return rec;
  }

  return { ...swr, rate, next };
}
