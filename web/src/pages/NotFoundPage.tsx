import { Link } from '../components/common/Link';
import { usePageTitle } from '../hooks/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container-narrow center-block">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <Link to="/" className="btn btn-primary">Go to the home page</Link>
    </section>
  );
}
