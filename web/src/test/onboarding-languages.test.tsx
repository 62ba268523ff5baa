// Onboarding in the person's language (issue 39): a browser in Spanish signs up and is asked its
// taste in Spanish, with genres, languages, countries and weekdays named in Spanish while what is
// saved stays the API's vocabulary; the first screen's language picker switches the page at once and
// keeps the choice on the profile. English stays word for word what the specification quotes.
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { ALERT_TEXTS, GENRES, ONBOARDING_LIMITS, PRICING, SavePreferencesResponse, STORAGE_KEYS, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';
import { activateLocale, i18n } from '../i18n/i18n';
import { CountrySelect } from '../components/common/CountrySelect';
import { PriceTag } from '../components/common/PriceTag';
import { TimezoneSelect } from '../components/common/TimezoneSelect';
import { PAST_DATE_TEXT, scheduleError } from '../components/common/scheduleRules';
import onboardingEn from '../../../shared/locales/onboarding/en.json';
import commonEn from '../../../shared/locales/common/en.json';

const MOVIES = Array.from({ length: 4 }, (_, i) => ({
  id: `m${i}`,
  title: `Film ${i}`,
  year: 2000 + i,
  genre: 'Drama',
  language: 'Korean',
  kind: 'movie' as const,
  poster_url: `/p${i}.svg`,
  poster_fallback_url: `/p${i}.svg`,
}));

/** The API as onboarding meets it, for a user who signs up (or is signed in) as `start`. */
function server(start: User) {
  let current = start;
  return new FakeServer()
    .on('POST /api/auth/register', { status: 201, body: { access_token: 'tok', token_type: 'bearer', user: start, requires_verification: false } })
    .on('GET /api/settings/profile', () => ({ body: current }))
    .on('PUT /api/settings/profile', (req) => {
      current = { ...current, ...(req.body as object) };
      return { body: current };
    })
    .on('GET /api/onboarding/genres', { body: { genres: [...GENRES] } })
    .on('GET /api/onboarding/languages', { body: { languages: ['English', 'Korean', 'Mandarin'] } })
    .on('GET /api/onboarding/movies/filtered', { body: { movies: MOVIES } })
    .on('GET /api/onboarding/platforms', {
      body: {
        platforms: [
          { name: 'Netflix', color: '#e50914', logo_url: '/n.svg', search_url: '', hosts: [], countries: null, title_count: 1 },
          { name: 'Hulu', color: '#1ce783', logo_url: '/h.svg', search_url: '', hosts: [], countries: ['US'], title_count: 1 },
        ],
      },
    })
    .on('POST /api/onboarding/preferences', () => {
      current = { ...current, is_onboarded: true };
      return { body: SavePreferencesResponse.parse({ message: 'Saved', user: current }) };
    })
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() });
}

const tick = (name: string) => userEvent.click(screen.getByRole('checkbox', { name }));

