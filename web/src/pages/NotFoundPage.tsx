import { Link } from '../components/common/Link';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t('pages.notFound.title'));
  return (
    <section className="container-narrow center-block">
      <h1>{t('pages.notFound.title')}</h1>
      <p className="muted">{t('pages.notFound.body')}</p>
      <Link to="/" className="btn btn-primary">{t('pages.notFound.home')}</Link>
    </section>
  );
}
