/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { ATTRIBUTION } from '@app/shared';
import { usePageTitle } from '../hooks/usePageTitle';
import { usePublicConfig } from '../hooks/usePublicConfig';
import '../styles/legal.css';

/**
 * About and credits: what TMDB's terms ask of us (their logo and notice; the logo here is a text
 * wordmark until an approved TMDB logo file is added) and JustWatch's credit for where-to-watch,
 * where this instance shows TMDB's data; otherwise what its catalog is made of.
 */
export function AboutPage() {
  usePageTitle('About and credits');
  const config = usePublicConfig();
  if (!config.data) return <article className="legal about container-narrow" aria-busy="true" />;
  return (
    <article className="legal about container-narrow">
      <h1>About and credits</h1>
      <p>
        Tonight&rsquo;s Pick chooses one movie or series for tonight from the streaming services you already pay for, and
        explains why it picked it.
      </p>
      {config.data.uses_tmdb ? <TmdbCredits /> : <OwnCatalogCredits />}
    </article>
  );
}

function OwnCatalogCredits() {
  return (
    <>
      <h2>The catalog</h2>
      <p>
        This server&rsquo;s catalog is the one written by the Tonight&rsquo;s Pick team, with our own descriptions and posters
        we design from each title&rsquo;s facts, and any titles its operator imported. Where to watch shows what that
        catalog knows; services change what they carry, so check the service before you settle in.
      </p>
      <h2>Scores</h2>
      <p>Every score says where it comes from: the Rotten Tomatoes Tomatometer and the IMDb user rating.</p>
    </>
  );
}

function TmdbCredits() {
  return (
    <>
      <h2>Posters, backdrops and trailers</h2>
      <section className="credit" aria-label="The Movie Database (TMDB)">
        <a className="tmdb-wordmark" href={ATTRIBUTION.tmdbUrl} target="_blank" rel="noopener noreferrer" aria-label="TMDB (The Movie Database)">
          TMDB
        </a>
        <p className="credit-notice">{ATTRIBUTION.tmdbNotice}</p>
      </section>
      <p>
        Title posters and trailers come from The Movie Database (TMDB); trailers play on YouTube. When TMDB has no poster
        for a title, or its image cannot be loaded, we show a poster we design from the title&rsquo;s facts.
      </p>

      <h2>Where to watch</h2>
      <p>
        {ATTRIBUTION.streamingData}.{' '}
        <a href={ATTRIBUTION.justWatchUrl} target="_blank" rel="noopener noreferrer">
          JustWatch
        </a>{' '}
        tells which services carry a title in your country. Services change what they carry, so check the service before you
        settle in.
      </p>

      <h2>Scores</h2>
      <p>
        Every score says where it comes from: the Rotten Tomatoes Tomatometer, the IMDb user rating, or TMDB&rsquo;s
        audience score where IMDb has none.
      </p>
    </>
  );
}
