// The scheduled emails: today's recommendation, and the upgrade note a free user at the weekly
// limit gets instead. Multipart (text + HTML), with List-Unsubscribe (RFC 2369) and one-click
// unsubscribe (RFC 8058). Written in the reader's language (`locale`, shared/locales/server-email,
// delivery.*): the days, the prices and the list of days through Intl in that language.
// i18n-dynamic: server-email.delivery.
// i18n-dynamic: genres.
import type { Recommendation } from '@app/shared';
import { DEFAULT_LOCALE, GENRES, PRICING, watchSummary, type Locale } from '@app/shared';
import type { MailMessage } from '../../integrations/mail.js';
import { translate, type Message, type MessageValues } from '../../i18n/messages.js';
import { htmlOf } from '../../integrations/mail-text.js';
import { posterPngUrl } from '../../catalog/urls.js';
import { button, escapeHtml, layout, link, muted, paragraph, posterBlock } from './delivery.html.js';

export interface DeliveryMailContext {
  appUrl: string;
  to: string;
  /** https one-click URL (POST) that also works opened in a browser (GET). */
  unsubscribeUrl: string;
  unsubscribeMailto: string | null;
  /** The web page that asks before turning emails off (safe from link scanners). */
  unsubscribePageUrl: string;
  schedule: { days: number[]; time: string; timeZone: string };
  /** The reader's language (userLocale): English when not given. */
  locale?: Locale;
}

export const UPGRADE_PATH = '/settings?upgrade=true&section=subscription';
/** Intl's words for `locale`; English as British English writes them ("Mon, Wed and Fri", no serial comma). */
const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : locale);

const say = (locale: Locale, key: string, values?: MessageValues) => translate(locale, `server-email.delivery.${key}`, values);

