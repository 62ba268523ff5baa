// The page of a household invite's emailed link (docs/screens.md, "Household"). The token comes in
// the link's fragment (never sent to a server by the browser); a signed-out visitor signs in or
// creates an account with the invited address and comes back here (pendingInvite.ts).
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi, useSession } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Link } from '../components/common/Link';
import { Notice } from '../components/common/Notice';
import { forgetInviteToken, keepInviteToken, keptInviteToken } from '../components/household/pendingInvite';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';
import '../styles/auth.css';

export function HouseholdAcceptPage() {
  const t = useT();
  usePageTitle(t('auth.invite.title'));
  const api = useApi();
  const { token: session, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // From the link's fragment, else kept from before signing in; either way it leaves the address bar.
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? keptInviteToken());
  const [state, setState] = useState<'idle' | 'accepting' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  // Who sent it, as the invite mail names them; a link that can no longer be accepted says why instead.
  const [invite, setInvite] = useState<{ inviter: string } | { error: unknown } | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.household
      .view({ token })
      .then((v) => live && setInvite({ inviter: v.inviter }))
      .catch((err: unknown) => live && setInvite({ error: err }));
    return () => {
      live = false;
    };
  }, [api, token]);
  const inviter = invite && 'inviter' in invite ? invite.inviter : null;
  const invalid = invite && 'error' in invite ? errorText(invite.error, t('auth.invite.failed')) : null;

  useEffect(() => {
    if (!token) return;
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    // A signed-out visitor comes back here after signing in, signing up or onboarding; signed in,
    // the page has been shown once, which is all the kept token is for.
    if (session) forgetInviteToken();
    else keepInviteToken(token);
  }, [token, session, location.hash, location.pathname, location.search, navigate]);

  async function accept() {
    if (!token) return;
    setState('accepting');
    setError(null);
    try {
      await api.household.accept({ token });
      setState('done');
    } catch (err) {
      setError(errorText(err, t('auth.invite.failed')));
      setState('idle');
    }
  }

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="accept-title">
        <h1 id="accept-title">{t('auth.invite.heading')}</h1>
        {!token ? (
          <Notice tone="error">{t('auth.invite.missing')}</Notice>
        ) : invalid && state !== 'done' ? (
          <Notice tone="error">{invalid}</Notice>
        ) : state === 'done' ? (
          <>
            <Notice tone="success">{t('auth.invite.done')}</Notice>
            <Link className="btn btn-primary" to={user?.is_onboarded ? '/app/dashboard' : '/app/onboarding'}>
              {user?.is_onboarded ? t('auth.invite.toPick') : t('auth.invite.finishSetup')}
            </Link>
          </>
        ) : !session ? (
          <>
            <p>{inviter ? t('auth.invite.invitedBy', { inviter }) : t('auth.invite.invited')}</p>
            <p className="muted">{t('auth.invite.signInHint')}</p>
            <div className="btn-row">
              <Link className="btn btn-primary" to="/register">
                {t('auth.invite.createAccount')}
              </Link>
              <Link className="btn btn-secondary" to="/login">
                {t('auth.invite.signIn')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>{inviter ? t('auth.invite.acceptBy', { inviter }) : t('auth.invite.accept')}</p>
            {user && <p className="muted">{t('auth.invite.signedInAs', { email: user.email })}</p>}
            {error && <Notice tone="error">{error}</Notice>}
            <button type="button" className="btn btn-primary" disabled={state === 'accepting'} onClick={() => void accept()}>
              {state === 'accepting' ? t('auth.invite.accepting') : t('auth.invite.acceptButton')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
