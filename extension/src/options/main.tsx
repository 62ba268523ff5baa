import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { OptionsApp } from './OptionsApp';
import { activateLocale, i18n, viewerLocale } from '../lib/i18n';
import { extensionStorage } from '../lib/extension-storage';
import './options.css';

const storage = extensionStorage();

// In the popup's language: the profile's as last read when signed in, else the browser's.
void Promise.all([storage.get('token'), storage.get('locale')])
  .then(([token, locale]) => activateLocale(viewerLocale(!!token, locale)))
  .catch(() => activateLocale(viewerLocale(false, null)))
  .then(() => {
    document.title = i18n._('extension-options.page.documentTitle');
    createRoot(document.getElementById('root')!).render(
      <I18nProvider i18n={i18n}>
        <OptionsApp />
      </I18nProvider>,
    );
  });
