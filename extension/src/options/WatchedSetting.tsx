/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// "When a title ends on a streaming site": ask (the default), mark it watched automatically, or
// never. Stored like the other options; the background reads it when the badge says a title's
// video played to the end (lib/watched-requests.ts).
import { useEffect, useState } from 'react';
import { extensionStorage } from '../lib/extension-storage';
import { WATCHED_MODE_LABELS, WATCHED_MODES, type WatchedMode } from '../lib/watched';

const storage = extensionStorage();

export function WatchedSetting() {
  const [mode, setMode] = useState<WatchedMode | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    void storage.get('watchedMode').then(setMode);
  }, []);

  async function choose(next: WatchedMode) {
    setMode(next);
    await storage.set('watchedMode', next);
    setSaved(true);
  }

  return (
    <section aria-labelledby="watched-heading">
      <h2 id="watched-heading">When a title ends on a streaming site</h2>
      <p className="hint">
        Where the badge is on, a title played to the end can go into your history as watched, so it is never picked for you again. The badge
        also has &ldquo;Watched it&rdquo; at any time.
      </p>
      <fieldset className="choices" aria-labelledby="watched-heading">
        {WATCHED_MODES.map((m) => (
          <label key={m} className="switch">
            <input type="radio" name="watched-mode" value={m} checked={mode === m} disabled={mode === null} onChange={() => void choose(m)} />
            {WATCHED_MODE_LABELS[m]}
          </label>
        ))}
      </fieldset>
      {saved && mode && (
        <p className="ok" role="status">
          Saved: {WATCHED_MODE_LABELS[mode]}.
        </p>
      )}
    </section>
  );
}
