// The dashboard in the viewer's language (issue 39): the card, its actions and the Tonight line in
// Japanese and in Arabic (right to left), and English word for word as the spec quotes it.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ALERT_TEXTS,
  ATTRIBUTION,
  CALENDAR_LIFETIME_TEXT,
  GENRES,
  MOODS,
  NO_TONIGHT,
  PLAN_LIMIT_TEXTS,
  TOGETHER_TEXTS,
  WHY_NOT_TEXTS,
  allowanceText,
  describeTonight,
  formatMinutes as englishMinutes,
  pickNoticeText,
  stillFreeText,
  whyNotHeading,
  type SubscriptionStatus,
  type User,
} from '@app/shared';
import { activateLocale, i18n } from '../i18n/i18n';
import { PAST_DATE_TEXT } from '../components/common/scheduleRules';
import { formatMinutes, genreLabel, genreMessageKey, moodLabel } from '../components/dashboard/localeFormat';
import { formatRuntime } from '../components/dashboard/formatTitle';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

const unmet = { code: 'mood_unmet' as const, mood: 'thrilling' as const, nearest_mood: 'dark' as const };

function server(rec = recommendation()) {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: rec })
    .on('GET /api/recommendations/history', { body: { recommendations: [recommendation({ id: 'r0', movie_title: 'Parasite', status: 'watched', is_rated: true, user_rating: true })], page: 1, page_size: 10, total: 1 } })
    .on('GET /api/subscription/status', { body: subscription() });
}

/** The dashboard of a person whose chosen language is `u.ui_language`, shown in it from the first render. */
async function openIn(u: User, rec = recommendation()) {
  await activateLocale(u.ui_language ?? 'en');
  renderApp('/app/dashboard', { server: server(rec), user: u });
  return within(await screen.findByRole('article'));
}

