// Onboarding's other way to the favourites: import a Letterboxd, IMDb, Netflix or Trakt export.
// The server waives the favourites once 3 titles are imported, but favourites weigh most in the
// first picks: the titles the file liked (then, if needed, the ones it marks watched) are chosen as
// favourites, and the user can change them.
import { lazy, Suspense, useId, useState } from 'react';
import { ONBOARDING_LIMITS as L } from '@app/shared';
import { useT } from '../../i18n/useT';
import type { ConfirmedImport } from '../imports/ImportFlow';
import { Notice } from '../common/Notice';
import { PageLoading } from '../common/PageLoading';
import type { Favourite } from './onboardingRules';

// Loaded when asked for: most people pick by hand.
const ImportFlow = lazy(() => import('../imports/ImportFlow').then((m) => ({ default: m.ImportFlow })));

/** Liked titles first, then watched ones without a rating; each once. */
export function importedFavourites({ preview, choices }: Pick<ConfirmedImport, 'preview' | 'choices'>): { liked: Favourite[]; watched: Favourite[] } {
  const entries = [
    ...preview.matched,
    ...preview.ambiguous.flatMap((a) => {
      const c = a.candidates.find((x) => x.title_id === choices[a.position]);
      return c ? [{ ...a, title_id: c.title_id, title: c.title }] : [];
    }),
  ];
  const fav = (e: { title_id: string; title: string }): Favourite => ({ id: e.title_id, title: e.title, imported: true });
  return { liked: entries.filter((e) => e.liked === true).map(fav), watched: entries.filter((e) => e.liked === null && e.watched).map(fav) };
}

/** The current favourites with the import's added: every liked title up to the maximum, watched ones only to reach the minimum. */
export function withImported(selected: Favourite[], found: { liked: Favourite[]; watched: Favourite[] }): Favourite[] {
  const out = [...selected];
  const has = (f: Favourite) => out.some((s) => s.id === f.id || s.title.toLowerCase() === f.title.toLowerCase());
  for (const f of found.liked) if (out.length < L.favouritesMax && !has(f)) out.push(f);
  for (const f of found.watched) if (out.length < L.favouritesMin && !has(f)) out.push(f);
  return out;
}

export function OnboardingImport({ selected, onChange }: { selected: Favourite[]; onChange: (next: Favourite[]) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const panel = useId();

  function imported(result: ConfirmedImport) {
    const next = withImported(selected, importedFavourites(result));
    setAdded(next.length - selected.length);
    onChange(next);
  }

  return (
    <div className="onboarding-import">
      <div className="onboarding-import-head">
        <p>
          <strong>{t('onboarding.import.question')}</strong> <span className="muted">{t('onboarding.import.body')}</span>
        </p>
        <button type="button" className="btn btn-secondary btn-small" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)}>
          {open ? t('onboarding.import.hide') : t('onboarding.import.open')}
        </button>
      </div>
      <div id={panel} hidden={!open}>
        {open && (
          <Suspense fallback={<PageLoading label={t('onboarding.import.loading')} />}>
            <ImportFlow links={false} onConfirmed={imported} />
          </Suspense>
        )}
        {added !== null && (
          <Notice tone="info">
            {added > 0 ? t('onboarding.import.added', { count: added }) : t('onboarding.import.noneAdded')}
            {selected.length < L.favouritesMin && ` ${t('onboarding.import.pickMore', { count: L.favouritesMin - selected.length })}`}
          </Notice>
        )}
      </div>
    </div>
  );
}
