import useSWR from 'swr';
import type { HistoryResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export const HISTORY_PAGE_SIZE = 10;

export function useHistory(page: number) {
  const api = useApi();
  return useSWR<HistoryResponse>(
    useUserKey('history', page),
    () => api.recommendations.history({ page, page_size: HISTORY_PAGE_SIZE }),
    { keepPreviousData: true },
  );
}
