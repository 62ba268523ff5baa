import { Trans } from '@lingui/react';
import { ATTRIBUTION } from '@app/shared';
import { usePageTitle } from '../hooks/usePageTitle';
import { usePublicConfig } from '../hooks/usePublicConfig';
import { useT } from '../i18n/useT';
import '../styles/legal.css';

/** TMDB's wordmark: a name, the same in every language. */
const TMDB_WORDMARK = 'TMDB';

/**
 * About and credits: what TMDB's terms ask of us (their logo and notice; the logo here is a text
 * wordmark until an approved TMDB logo file is added) and JustWatch's credit for where-to-watch,
 * where this instance shows TMDB's data; otherwise what its catalog is made of.
 */
export function AboutPage() {
  const t = useT();
  usePageTitle(t('legal.about.title'));
  const config = usePublicConfig();
  if (!config.data) return <article className="legal about container-narrow" aria-busy="true" />;
  return (
    <article className="legal about container-narrow">
      <h1>{t('legal.about.title')}</h1>
      <p>{t('legal.about.intro')}</p>
      {config.data.uses_tmdb ? <TmdbCredits /> : <OwnCatalogCredits />}
    </article>
  );
}

function OwnCatalogCredits() {
  const t = useT();
  return (
    <>
      <h2>{t('legal.about.catalogTitle')}</h2>
      <p>{t('legal.about.catalogText')}</p>
      <h2>{t('legal.about.scoresTitle')}</h2>
      <p>{t('legal.about.catalogScores')}</p>
    </>
  );
}

function TmdbCredits() {
  const t = useT();
  return (
    <>
      <h2>{t('legal.about.artworkTitle')}</h2>
      <section className="credit" aria-label={t('legal.about.creditLabel')}>
        <a className="tmdb-wordmark" href={ATTRIBUTION.tmdbUrl} target="_blank" rel="noopener noreferrer" aria-label={t('legal.about.tmdbLink')}>
          {TMDB_WORDMARK}
        </a>
        <p className="credit-notice">{t('site.attribution.tmdbNotice')}</p>
      </section>
      <p>{t('legal.about.artworkText')}</p>

      <h2>{t('legal.about.whereTitle')}</h2>
      <p>
        <Trans id="legal.about.whereText" components={{ 0: <a href={ATTRIBUTION.justWatchUrl} target="_blank" rel="noopener noreferrer" /> }} />
      </p>

      <h2>{t('legal.about.scoresTitle')}</h2>
      <p>{t('legal.about.tmdbScores')}</p>
    </>
  );
}
