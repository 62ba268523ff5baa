/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
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
import '../styles/auth.css';

export const ACCEPT_TEXTS = {
  missing: 'This invite link is incomplete. Open the link from the email again.',
  failed: 'Could not accept the invite. Please try again.',
} as const;

export function HouseholdAcceptPage() {
  usePageTitle('Household invite');
  const api = useApi();
  const { token: session, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // From the link's fragment, else kept from before signing in; either way it leaves the address bar.
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? keptInviteToken());
  const [state, setState] = useState<'idle' | 'accepting' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  // Who sent it, as the invite mail names them; a link that can no longer be accepted says why instead.
  const [invite, setInvite] = useState<{ inviter: string } | { error: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.household
      .view({ token })
      .then((v) => live && setInvite({ inviter: v.inviter }))
      .catch((err: unknown) => live && setInvite({ error: errorText(err, ACCEPT_TEXTS.failed) }));
    return () => {
      live = false;
    };
  }, [api, token]);
  const inviter = invite && 'inviter' in invite ? invite.inviter : null;
  const invalid = invite && 'error' in invite ? invite.error : null;

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
      setError(errorText(err, ACCEPT_TEXTS.failed));
      setState('idle');
    }
  }

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="accept-title">
        <h1 id="accept-title">Pick what to watch, together</h1>
        {!token ? (
          <Notice tone="error">{ACCEPT_TEXTS.missing}</Notice>
        ) : invalid && state !== 'done' ? (
          <Notice tone="error">{invalid}</Notice>
        ) : state === 'done' ? (
          <>
            <Notice tone="success">You are in! Ask for a pick for both of you on your dashboard.</Notice>
            <Link className="btn btn-primary" to={user?.is_onboarded ? '/app/dashboard' : '/app/onboarding'}>
              {user?.is_onboarded ? 'Go to tonight’s pick' : 'Finish setting up'}
            </Link>
          </>
        ) : !session ? (
          <>
            <p>
              {inviter ? `${inviter} invited you` : 'You were invited'} to share Tonight&rsquo;s Pick: one pick for the two of you, on a service one of you has,
              chosen for both your tastes.
            </p>
            <p className="muted">Sign in or create an account with the address the invite was sent to. You will come back here to accept.</p>
            <div className="btn-row">
              <Link className="btn btn-primary" to="/register">Create an account</Link>
              <Link className="btn btn-secondary" to="/login">Sign in</Link>
            </div>
          </>
        ) : (
          <>
            <p>
              {inviter ? `${inviter} invited you to share Tonight’s Pick. ` : ''}Accept to get picks for the two of you. Either of you can leave in Settings at
              any time.
            </p>
            {user && <p className="muted">Signed in as {user.email}.</p>}
            {error && <Notice tone="error">{error}</Notice>}
            <button type="button" className="btn btn-primary" disabled={state === 'accepting'} onClick={() => void accept()}>
              {state === 'accepting' ? 'Accepting…' : 'Accept invite'}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
