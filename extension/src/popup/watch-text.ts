// Where to watch, in the popup's language: the same lines as shared/src/where-to-watch.ts's
// watchSummary (whose English words the popup shows as they are), with the words of
// extension-popup and the country names of Intl.DisplayNames in other languages. Platform and
// product names are never translated.
import { watchSummary, type WatchSummary } from '@app/shared/where-to-watch';
import type { Recommendation } from '@app/shared';

type T = (key: string, values?: Record<string, string | number>) => string;
type Rec = Pick<Recommendation, 'platform' | 'region' | 'where_to_watch'>;

// i18n-dynamic: extension-popup.watch.how.
function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function watchText(t: T, locale: string, rec: Rec): WatchSummary {
  const english = watchSummary(rec);
  if (locale === 'en') return english;
  const own = english.own.map((line, i) => ({ ...line, label: t('extension-popup.watch.onYour', { service: rec.where_to_watch.filter((o) => o.kind === 'library')[i].platform }) }));
  const services = rec.where_to_watch.filter((o) => o.kind !== 'library' && !o.elsewhere && o.platform !== rec.platform);
  const here = english.here.map((line, i) => {
    const o = services[i];
    const notes = [o.kind === 'subscription' || o.kind === 'library' ? '' : t(`extension-popup.watch.how.${o.kind}`), rec.region === null && o.region !== 'GLOBAL' ? o.region : ''].filter(Boolean);
    return { ...line, label: notes.length ? t('extension-popup.watch.withNotes', { platform: o.platform, notes: new Intl.ListFormat([locale], { type: 'unit', style: 'narrow' }).format(notes) }) : o.platform };
  });
  let elsewhere = english.elsewhere;
  if (elsewhere) {
    const platform = elsewhere.platform;
    const regions = rec.where_to_watch.filter((o) => o.elsewhere && o.platform === platform).map((o) => o.region);
    const names = regions.slice(0, 3).map((r) => countryName(locale, r));
    const more = regions.length - names.length;
    const text =
      more > 0
        ? t('extension-popup.watch.streamingElsewhereMore', { platform, countries: new Intl.ListFormat([locale], { type: 'unit', style: 'short' }).format(names), count: more })
        : t('extension-popup.watch.streamingElsewhere', { platform, countries: new Intl.ListFormat([locale], { type: 'conjunction' }).format(names) });
    elsewhere = { ...elsewhere, text };
  }
  const notice =
    english.notice === null
      ? null
      : rec.where_to_watch.length === 0
        ? t('extension-popup.watch.unknown')
        : rec.region
          ? t('extension-popup.watch.notOnYourServicesIn', { country: countryName(locale, rec.region) })
          : t('extension-popup.watch.notOnYourServices');
  return { own, notice, here, elsewhere };
}
