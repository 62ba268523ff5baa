import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './App';
import { activateLocale, i18n, viewerLocale } from '../lib/i18n';
import { popupStorage } from './usePopupSession';
import './popup.css';

// The language's catalog first, so the first render is already in it: the profile's language as
// last read when signed in, else the browser's.
void Promise.all([popupStorage.get('token'), popupStorage.get('locale')])
  .then(([token, locale]) => activateLocale(viewerLocale(!!token, locale)))
  .catch(() => activateLocale(viewerLocale(false, null)))
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>,
    ),
  );
