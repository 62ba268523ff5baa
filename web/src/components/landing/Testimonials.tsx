/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
const EXAMPLES = [
  { quote: 'I used to spend forty minutes choosing. Now I open the app, see one pick, and press play.', who: 'A busy parent' },
  { quote: 'It found me a Korean thriller I would never have scrolled to. Exactly my mood.', who: 'A weekend binge-watcher' },
  { quote: 'The reason under each pick is what sold me: it actually explains itself.', who: 'A film-club organiser' },
];

/** Sample testimonials, labelled as examples (docs/product-decisions.md): not quotes from real users. */
export function Testimonials() {
  return (
    <section className="section section-alt" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section-title">What a good night in sounds like</h2>
        <p className="section-note">Example testimonials: illustrations of the experience we aim for, not quotes from real users.</p>
        <ul className="testimonials">
          {EXAMPLES.map((t) => (
            <li key={t.who} className="card testimonial">
              <span className="example-badge">Example</span>
              <blockquote>&ldquo;{t.quote}&rdquo;</blockquote>
              <p className="muted">{t.who}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
