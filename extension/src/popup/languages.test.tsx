// @vitest-environment jsdom
// The popup in the viewer's language (issue 39): rendered in Japanese, Arabic and English from the
// same compiled catalogs the build loads, with Intl's names for countries. (React stands in for the
// build's Preact: the same component API.)
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recommendation } from '@app/shared';

vi.mock('webextension-polyfill', () => ({
  default: {
    tabs: { create: vi.fn(async () => undefined), query: vi.fn(async () => []) },
    runtime: { getURL: (p: string) => `chrome-extension://id/${p}`, sendMessage: vi.fn(async () => ({ opened: true })) },
    storage: { local: { get: vi.fn(async () => ({})), set: vi.fn(async () => undefined), remove: vi.fn(async () => undefined) }, onChanged: { addListener: vi.fn(), removeListener: vi.fn() } },
  },
}));

const { activateLocale, i18n, viewerLocale } = await import('../lib/i18n');
const { PickCard } = await import('./components/PickCard');
const { PickActions } = await import('./components/PickActions');
const { SignInView } = await import('./components/SignInView');
const { TonightLine } = await import('./components/TonightLine');
const { TogetherView } = await import('./components/TogetherView');
const { StatusView } = await import('./components/StatusView');
const { PickView } = await import('./components/PickView');
const browser = (await import('webextension-polyfill')).default;
const { OptionsApp } = await import('../options/OptionsApp');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PICK: Recommendation = {
  id: 'r1',
  title_id: 't1',
  kind: 'series',
  movie_title: 'Dark',
  original_title: null,
  movie_description: 'A missing child sets four families on a search.',
  reason: 'Because you liked Arrival.',
  year: 2017,
  end_year: 2020,
  genre: 'Sci-Fi',
  genres: ['Sci-Fi'],
  language: 'de',
  runtime: 55,
  seasons: 3,
  rotten_tomatoes: 95,
  imdb_rating: 8.7,
  tmdb_rating: null,
  platform: null,
  region: 'JP',
  where_to_watch: [{ platform: 'Netflix', kind: 'subscription', region: 'US', elsewhere: true, yours: false, link: null, logo_url: null, from_justwatch: true }],
  platform_logo_url: null,
  watch_url: null,
  poster_url: null,
  poster_fallback_url: null,
  trailer_url: 'https://www.youtube.com/watch?v=x',
  director: null,
  cast: [],
  is_rated: false,
  user_rating: null,
  status: 'active',
  mood: null,
  created_at: '2026-12-03T20:00:00Z',
  origin: 'pick',
  watched_on: null,
  saved: false,
  notices: [{ code: 'mood_unmet', mood: 'thrilling', nearest_mood: 'dark' }],
  subscription_warning: null,
} as unknown as Recommendation;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

