// The web app's pages (web/src/routes.tsx and pages/RarePublicPages.tsx), so the server answers
// any other path with the app's "Page not found" and a 404 status instead of 200 (docs/screens.md,
// "Pages and access"). A page added to the app is added here too.
import { LOCALIZED_PAGES, localeOfPath } from './i18n.js';
const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/rate',
  '/privacy-policy',
  '/terms-of-service',
  '/refund-policy',
  '/shipping-policy',
  '/shipping',
  '/contact',
  '/extension/connect',
  '/household/accept',
  '/unsubscribe',
  '/about',
  '/account-deleted',
  // The old signed-in paths, which redirect to their /app page.
  '/dashboard',
  '/onboarding',
  '/settings',
  '/watchlist',
] as const;

const PAGES: ReadonlySet<string> = new Set(PUBLIC_PAGES);

/**
 * Whether the web app has a page at `pathname`. Matched as the app's router does: in any case and
 * with or without a trailing slash; everything under /app is the signed-in app (an unknown path
 * there goes to the dashboard).
 */
export function isAppPage(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  // A page in one language (`/es`, `/es/login`, docs/i18n.md).
  const locale = localeOfPath(path);
  if (locale) return (LOCALIZED_PAGES as readonly string[]).includes(path.slice(locale.length + 1) || '/');
  return PAGES.has(path) || path === '/app' || path.startsWith('/app/');
}