describe('a browser in Spanish', () => {
  it('signs up and onboards in Spanish, and saves the API’s own names', async () => {
    await activateLocale('es');
    const s = server(user({ is_onboarded: false, ui_language: 'es', country: null }));
    const { location } = renderApp('/register', { server: s });
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'nueva@example.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Sup3r-secret!');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(location()).toBe('/app/onboarding'));
    expect(s.calls('POST /api/auth/register')[0].body).toMatchObject({ ui_language: 'es' });

    // Step 1: the language, then the genres, named in Spanish.
    expect(await screen.findByRole('heading', { name: 'Conozcamos tus gustos' })).toBeInTheDocument();
    expect(screen.getByText('Paso 1 de 4: Géneros')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la configuración' })).toHaveAttribute('aria-valuetext', 'Paso 1 de 4');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(await screen.findByText('Elige de 2 a 5')).toBeInTheDocument();
    await tick('Drama');
    await tick('Comedia');
    expect(screen.getByText('2 seleccionados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Step 2: languages by their Spanish names.
    expect(await screen.findByText('Paso 2 de 4: Idiomas')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Mandarín' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Inglés' })).toBeInTheDocument();
    await tick('Coreano');
    expect(screen.getByText('1 seleccionado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Step 3: favourites, counted in Spanish.
    expect(await screen.findByText('Paso 3 de 4: Títulos favoritos')).toBeInTheDocument();
    expect(screen.getByText('(de 3 a 20)')).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Film 0 (2000)' });
    expect(screen.getByText('0 de 20 seleccionados: elige al menos 3')).toBeInTheDocument();
    expect(screen.getAllByText(/Drama · Coreano/)).toHaveLength(4);
    for (let i = 0; i < 3; i++) await tick(`Film ${i} (${2000 + i})`);
    expect(screen.getByRole('button', { name: 'Quitar Film 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Step 4: the country in Spanish, services not offered there, the email offer's weekdays.
    expect(await screen.findByText('Paso 4 de 4: Servicios de streaming')).toBeInTheDocument();
    const country = screen.getByRole('combobox', { name: '¿Desde dónde ves?' });
    await userEvent.selectOptions(country, 'DE');
    expect(within(country).getByRole('option', { selected: true })).toHaveTextContent('Alemania');
    expect(await screen.findByText(/No disponibles en Alemania: Hulu\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Envíame una recomendación por correo los días que elija/ }));
    expect(screen.getByRole('group', { name: 'Días' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Lunes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sábado' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Terminar' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));

    const saved = s.calls('POST /api/onboarding/preferences')[0].body as Record<string, unknown>;
    expect(saved).toMatchObject({ selected_genres: ['Drama', 'Comedy'], preferred_languages: ['Korean'], country: 'DE' });
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('the first screen’s language', () => {
  it('switches the page at once and is saved as the profile’s ui_language', async () => {
    const s = server(user({ is_onboarded: false, ui_language: null }));
    renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false, ui_language: null }) });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getByText('Step 1 of 4: Genres')).toBeInTheDocument();
    await userEvent.selectOptions(select, 'de');
    expect(await screen.findByRole('heading', { name: 'Lass uns deinen Geschmack kennenlernen' })).toBeInTheDocument();
    expect(screen.getByText('Schritt 1 von 4: Genres')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await waitFor(() => expect(s.calls('PUT /api/settings/profile')).toHaveLength(1));
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({ ui_language: 'de' });
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in Arabic turns the page right to left, and says so when the profile could not keep it', async () => {
    const s = server(user({ is_onboarded: false, ui_language: null })).on('PUT /api/settings/profile', { status: 500, text: 'oops' });
    renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false, ui_language: null }) });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ar');
    expect(await screen.findByRole('heading', { name: 'لنتعرّف على ذوقك' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByText('تعذّر حفظ اللغة. يُرجى المحاولة مرة أخرى.')).toBeInTheDocument();
  });
});

describe('the common components', () => {
  const inLocale = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

  it('name every country in the page’s language, sorted in its order', async () => {
    await activateLocale('ja');
    inLocale(<CountrySelect id="c" value="" onChange={() => undefined} />);
    const names = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(names[0]).toBe('国を選んでください');
    expect(names).toContain('アメリカ合衆国');
    expect(names).not.toContain('United States');
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('ja').compare));
  });

  it('keep the product’s own English country names', () => {
    inLocale(<CountrySelect id="c" value="GB" onChange={() => undefined} />);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('United Kingdom');
  });

  it('price in the page’s language’s format', async () => {
    await activateLocale('fr');
    inLocale(<PriceTag />);
    expect(screen.getByText(/^59\s\$US$/)).toBeInTheDocument();
    expect(screen.getByText('paiement unique')).toBeInTheDocument();
    expect(screen.getByText(/^Offre de lancement : économisez 20\s\$US$/)).toBeInTheDocument();
  });

  it('list the featured timezones with their names in the page’s language, and find them by those names', async () => {
    await activateLocale('es');
    let chosen = '';
    inLocale(<TimezoneSelect id="tz" value="UTC" onChange={(tz) => (chosen = tz)} />);
    const input = screen.getByRole('combobox');
    expect(input).toHaveAccessibleDescription('Escribe una ciudad o región para buscar entre todas las zonas horarias.');
    await userEvent.type(input, 'Japón');
    expect(screen.getByRole('listbox', { name: 'Zonas que coinciden' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Tokyo (Asia/Tokyo) · hora estándar de Japón' }));
    expect(chosen).toBe('Asia/Tokyo');
    await userEvent.clear(input);
    await userEvent.type(input, 'Atlántida');
    expect(await screen.findByText('Ninguna zona horaria coincide con «Atlántida».')).toBeInTheDocument();
  });

  it('say a schedule’s date problems in the page’s language', async () => {
    await activateLocale('ko');
    expect(scheduleError('', 'UTC')).toBe('날짜를 선택해 주세요');
    expect(scheduleError('2000-01-01', 'UTC')).toBe('지난 날짜는 고를 수 없어요. 오늘이나 이후 날짜를 골라 주세요.');
  });
});

describe('the English of onboarding and the common components', () => {
  it('is the specification’s, word for word', async () => {
    await activateLocale('en', document, ['public', 'app']);
    expect(onboardingEn['onboarding.page.saveFailed']).toBe(ALERT_TEXTS.savePreferences);
    expect(commonEn['common.schedule.selectDate']).toBe(ALERT_TEXTS.selectDate);
    expect(commonEn['common.schedule.pastDate']).toBe(PAST_DATE_TEXT);
    expect(i18n._('onboarding.genres.range', { min: ONBOARDING_LIMITS.genresMin, max: ONBOARDING_LIMITS.genresMax })).toBe(ONBOARDING_LIMITS.genresLabel);
    expect(i18n._('common.price.badge', { saving: `$${PRICING.lifetimeSavingsUsd}` })).toBe(PRICING.lifetimeLabel);
    expect(scheduleError('', 'UTC')).toBe(ALERT_TEXTS.selectDate);
  });
});
