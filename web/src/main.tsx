import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { createAppServices } from './api/services';
import { withEarlyReads } from './api/earlyReads';
import { activateLocale, initialLocale, partsOfPath } from './i18n/i18n';
import './styles/base.css';

// The dashboard's page may have asked for its first reads already (src/earlyReads.ts): the client takes those answers.
const services = createAppServices({ fetch: withEarlyReads(window.fetch.bind(window), window), storage: window.localStorage, win: window });

const app = (
  <StrictMode>
    <BrowserRouter>
      <App services={services} />
    </BrowserRouter>
  </StrictMode>
);
// The landing page and /login arrive rendered (web/finish-build.mjs) as a signed-out visitor sees
// them: hydrated for one, rendered anew for someone signed in, whom those pages send on to the app.
const root = document.getElementById('root')!;
// The language's catalog first: the first render is in that language. A page pre-rendered in
// another one (the server chose by Accept-Language, the person chose otherwise here) is rendered anew.
const locale = initialLocale(window.localStorage, navigator.languages, window.location.pathname);
const prerenderedIn = document.documentElement.lang;
// With the catalog's parts this page shows (web/src/i18n/i18n.ts).
void activateLocale(locale, document, partsOfPath(window.location.pathname)).then(() => {
  if (root.firstElementChild && !services.session.snapshot().token && prerenderedIn === locale) hydrateRoot(root, app);
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
});
