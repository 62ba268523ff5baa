import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../api/ServicesContext';

/** docs/screens.md, "Sessions and account actions": any 401 removes token and user (the client did that) and goes to /login. */
export function UnauthorizedRedirect() {
  const services = useServices();
  const navigate = useNavigate();
  useEffect(
    () => services.onUnauthorized(() => navigate('/login', { replace: true, state: { expired: true } })),
    [services, navigate],
  );
  return null;
}
