import useSWR from 'swr';
import type { MoviesResponse, Platform } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

const once = { revalidateOnFocus: false, revalidateIfStale: false } as const;

export function useGenres() {
  const api = useApi();
  return useSWR<string[]>(useUserKey('genres'), async () => (await api.onboarding.genres()).genres, once);
}

export function useLanguages() {
  const api = useApi();
  return useSWR<string[]>(useUserKey('languages'), async () => (await api.onboarding.languages()).languages, once);
}

export function usePlatforms() {
  const api = useApi();
  return useSWR<Platform[]>(useUserKey('platforms'), async () => (await api.onboarding.platforms()).platforms, once);
}

/** Favourite-title options for the chosen genres and languages, narrowed by a search text. */
export function useFilteredMovies(genres: string[], languages: string[], search: string) {
  const api = useApi();
  const key = useUserKey('movies', genres.join(','), languages.join(','), search.trim());
  return useSWR<MoviesResponse>(
    key,
    () => api.onboarding.filteredMovies({ genres, languages, q: search.trim() || undefined }),
    { ...once, keepPreviousData: true },
  );
}
