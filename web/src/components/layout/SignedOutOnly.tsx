import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../api/ServicesContext';

/**
 * Landing, login, register and verify-email are for signed-out visitors. The check is made when
 * the page opens: a sign-in on the page itself is followed by the page's own next step (the
 * verify page shows its success message for 2 s first).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [atOpen] = useState(session);
  if (atOpen.token) return <Navigate to={atOpen.user?.is_onboarded ? '/app/dashboard' : '/app/onboarding'} replace />;
  return <>{children}</>;
}
