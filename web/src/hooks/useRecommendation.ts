import { useCallback, useEffect, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { NewRecommendationRequest, Recommendation } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';
import { afterNextPaint } from './afterNextPaint';

/**
 * The current recommendation. GET /current issues one only when none is active (it counts against
 * the free quota), so SWR's own focus reads stay off; the hook reads it again itself when the tab
 * comes back into view (at most every FOCUS_READ_MS): a pick watched meanwhile on a connected app
 * or a streaming site was closed by the server, and the dashboard moves on to the next one.
 * Whenever the pick changes (the first pick GET /current issues, a new pick, a replacement), the
 * history and the week's counters are read again: on a first visit they were read before the pick existed.
 */
/** The least time between two reads of the pick on the tab coming back into view. */
export const FOCUS_READ_MS = 10_000;

export function useCurrentRecommendation() {
  const api = useApi();
  const key = useUserKey('recommendation');
  const { mutate: mutateAll } = useSWRConfig();
  const swr = useSWR<Recommendation>(key, () => api.recommendations.current(), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });

  const { mutate } = swr;
  useEffect(() => {
    let last = Date.now();
    const back = () => {
      if (document.visibilityState === 'hidden' || Date.now() - last < FOCUS_READ_MS) return;
      last = Date.now();
      void mutate();
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [mutate]);

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
