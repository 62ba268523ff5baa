import { useT } from '../../i18n/useT';

/** Each example's quote and who says it, as message keys (shared/locales/landing). */
const EXAMPLES = [
  { quote: 'landing.testimonials.parentQuote', who: 'landing.testimonials.parentWho' },
  { quote: 'landing.testimonials.bingeQuote', who: 'landing.testimonials.bingeWho' },
  { quote: 'landing.testimonials.clubQuote', who: 'landing.testimonials.clubWho' },
] as const;

/** Sample testimonials, labelled as examples (docs/product-decisions.md): not quotes from real users. */
export function Testimonials() {
  const t = useT();
  return (
    <section className="section section-alt" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section-title">{t('landing.testimonials.title')}</h2>
        <p className="section-note">{t('landing.testimonials.note')}</p>
        <ul className="testimonials">
          {EXAMPLES.map((e) => (
            <li key={e.who} className="card testimonial">
              <span className="example-badge">{t('landing.testimonials.badge')}</span>
              {/* The quotation marks are the language's own, in the message. */}
              <blockquote>{t(e.quote)}</blockquote>
              <p className="muted">{t(e.who)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
