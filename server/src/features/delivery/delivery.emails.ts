// The scheduled emails: today's recommendation, and the upgrade note a free user at the weekly
// limit gets instead. Multipart (text + HTML), with List-Unsubscribe (RFC 2369) and one-click
// unsubscribe (RFC 8058).
import type { Recommendation } from '@app/shared';
import { PLAN_LIMIT_TEXTS, PRICING, watchSummary } from '@app/shared';
import type { MailMessage } from '../../integrations/mail.js';
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
}

export const UPGRADE_PATH = '/settings?upgrade=true&section=subscription';
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function daysText(days: number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'every day';
  if (sorted.join() === '1,2,3,4,5') return 'on weekdays';
  if (sorted.join() === '6,7') return 'at weekends';
  const names = sorted.map((d) => DAY_NAMES[d - 1]);
  return `on ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}`;
}

function footer(c: DeliveryMailContext): { text: string; html: string } {
  const settings = `${c.appUrl}/app/settings`;
  const when = `You get Tonight's Pick ${daysText(c.schedule.days)} at ${c.schedule.time} (${c.schedule.timeZone}).`;
  const change = 'To change the days, the time or how it arrives, or to turn these emails off, go to';
  return {
    text: `${when} ${change} Settings: ${settings}\nUnsubscribe: ${c.unsubscribePageUrl}`,
    html: muted(`${escapeHtml(when)} ${escapeHtml(change)} ${link(settings, 'Settings')}, or ${link(c.unsubscribePageUrl, 'unsubscribe')}.`),
  };
}

function headers(c: DeliveryMailContext): Record<string, string> {
  const targets = [`<${c.unsubscribeUrl}>`, ...(c.unsubscribeMailto ? [`<${c.unsubscribeMailto}>`] : [])];
  return { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function runtimeText(r: Recommendation): string {
  if (r.kind === 'series') {
    const seasons = r.seasons ? `${r.seasons} season${r.seasons === 1 ? '' : 's'}` : '';
    const episodes = r.runtime ? `${r.runtime} min episodes` : '';
    return [seasons, episodes].filter(Boolean).join(', ');
  }
  if (!r.runtime) return '';
  const h = Math.floor(r.runtime / 60);
  const m = r.runtime % 60;
  return h ? `${h}h${m ? ` ${m}m` : ''}` : `${m}m`;
}

export function factsLine(r: Recommendation): string {
  const year = r.year > 0 ? (r.kind === 'series' && r.end_year && r.end_year !== r.year ? `${r.year}-${r.end_year}` : String(r.year)) : '';
  const genres = r.genres.length ? r.genres.slice(0, 3).join(', ') : r.genre;
  return [year, r.kind === 'series' ? 'Series' : '', genres, runtimeText(r)].filter(Boolean).join(' · ');
}

/** Each score named by its source: the catalog's Rotten Tomatoes Tomatometer and IMDb user rating (server/catalog/FORMAT.md). */
export function scoresLine(r: Recommendation): string {
  return [
    r.rotten_tomatoes !== null ? `Rotten Tomatoes ${r.rotten_tomatoes}%` : '',
    r.imdb_rating !== null ? `IMDb ${r.imdb_rating.toFixed(1)}/10` : '',
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
  const r = m.rec;
  const titleWithYear = `${r.movie_title}${r.year > 0 ? ` (${r.year})` : ''}`;
  const facts = factsLine(r);
  const scores = scoresLine(r);
  const dashboard = `${c.appUrl}/app/dashboard`;
  const watch = r.platform && r.watch_url ? { label: `Watch on ${r.platform}`, url: r.watch_url } : null;
  const foot = footer(c);
  // Not on the user's services: where it is, in the card's words (docs/product-decisions.md, "Country and where to watch").
  const where = watchSummary(r);
  const whereText = r.platform
    ? `Where to watch: ${r.platform}`
    : r.where_to_watch.length === 0
      ? 'Where to watch: availability unknown'
      : `Where to watch: ${[where.notice, ...where.here.map((h) => h.label), where.elsewhere?.text].filter(Boolean).join(' ')}`;
  const text = [
    `Tonight's pick for you: ${titleWithYear}`,
    [facts, scores].filter(Boolean).join('\n'),
    r.movie_description,
    r.reason ? `Why we picked it: ${r.reason}` : '',
    watch ? `${watch.label}: ${watch.url}` : whereText,
    `Rate it with one click:\nLike: ${m.likeUrl}\nDislike: ${m.dislikeUrl}`,
    `Open Tonight's Pick: ${dashboard}`,
    `--\n${foot.text}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const content = [
    paragraph("Tonight's pick for you", 'font-size:13px;text-transform:uppercase;letter-spacing:1px;color:#6b7280'),
    posterBlock({ posterUrl: emailPosterUrl(c.appUrl, r), title: r.movie_title, facts, scores }),
    '<div style="height:18px"></div>',
    r.movie_description ? paragraph(r.movie_description) : '',
    r.reason ? paragraph(`Why we picked it: ${r.reason}`, 'font-style:italic') : '',
    watch ? `<p style="margin:0 0 18px">${button(watch.url, watch.label)}</p>` : paragraph(whereText, 'color:#6b7280'),
    paragraph('How does it sound? Rate it with one click:', 'margin-bottom:6px'),
    `<p style="margin:0 0 18px">${button(m.likeUrl, 'Like', '#16a34a')}${button(m.dislikeUrl, 'Dislike', '#4b5563')}</p>`,
    muted(link(dashboard, "Open Tonight's Pick")),
  ].join('\n');
  return {
    to: c.to,
    subject: `Tonight's pick: ${titleWithYear}`,
    text,
    html: layout({ preheader: r.reason || r.movie_description, appUrl: c.appUrl, content, footer: foot.html }),
    headers: headers(c),
  };
}

/** Instead of a recommendation when the plan cannot issue one: the plan-limit text (PLAN_LIMIT_TEXTS) and the way up. */
export function upgradeEmail(c: DeliveryMailContext, detail: string, resetsOn: string | null): MailMessage {
  const upgrade = `${c.appUrl}${UPGRADE_PATH}`;
  const offer = `Lifetime: $${PRICING.lifetimePriceUsd} once (was $${PRICING.lifetimeOriginalPriceUsd}), ${PRICING.lifetimeLabel}. Unlimited recommendations and Google Calendar.`;
  const reset = resetsOn ? `Your free picks come back on ${resetsOn}.` : '';
  const foot = footer(c);
  const text = [PLAN_LIMIT_TEXTS.title, detail, reset, offer, `Upgrade to lifetime: ${upgrade}`, `--\n${foot.text}`].filter(Boolean).join('\n\n');
  const content = [
    `<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:#111827">${escapeHtml(PLAN_LIMIT_TEXTS.title)}</h1>`,
    paragraph(detail),
    reset ? paragraph(reset) : '',
    paragraph(offer),
    `<p style="margin:0 0 18px">${button(upgrade, 'Upgrade to lifetime')}</p>`,
  ].join('\n');
  return {
    to: c.to,
    subject: `${PLAN_LIMIT_TEXTS.title}: no new pick tonight`,
    text,
    html: layout({ preheader: detail, appUrl: c.appUrl, content, footer: foot.html }),
    headers: headers(c),
  };
}
