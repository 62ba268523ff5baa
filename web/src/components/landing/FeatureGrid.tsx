/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
const FEATURES = [
  { title: 'One pick, not a wall of tiles', text: 'No endless scrolling. You get a single recommendation with the reason it fits you.' },
  { title: 'On services you already pay for', text: 'Tell us your streaming subscriptions and we favour what you can watch tonight.' },
  { title: 'Matches your mood', text: 'Light, thrilling, thoughtful, romantic? Pick a mood and get something that suits it.' },
  { title: 'Learns from you', text: 'Like, dislike or mark as watched. Every rating sharpens the next pick.' },
  { title: 'Plan movie night', text: 'Download an .ics file, or add the pick straight to your connected calendar.' },
  { title: 'Right where you browse', text: 'The browser extension shows tonight’s pick while you are on your streaming site.' },
];

export function FeatureGrid() {
  return (
    <section className="section container" aria-labelledby="features-title">
      <h2 id="features-title" className="section-title">Why Tonight&rsquo;s Pick</h2>
      <ul className="feature-grid">
        {FEATURES.map((f) => (
          <li key={f.title} className="card feature">
            <h3>{f.title}</h3>
            <p className="muted">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