async function render(node: React.ReactNode) {
  await act(async () => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}
const text = () => container.textContent ?? '';
const button = (action: string) => container.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;

function pickScreen() {
  return (
    <>
      <PickCard pick={PICK} serverUrl="http://localhost:8080" />
      <TonightLine tonight={{ max_minutes: 100, kind: 'series', finish_tonight: true, exploration: 1 }} draft={{ max_minutes: 100, kind: 'series' }} onChange={() => undefined} busy={false} />
      <PickActions pick={PICK} cost={{ kind: 'free', left: 2 }} busy={false} onRate={() => undefined} onWatched={() => undefined} onNew={() => undefined} onSchedule={() => undefined} onToggleSave={() => undefined} />
    </>
  );
}

describe('the popup in Japanese', () => {
  it('shows the pick, its facts, tonight\'s line and every action in Japanese', async () => {
    await activateLocale('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(document.documentElement.dir).toBe('ltr');
    await render(pickScreen());
    expect(button('like').textContent).toBe('好き');
    expect(button('dislike').textContent).toBe('好きじゃない');
    expect(button('watched').textContent).toBe('視聴済み · 無料');
    expect(button('save').textContent).toBe('あとで見る');
    expect(button('new').textContent).toBe('新しいおすすめ');
    expect(button('trailer').textContent).toBe('予告編');
    expect(button('trailer').getAttribute('aria-label')).toBe('YouTubeでDarkの予告編を見る（新しいタブで開きます）');
    // Plurals and units in Japanese; the title and the platform are not translated.
    expect(text()).toContain('3シーズン');
    expect(text()).toContain('1話55分');
    expect(container.querySelector('[data-tonight="summary"]')!.textContent).toBe('1時間40分 · シリーズ · 今夜で見終わる · 隠れた名作');
    expect(container.querySelector<HTMLSelectElement>('[data-action="mood"]')!.options[3].textContent).toBe('スリル満点');
    // Where to watch: the country in Japanese (Intl), the service as it is named.
    expect(text()).toContain('日本でご利用のサービスにはありません。');
    expect(text()).toContain('アメリカ合衆国ではNetflixで配信中です。');
    expect(text()).toContain('今夜はご利用のサービスに「スリル満点」に合う作品がないため');
    expect(text()).toContain('「ダーク」なら作品があります。');
    expect(text()).not.toMatch(/Save for later|Already Watched|Not rated|seasons/);
  });

  it('asks to sign in in Japanese', async () => {
    await activateLocale('ja');
    await render(<SignInView />);
    expect(button('sign-in').textContent).toBe('ログイン');
    expect(container.querySelector('h1')!.textContent).toBe('今夜のおすすめを、ワンクリックで');
  });
});

describe('the popup in other languages', () => {
  it('is right to left in Arabic, with Arabic plural forms', async () => {
    await activateLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await render(pickScreen());
    expect(button('save').textContent).toBe('حفظ لوقت لاحق');
    expect(text()).toContain('3 مواسم');
  });

  it('says a pick for two in Korean', async () => {
    await activateLocale('ko');
    const household = { id: 'h1', members: [{ name: '민지', you: true }, { name: 'Ben', you: false }] } as never;
    const pick = { ...PICK, asked_by: 'Ben', asked_by_you: false, partner_rating: true } as never;
    await render(<TogetherView household={household} pick={pick} busy={null} notice={null} serverUrl="http://localhost:8080" onAsk={() => undefined} onRate={() => undefined} />);
    expect(container.querySelector('[data-state="together-status"]')!.textContent).toBe('이 추천은 Ben 님이 요청했어요. Ben 님은 좋아요를 눌렀어요.');
    expect(button('together-pick').textContent).toBe('둘을 위한 추천');
  });

  it('keeps every English text as it was', async () => {
    await activateLocale('en');
    await render(pickScreen());
    expect(button('like').textContent).toBe('Like');
    expect(button('watched').textContent).toBe('Already Watched · free');
    expect(button('save').textContent).toBe('Save for later');
    expect(text()).toContain('3 seasons · 55 min episodes');
    expect(text()).toContain('Not on your services in Japan.');
    expect(text()).toContain('Streaming on Netflix in the United States.');
    expect(container.querySelector('[data-tonight="summary"]')!.textContent).toBe('1 h 40 · Series · Finish tonight · Deep cut');
    await render(<StatusView kind="loading" />);
    expect(text()).toBe('Finding tonight’s pick…');
  });
});

describe('the options page in German', () => {
  it('names the server, the badge, the watched choice and privacy in German', async () => {
    await activateLocale('de');
    await render(<OptionsApp />);
    await vi.waitFor(() => expect(container.querySelector<HTMLInputElement>('input[value="ask"]')!.disabled).toBe(false));
    expect(container.querySelector('label[for="server-url"]')!.textContent).toBe('Server-URL');
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Abzeichen auf Titelseiten', 'Wenn ein Titel auf einer Streaming-Seite endet', 'Datenschutz']);
    expect(container.querySelector('input[value="ask"]')!.parentElement!.textContent).toBe('Mich fragen');
    expect(text()).toContain('https://picks.example.com');
  });
});

describe('which language the popup speaks', () => {
  it('follows the profile\'s language once signed in, and keeps it for the next popup', async () => {
    await activateLocale('en');
    const api = {
      recommendations: { current: vi.fn(async () => ({ ...PICK, notices: [] })) },
      subscription: { status: vi.fn(async () => ({ subscription_tier: 'free_trial', free_replacements_left: 2, recommendations_left: 3, recommendations_limit: 3 })) },
      settings: { profile: vi.fn(async () => ({ ui_language: 'ja', tonight: { max_minutes: null, kind: null, finish_tonight: false, exploration: null } })) },
      household: { get: vi.fn(async () => ({ household: null, pick: null })) },
      onboarding: { platforms: vi.fn(async () => ({ platforms: [] })) },
    };
    await render(<PickView api={api as never} serverUrl="http://localhost:8080" />);
    await vi.waitFor(() => expect(button('save')?.textContent).toBe('あとで見る'));
    expect(i18n.locale).toBe('ja');
    expect(container.querySelector('[data-tonight="summary"]')!.textContent).toBe('長さを問わない · 映画またはシリーズ');
    expect(browser.storage.local.set).toHaveBeenCalledWith({ locale: 'ja' });
  });


  it('is the profile\'s when signed in, else the browser\'s', () => {
    expect(viewerLocale(true, 'ko', ['de-DE'])).toBe('ko');
    expect(viewerLocale(false, 'ko', ['de-DE', 'en'])).toBe('de');
    expect(viewerLocale(true, null, ['pt-PT'])).toBe('pt-BR');
    expect(viewerLocale(true, 'xx', ['zz'])).toBe('en');
  });
});
