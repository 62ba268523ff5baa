import { NavLink, useNavigate } from 'react-router-dom';
import { useApi, useSession } from '../api/ServicesContext';
import { Logo } from './Logo';

/** Spec section 2: logo, Home, Settings, the user's full name or email, and sign-out. */
export function AppHeader() {
  const api = useApi();
  const { user } = useSession();
  const navigate = useNavigate();
  const onboarded = user?.is_onboarded ?? false;

  async function signOut() {
    await api.auth.signOut();
    navigate('/login', { replace: true });
  }

  return (
    <header className="site-header app-header">
      <div className="container header-inner">
        <Logo to={onboarded ? '/app/dashboard' : '/app/onboarding'} />
        <nav aria-label="Main" className="header-nav">
          {onboarded && (
            <>
              <NavLink to="/app/dashboard" className="nav-link">Home</NavLink>
              <NavLink to="/app/settings" className="nav-link">Settings</NavLink>
            </>
          )}
          <span className="user-name" title={user?.email}>{user?.full_name || user?.email}</span>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void signOut()}>
            Sign out
          </button>
        </nav>
      </div>
    </header>
  );
}
