import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Every new route opens at its top, as a page load would. Back and forward (POP) are left to the
 * browser's scroll restoration, and an address with a #fragment to the page that owns the target.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}
