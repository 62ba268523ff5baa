import useSWR from 'swr';
import type { CalendarStatus } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export function useCalendarStatus(enabled = true) {
  const api = useApi();
  const key = useUserKey('calendar');
  return useSWR<CalendarStatus>(enabled ? key : null, () => api.calendar.status());
}
