/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { usePageTitle } from '../hooks/usePageTitle';

/** Where Settings > Delete my account lands: this browser is signed out by then. */
export function AccountDeletedPage() {
  usePageTitle('Account deleted');
  return (
    <section className="container-narrow center-block">
      <h1>Your account has been deleted</h1>
      <p className="muted">
        Your data is gone and you are signed out. We sent a confirmation to your email address. You are welcome back any time: you can
        register again with the same email.
      </p>
      <Link to="/" className="btn btn-primary">Go to the home page</Link>
    </section>
  );
}
