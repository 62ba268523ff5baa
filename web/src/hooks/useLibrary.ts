// The taste library's shared data: the watchlist, past imports, and keeping every view of a title
// (tonight's card, history rows, the watchlist) in step after a change.
import useSWR, { useSWRConfig } from 'swr';
import type { HistoryResponse, ImportListResponse, Recommendation, WatchlistResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export function useWatchlist() {
  const api = useApi();
  return useSWR<WatchlistResponse>(useUserKey('watchlist'), () => api.watchlist.list());
}

export function useImports() {
  const api = useApi();
  return useSWR<ImportListResponse>(useUserKey('imports'), () => api.imports.list());
}

const named = (...names: string[]) => (k: unknown) => Array.isArray(k) && names.includes(k[0] as string);

/** Reads the named views again (history, watchlist, imports, ...), showing the current data meanwhile. */
export function useRefresh() {
  const { mutate } = useSWRConfig();
  return (...names: string[]) => mutate(named(...names));
}

/**
 * Save for later / Saved: adds or removes the title and marks it in every cached view at once
 * (the card, history pages), then reads the watchlist again.
 */
export function useSaveForLater() {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const mark = (titleId: string, saved: boolean) => {
    const set = (r: Recommendation) => (r.title_id === titleId ? { ...r, saved } : r);
    void mutate(named('recommendation'), (rec?: Recommendation) => (rec ? set(rec) : rec), { revalidate: false });
    void mutate(named('history'), (h?: HistoryResponse) => (h ? { ...h, recommendations: h.recommendations.map(set) } : h), { revalidate: false });
  };
  return async function toggle(titleId: string, saved: boolean): Promise<void> {
    mark(titleId, !saved);
    try {
      if (saved) await api.watchlist.remove(titleId);
      else await api.watchlist.add({ title_id: titleId });
    } catch (err) {
      mark(titleId, saved);
      throw err;
    } finally {
      void mutate(named('watchlist'));
    }
  };
}
