import { Navigate, useLocation } from 'react-router';

/** /dashboard, /onboarding, /settings -> their /app pages, keeping ?upgrade=true&section=... */
export function LegacyRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
