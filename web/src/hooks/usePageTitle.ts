import { useEffect } from 'react';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Tonight's Pick` : "Tonight's Pick";
  }, [title]);
}
