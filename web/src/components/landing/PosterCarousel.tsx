import { usePosters } from '../../hooks/usePosters';
import { useT } from '../../i18n/useT';
import { PosterImage } from '../common/PosterImage';

const SKELETONS = Array.from({ length: 10 }, (_, i) => i);
/** The posters on screen when the strip appears on a wide window: fetched at once, the first two first. */
const FIRST_SEEN = 8;

/**
 * An endless strip of the catalog's posters. The strip has a fixed height before and after the
 * posters load, so nothing below it moves; motion stops for prefers-reduced-motion. On a phone the
 * posters are smaller (landing.css), so the headline, which is in the page's HTML from the start
 * (web/finish-build.mjs), is the largest thing painted rather than a poster that waits for the API.
 */
export function PosterCarousel() {
  const t = useT();
  const { data: posters, error } = usePosters();
  if (error) return null;
  const list = posters ?? [];
  return (
    <section className="carousel" aria-label={t('landing.carousel.label')}>
      <div className={`carousel-track${list.length ? ' carousel-moving' : ''}`}>
        {list.length
          ? [...list, ...list].map((p, i) => (
              <figure className="poster" key={`${p.id}-${i}`} aria-hidden={i >= list.length}>
                <PosterImage src={p.poster_url} fallbackSrc={p.poster_fallback_url} alt={i < list.length ? `${p.title} (${p.year})` : ''} width={160} height={240} loading={i < FIRST_SEEN ? 'eager' : 'lazy'} fetchPriority={i < 2 ? 'high' : 'auto'} decoding="async" />
              </figure>
            ))
          : SKELETONS.map((i) => <div className="poster poster-skeleton" key={i} aria-hidden="true" />)}
      </div>
    </section>
  );
}
