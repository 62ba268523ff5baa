// "When a title ends on a streaming site": ask (the default), mark it watched automatically, or
// never. Stored like the other options; the background reads it when the badge says a title's
// video played to the end (lib/watched-requests.ts).
import { useEffect, useState } from 'react';
import { extensionStorage } from '../lib/extension-storage';
import { WATCHED_MODES, type WatchedMode } from '../lib/watched';
import { useT } from '../lib/useT';

// i18n-dynamic: extension-options.watched.mode.

const storage = extensionStorage();

export function WatchedSetting() {
  const t = useT();
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
      <h2 id="watched-heading">{t('extension-options.watched.title')}</h2>
      <p className="hint">{t('extension-options.watched.hint')}</p>
      <fieldset className="choices" aria-labelledby="watched-heading">
        {WATCHED_MODES.map((m) => (
          <label key={m} className="switch">
            <input type="radio" name="watched-mode" value={m} checked={mode === m} disabled={mode === null} onChange={() => void choose(m)} />
            {t(`extension-options.watched.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      {saved && mode && (
        <p className="ok" role="status">
          {t('extension-options.watched.saved', { mode: t(`extension-options.watched.mode.${mode}`) })}
        </p>
      )}
    </section>
  );
}