describe('the dashboard card in Japanese', () => {
  it('shows the facts, scores, actions and Tonight line in Japanese, the reason as the server wrote it', async () => {
    const card = await openIn(user({ ui_language: 'ja' }), recommendation({ mood: 'thrilling', notices: [unmet] }));
    expect(card.getByRole('heading', { name: 'Arrival' })).toBeInTheDocument();
    expect(card.getByText('映画 · 今夜のおすすめ')).toBeInTheDocument();
    expect(card.getByText('2016 · SF · 1時間56分')).toBeInTheDocument();
    expect(card.getByText('94%')).toBeInTheDocument();
    expect(card.getByText('7.9/10')).toBeInTheDocument();
    expect(card.getByText('視聴方法')).toBeInTheDocument();
    // Platform and people keep their names; the words around them are Japanese.
    expect(card.getByRole('link', { name: 'Netflix' })).toBeInTheDocument();
    expect(card.getByText('監督：Denis Villeneuve 出演：Amy Adams、Jeremy Renner')).toBeInTheDocument();
    expect(card.getByAltText('Arrivalのポスター')).toBeInTheDocument();
    expect(card.getByText('おすすめの理由：')).toBeInTheDocument();
    expect(card.getByText(/Because you liked Interstellar/)).toBeInTheDocument();
    // The notice names the moods in Japanese and offers the nearest one.
    expect(card.getByText(/今夜、ご利用のサービスには「ハラハラ」に合う作品がないため/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: '「ダーク」で試す' })).toBeInTheDocument();
    expect(card.getByRole('group', { name: 'このおすすめを評価' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: '好き' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: '好きじゃない' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'あとで見る' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^視聴済み/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: '新しいおすすめ' })).toBeInTheDocument();
    expect(card.getByLabelText('次のおすすめの気分')).toBeInTheDocument();
    expect(card.getByRole('option', { name: '心温まる' })).toBeInTheDocument();
    expect(card.getByText('長さを問わない · 映画かシリーズか')).toBeInTheDocument();
    // The header and the history below the card too.
    expect(screen.getByRole('link', { name: 'ウォッチリスト' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'これまでのおすすめ' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Parasiteを編集' })).toBeInTheDocument();
    expect(screen.queryByText('Already Watched')).toBeNull();
  });
});

describe('the dashboard card in Arabic', () => {
  it('is right to left and says a series, its seasons, episodes and where it streams elsewhere in Arabic', async () => {
    const elsewhere = { platform: 'Hulu', kind: 'subscription' as const, region: 'US', elsewhere: true, yours: false, link: null, logo_url: null, from_justwatch: true };
    const card = await openIn(
      user({ ui_language: 'ar' }),
      recommendation({ kind: 'series', movie_title: 'Dark', year: 2017, end_year: 2020, genre: 'Drama', runtime: 50, seasons: 3, rotten_tomatoes: null, platform: null, platform_logo_url: null, watch_url: null, region: 'GB', where_to_watch: [elsewhere] }),
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(card.getByText('مسلسل · اقتراح الليلة')).toBeInTheDocument();
    expect(card.getByText(/دراما · ٣ مواسم|دراما · 3 مواسم/)).toBeInTheDocument();
    expect(card.getByText(/حلقات مدتها (50|٥٠) د/)).toBeInTheDocument();
    expect(card.getByText('بلا تقييم')).toBeInTheDocument();
    expect(card.getByText('غير متوفر على خدماتك في المملكة المتحدة.')).toBeInTheDocument();
    expect(card.getByText('يُبث على Hulu في الولايات المتحدة.')).toBeInTheDocument();
    expect(card.getByText('بيانات البث: JustWatch')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'أعجبني' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'حفظ لوقت لاحق' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^شاهدته بالفعل/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'اقتراح جديد' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الإعدادات' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
  });

  it('says what is left this week with Arabic plural forms', async () => {
    await activateLocale('ar');
    const status = { recommendations_left: 2, recommendations_limit: 3, free_replacements_left: 2 } as const;
    expect(i18n._('dashboard.planLimit.allowanceWithFree', { left: status.recommendations_left, limit: status.recommendations_limit, free: status.free_replacements_left })).toMatch(/استبدالان مجانيان$/);
    expect(i18n._('dashboard.card.seasons', { count: 1 })).toBe('موسم واحد');
    expect(i18n._('dashboard.card.seasons', { count: 2 })).toBe('موسمان');
  });
});

describe('other languages', () => {
  it('write a time budget and a runtime the locale’s way', async () => {
    await activateLocale('es');
    expect(formatMinutes(100)).toBe('1 h 40');
    expect(formatRuntime(116)).toBe('1 h 56 min');
    expect(genreLabel('Science Fiction')).toBe('Ciencia ficción');
    expect(moodLabel('feel-good')).toBe('Reconfortante');
    await activateLocale('de');
    expect(formatRuntime(45)).toBe('45 Min.');
    await activateLocale('ja');
    expect(formatMinutes(120)).toBe('2時間');
    await activateLocale('hi');
    expect(formatMinutes(60)).toBe('1 घंटा');
    expect(formatMinutes(120)).toBe('2 घंटे');
    await activateLocale('de');
    expect(formatMinutes(100)).toBe('1:40 Std.');
  });

  it('show an import’s own genre, outside the vocabulary, as it is', async () => {
    await activateLocale('fr');
    expect(genreMessageKey('Science Fiction')).toBe('genres.sciencefiction');
    expect(genreMessageKey('Bollywood')).toBeNull();
    expect(genreLabel('Bollywood')).toBe('Bollywood');
    expect(genreLabel('Drama')).toBe('Drame');
  });

  it('switch the open dashboard when the language changes', async () => {
    const card = await openIn(user());
    expect(card.getByRole('button', { name: 'New recommendation' })).toBeInTheDocument();
    await activateLocale('ko');
    await waitFor(() => expect(card.getByRole('button', { name: '새 추천' })).toBeInTheDocument());
    expect(card.getByRole('button', { name: '나중에 보기' })).toBeInTheDocument();
  });
});

describe('the rating link and the feedback form', () => {
  it('ask and thank in Spanish, with the title in bold inside the sentence', async () => {
    await activateLocale('es');
    const s = new FakeServer().on('GET /api/public/rate', { body: { message: 'Valoración guardada.', movie_title: 'Arrival', rating: false } });
    renderApp('/rate?token=signed.token&rating=dislike', { server: s });
    expect(await screen.findByRole('heading', { name: 'Valora tu recomendación' })).toBeInTheDocument();
    expect(screen.getByText('no te gustó').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Sí, no me gustó' }));
    expect(await screen.findByText(/Valoración guardada/)).toHaveTextContent('Valoración guardada. No te gustó Arrival.');
    expect(screen.getByText('Arrival').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: '¡Gracias!' })).toBeInTheDocument();
  });

  it('says an incomplete rating link in Hindi', async () => {
    await activateLocale('hi');
    renderApp('/rate?token=abc');
    expect(await screen.findByRole('heading', { name: 'अमान्य लिंक' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ऐप खोलें' })).toBeInTheDocument();
  });

  it('opens the feedback dialog in French and asks for a thumb in French', async () => {
    await activateLocale('fr');
    renderApp('/app/dashboard', { server: server(), user: user({ ui_language: 'fr' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Votre avis' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Donner votre avis' }));
    expect(dialog.getByText('Comment Tonight’s Pick vous convient-il ?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await dialog.findByText('Veuillez choisir pouce levé ou baissé')).toBeInTheDocument();
  });
});

describe('English', () => {
  it('keeps the texts the spec quotes word for word', async () => {
    await activateLocale('en');
    const t = (key: string, values?: Record<string, string | number>) => i18n._(key, values);
    expect(t('dashboard.page.saveRatingFailed')).toBe(ALERT_TEXTS.saveRating);
    expect(t('dashboard.page.newPickFailed')).toBe(ALERT_TEXTS.newRecommendation);
    expect(t('dashboard.country.failed')).toBe(ALERT_TEXTS.updateProfile);
    expect(t('dashboard.rate.invalidLink')).toBe(ALERT_TEXTS.invalidLink);
    expect(t('dashboard.schedule.addFailed')).toBe(ALERT_TEXTS.addToCalendar);
    expect(t('dashboard.schedule.downloadFailed')).toBe(ALERT_TEXTS.downloadCalendar);
    expect(t('dashboard.schedule.selectDate')).toBe(ALERT_TEXTS.selectDate);
    expect(t('dashboard.schedule.pastDate')).toBe(PAST_DATE_TEXT);
    expect(t('dashboard.schedule.lifetime')).toBe(CALENDAR_LIFETIME_TEXT);
    expect(t('feedback.form.selectThumb')).toBe(ALERT_TEXTS.selectThumb);
    expect(t('feedback.form.failed')).toBe(ALERT_TEXTS.submitFeedback);
    expect(t('dashboard.planLimit.title')).toBe(PLAN_LIMIT_TEXTS.title);
    expect(t('dashboard.planLimit.limitReached')).toBe(PLAN_LIMIT_TEXTS.limitReached);
    expect(t('dashboard.planLimit.expired')).toBe(PLAN_LIMIT_TEXTS.expired);
    expect(t('dashboard.together.pickFailed')).toBe(TOGETHER_TEXTS.pickFailed);
    expect(t('dashboard.together.rateFailed')).toBe(TOGETHER_TEXTS.rateFailed);
    expect(t('dashboard.card.streamingData')).toBe(ATTRIBUTION.streamingData);
    expect(t('dashboard.whyNot.action')).toBe(WHY_NOT_TEXTS.action);
    expect(t('dashboard.whyNot.loading')).toBe(WHY_NOT_TEXTS.loading);
    expect(t('dashboard.whyNot.failed')).toBe(WHY_NOT_TEXTS.failed);
    expect(t('dashboard.whyNot.heading', { title: 'Arrival' })).toBe(whyNotHeading('Arrival'));
  });

  it('says the shared words (allowance, time, moods, genres, notices) as shared/src does', async () => {
    await activateLocale('en');
    for (const [left, limit, free] of [[2, 3, 5], [0, 3, 1], [1, 1, 0], [3, 3, null]] as const) {
      const s = { recommendations_left: left, recommendations_limit: limit, free_replacements_left: free } as SubscriptionStatus;
      const ours = free === null ? i18n._('dashboard.planLimit.allowance', { left, limit }) : i18n._('dashboard.planLimit.allowanceWithFree', { left, limit, free });
      expect(ours).toBe(allowanceText(s));
      if (free) expect(i18n._('dashboard.planLimit.stillFree', { free })).toBe(stillFreeText(free));
    }
    for (const m of [30, 45, 60, 65, 100, 180, 600]) expect(formatMinutes(m)).toBe(englishMinutes(m));
    expect(i18n._('dashboard.tonight.anyLength') + ' · ' + i18n._('dashboard.tonight.movieOrSeries')).toBe(describeTonight(NO_TONIGHT));
    for (const g of GENRES) expect(genreLabel(g)).toBe(g);
    for (const m of MOODS) expect(moodLabel(m.value)).toBe(m.label);
    expect(`${i18n._('dashboard.notice.moodUnmet', { label: 'Thrilling', mood: 'thrilling' })} ${i18n._('dashboard.notice.nearestHasTitles', { label: 'Dark' })}`).toBe(pickNoticeText(unmet));
    expect(formatRuntime(116)).toBe('1h 56m');
    expect(formatRuntime(45)).toBe('45m');
    expect(formatRuntime(120)).toBe('2h');
  });
});
