/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
const STEPS = [
  { title: 'Tell us your taste', text: 'Pick 2 to 5 genres, your languages, a few favourite titles and your streaming services. It takes two minutes.' },
  { title: 'Get tonight’s pick', text: 'One movie or series, with where to watch it, its ratings and why we think you will enjoy it.' },
  { title: 'Rate and repeat', text: 'Like it, skip it or mark it watched. Your next pick gets better every time.' },
];

export function HowItWorks() {
  return (
    <section className="section section-alt" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section-title">How it works</h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step-number" aria-hidden="true">{i + 1}</span>
              <h3>{s.title}</h3>
              <p className="muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
