import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useLingui } from '@lingui/react';
import { STORAGE_KEYS, type Locale } from '@app/shared';
import { useServices } from '../../api/ServicesContext';
import { chooseLocale } from '../../i18n/i18n';

/**
 * The pages of one language at their own paths (`/es`, `/es/login`, docs/i18n.md): arriving at one
 * is choosing its language, kept for the pages that follow. A page loaded at such a path is already
 * in it (main.tsx reads the path first); a link followed inside the app switches here.
 */
export function LocaleRoute({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  const { storage } = useServices();
  useEffect(() => {
    if (i18n.locale !== locale || storage.getItem(STORAGE_KEYS.locale) !== locale) void chooseLocale(locale, storage);
  }, [i18n.locale, locale, storage]);
  return <Outlet />;
}
