import useSWR from 'swr';
import type { ConnectionsResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

/** Settings > Connected apps: every kind with its state (GET /api/integrations). */
export function useConnections() {
  const api = useApi();
  const key = useUserKey('connections');
  return useSWR<ConnectionsResponse>(key, () => api.connections.list());
}
