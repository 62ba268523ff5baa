import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasInviteToken } from './pendingInvite';

/** Back to the household accept page once signed in (or signed up and verified), when an invite link brought the visitor. */
export function PendingInviteRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    if (hasInviteToken()) navigate('/household/accept', { replace: true });
  }, [navigate]);
  return null;
}
