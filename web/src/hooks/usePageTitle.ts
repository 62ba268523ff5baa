import { useEffect } from 'react';

let renderedTitle = '';
/** The title the page rendered last asked for: the build's pre-render writes it (web/finish-build.mjs). */
export const prerenderedTitle = () => renderedTitle;

export function usePageTitle(title: string) {
  const full = title ? `${title} · Tonight's Pick` : "Tonight's Pick";
  renderedTitle = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