function scheduleLine(c: DeliveryMailContext, locale: Locale): string {
  const sorted = [...new Set(c.schedule.days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const days = sorted.length === 7 ? 'every' : sorted.join() === '1,2,3,4,5' ? 'weekdays' : sorted.join() === '6,7' ? 'weekends' : 'some';
  // ISO weekday d (1 = Monday) of the week of Monday 2024-01-01, named in the reader's language.
  const weekday = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' });
  const names = sorted.map((d) => weekday.format(new Date(Date.UTC(2024, 0, d))));
  const dayList = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(names);
  return say(locale, 'footer.schedule', { days, dayList, time: c.schedule.time, timeZone: c.schedule.timeZone });
}

function footer(c: DeliveryMailContext): { text: string; html: string } {
  const locale = c.locale ?? DEFAULT_LOCALE;
  const settings = `${c.appUrl}/app/settings`;
  const when = scheduleLine(c, locale);
  const accent = 'color:#e11d48';
  return {
    text: `${when} ${say(locale, 'footer.changeText', { url: settings })}\n${say(locale, 'footer.unsubscribeText', { url: c.unsubscribePageUrl })}`,
    html: muted(
      `${escapeHtml(when)} ${htmlOf(
        locale,
        'server-email.delivery.footer.changeHtml',
        {},
        { settings: { href: settings, label: say(locale, 'footer.settings') }, unsubscribe: { href: c.unsubscribePageUrl, label: say(locale, 'footer.unsubscribe') } },
        accent,
      )}`,
    ),
  };
}

function headers(c: DeliveryMailContext): Record<string, string> {
  const targets = [`<${c.unsubscribeUrl}>`, ...(c.unsubscribeMailto ? [`<${c.unsubscribeMailto}>`] : [])];
  return { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function runtimeText(r: Recommendation, locale: Locale): string {
  if (r.kind === 'series') {
    const seasons = r.seasons ? say(locale, 'facts.seasons', { count: r.seasons }) : '';
    const episodes = r.runtime ? say(locale, 'facts.episodes', { minutes: r.runtime }) : '';
    return seasons && episodes ? say(locale, 'facts.seasonsAndEpisodes', { seasons, episodes }) : seasons || episodes;
  }
  if (!r.runtime) return '';
  const hours = Math.floor(r.runtime / 60);
  const minutes = r.runtime % 60;
  return hours ? (minutes ? say(locale, 'facts.hoursMinutes', { hours, minutes }) : say(locale, 'facts.hours', { hours })) : say(locale, 'facts.minutes', { minutes });
}

/** A genre's name in `locale` through the shared genres area (genres.<name, letters and digits>); one outside the vocabulary as it is. */
export function genreName(name: string, locale: Locale = DEFAULT_LOCALE): string {
  const known = (GENRES as readonly string[]).find((g) => g.toLowerCase() === name.trim().toLowerCase());
  return known && locale !== DEFAULT_LOCALE ? translate(locale, `genres.${known.toLowerCase().replace(/[^a-z0-9]/g, '')}`) : name;
}

export function factsLine(r: Recommendation, locale: Locale = DEFAULT_LOCALE): string {
  const year = r.year > 0 ? (r.kind === 'series' && r.end_year && r.end_year !== r.year ? `${r.year}-${r.end_year}` : String(r.year)) : '';
  const names = (r.genres.length ? r.genres.slice(0, 3) : r.genre ? [r.genre] : []).map((g) => genreName(g, locale));
  const genres = locale === DEFAULT_LOCALE ? names.join(', ') : new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(names);
  return [year, r.kind === 'series' ? say(locale, 'facts.series') : '', genres, runtimeText(r, locale)].filter(Boolean).join(' · ');
}

/** Each score named by its source: the catalog's Rotten Tomatoes Tomatometer and IMDb user rating (server/catalog/FORMAT.md). */
export function scoresLine(r: Recommendation, locale: Locale = DEFAULT_LOCALE): string {
  const tenths = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return [
    r.rotten_tomatoes !== null ? say(locale, 'scores.rottenTomatoes', { score: r.rotten_tomatoes }) : '',
    r.imdb_rating !== null ? say(locale, 'scores.imdb', { rating: tenths.format(r.imdb_rating) }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The poster an email shows: TMDB's jpg when the title has one, else ours as PNG. Never the SVG
 * the web app uses: Gmail and Outlook drop SVG images.
 */
export function emailPosterUrl(appUrl: string, r: Recommendation): string {
  if (r.poster_url !== r.poster_fallback_url && /^https?:\/\//i.test(r.poster_url)) return r.poster_url;
  return `${appUrl}${posterPngUrl(r.title_id)}`;
}

export interface RecommendationMail {
  rec: Recommendation;
  likeUrl: string;
  dislikeUrl: string;
}

export function recommendationEmail(c: DeliveryMailContext, m: RecommendationMail): MailMessage {
  const locale = c.locale ?? DEFAULT_LOCALE;
  const r = m.rec;
  const titleWithYear = r.year > 0 ? say(locale, 'titleWithYear', { title: r.movie_title, year: String(r.year) }) : r.movie_title;
  const facts = factsLine(r, locale);
  const scores = scoresLine(r, locale);
  const dashboard = `${c.appUrl}/app/dashboard`;
  const watch = r.platform && r.watch_url ? { label: say(locale, 'watchOn', { platform: r.platform }), url: r.watch_url } : null;
  const foot = footer(c);
  // Not on the user's services: where it is, in the card's words (docs/product-decisions.md, "Country and where to watch").
  const where = watchSummary(r);
  const whereText = r.platform
    ? say(locale, 'whereToWatch', { where: r.platform })
    : r.where_to_watch.length === 0
      ? say(locale, 'whereUnknown')
      : say(locale, 'whereToWatch', { where: [where.notice, ...where.here.map((h) => h.label), where.elsewhere?.text].filter(Boolean).join(' ') });
  const why = r.reason ? say(locale, 'why', { reason: r.reason }) : '';
  const text = [
    say(locale, 'headlineWithTitle', { title: titleWithYear }),
    [facts, scores].filter(Boolean).join('\n'),
    r.movie_description,
    why,
    watch ? say(locale, 'watchOnText', { label: watch.label, url: watch.url }) : whereText,
    say(locale, 'rateText', { like: m.likeUrl, dislike: m.dislikeUrl }),
    say(locale, 'openText', { url: dashboard }),
    `--\n${foot.text}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const content = [
    paragraph(say(locale, 'headline'), 'font-size:13px;text-transform:uppercase;letter-spacing:1px;color:#6b7280'),
    posterBlock({ posterUrl: emailPosterUrl(c.appUrl, r), title: r.movie_title, facts, scores }),
    '<div style="height:18px"></div>',
    r.movie_description ? paragraph(r.movie_description) : '',
    why ? paragraph(why, 'font-style:italic') : '',
    watch ? `<p style="margin:0 0 18px">${button(watch.url, watch.label)}</p>` : paragraph(whereText, 'color:#6b7280'),
    paragraph(say(locale, 'rateAsk'), 'margin-bottom:6px'),
    `<p style="margin:0 0 18px">${button(m.likeUrl, say(locale, 'like'), '#16a34a')}${button(m.dislikeUrl, say(locale, 'dislike'), '#4b5563')}</p>`,
    muted(link(dashboard, say(locale, 'open'))),
  ].join('\n');
  return {
    to: c.to,
    subject: say(locale, 'subject', { title: titleWithYear }),
    text,
    html: layout({ preheader: r.reason || r.movie_description, appUrl: c.appUrl, content, footer: foot.html, locale }),
    headers: headers(c),
  };
}

/**
 * Instead of a recommendation when the plan cannot issue one: the plan-limit text (PLAN_LIMIT_TEXTS,
 * a Message from the refusal to say it in the reader's language) and the way up. `resetsOn` is the
 * day the free picks come back.
 */
export function upgradeEmail(c: DeliveryMailContext, detail: string | Message, resetsOn: string | Date | null): MailMessage {
  const locale = c.locale ?? DEFAULT_LOCALE;
  const said = typeof detail === 'string' ? detail : translate(locale, detail.key, detail.values);
  const title = translate(locale, 'server-email.delivery.upgrade.title');
  const upgrade = `${c.appUrl}${UPGRADE_PATH}`;
  // Prices are in US dollars, written as the reader's language writes them ("$59", "59 $").
  const dollars = new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const offer = say(locale, 'upgrade.offer', {
    price: dollars.format(PRICING.lifetimePriceUsd),
    was: dollars.format(PRICING.lifetimeOriginalPriceUsd),
    save: dollars.format(PRICING.lifetimeSavingsUsd),
  });
  const day = typeof resetsOn === 'string' ? resetsOn : resetsOn ? new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: c.schedule.timeZone }).format(resetsOn) : null;
  const reset = day ? say(locale, 'upgrade.reset', { day }) : '';
  const foot = footer(c);
  const text = [title, said, reset, offer, say(locale, 'upgrade.linkText', { url: upgrade }), `--\n${foot.text}`].filter(Boolean).join('\n\n');
  const content = [
    `<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:#111827">${escapeHtml(title)}</h1>`,
    paragraph(said),
    reset ? paragraph(reset) : '',
    paragraph(offer),
    `<p style="margin:0 0 18px">${button(upgrade, say(locale, 'upgrade.button'))}</p>`,
  ].join('\n');
  return {
    to: c.to,
    subject: say(locale, 'upgrade.subject', { title }),
    text,
    html: layout({ preheader: said, appUrl: c.appUrl, content, footer: foot.html, locale }),
    headers: headers(c),
  };
}
