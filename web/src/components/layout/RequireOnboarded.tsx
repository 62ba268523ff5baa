import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/ServicesContext';

/** Dashboard and settings need a finished onboarding; everyone else goes to /app/onboarding. */
export function RequireOnboarded() {
  const { user } = useSession();
  const location = useLocation();
  if (!user?.is_onboarded) return <Navigate to="/app/onboarding" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
