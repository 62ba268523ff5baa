import { Link } from '../components/common/Link';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';

/** Where Settings > Delete my account lands: this browser is signed out by then. */
export function AccountDeletedPage() {
  const t = useT();
  usePageTitle(t('legal.accountDeleted.pageTitle'));
  return (
    <section className="container-narrow center-block">
      <h1>{t('legal.accountDeleted.title')}</h1>
      <p className="muted">{t('legal.accountDeleted.body')}</p>
      <Link to="/" className="btn btn-primary">{t('legal.accountDeleted.home')}</Link>
    </section>
  );
}
