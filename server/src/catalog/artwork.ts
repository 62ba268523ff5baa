// Generated artwork: a typographic poster per title and a logo mark per platform. Our own
// designs from the catalog's facts, so no copyrighted art is shipped and no card is blank.
import { escapeXml, fitText, textWidth } from './artwork/text.js';
import { FONT_STACKS, hsl, lookFor, luminance, seededRandom } from './artwork/palette.js';
import { pattern } from './artwork/patterns.js';

export interface PosterInput {
  id: string;
  kind: 'movie' | 'series';
  title: string;
  originalTitle: string | null;
  year: number;
  endYear: number | null;
  genres: string[];
  language: string;
}

const W = 400;
const H = 600;
const PAD = 32;
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}\p{S}]+$/u;

function yearsLabel(p: PosterInput): string {
  if (p.kind === 'movie') return `FILM · ${p.year}`;
  if (p.endYear === null) return `SERIES · ${p.year}–`;
  return p.endYear === p.year ? `SERIES · ${p.year}` : `SERIES · ${p.year}–${p.endYear}`;
}

export function renderPoster(p: PosterInput): string {
  const rand = seededRandom(p.id);
  const look = lookFor(p.genres);
  const face = FONT_STACKS[look.face];
  const hue = look.hue + (rand() - 0.5) * 24;
  const top = hsl(hue, look.sat, look.light[0]);
  const bottom = hsl(hue + look.spread, look.sat * 0.9, look.light[1]);
  const accent = hsl(look.accentHue + (rand() - 0.5) * 20, 85, 62);
  const ink = '#FFFFFF';
  const angle = Math.round(rand() * 60 - 30);

  const text = face.upper ? p.title.toLocaleUpperCase('en') : p.title;
  const maxWidth = W - PAD * 2;
  const fit = fitText(text, maxWidth, 5, [72, 64, 56, 50, 44, 40, 36, 32, 28, 24], face.widthFactor + face.spacing / 40);
  const lineHeight = Math.round(fit.fontSize * (face.upper ? 1.0 : 1.08));
  const original = p.originalTitle && p.originalTitle !== p.title && LATIN.test(p.originalTitle) ? p.originalTitle : null;
  const genresLine = p.genres.join('  /  ').toLocaleUpperCase('en');
  const baseBottom = H - PAD - 30;
  const afterTitle = original ? 30 : 0;
  const lastBaseline = baseBottom - afterTitle;
  const firstBaseline = lastBaseline - (fit.lines.length - 1) * lineHeight;
  const ruleY = firstBaseline - fit.fontSize - 18;

  const lines = fit.lines
    .map((l, i) => `<text x="${PAD}" y="${firstBaseline + i * lineHeight}">${escapeXml(l)}</text>`)
    .join('');
  const originalLine = original
    ? `<text x="${PAD}" y="${baseBottom}" font-family="${FONT_STACKS.serif.family}" font-style="italic" font-size="${textWidth(original, 18) > maxWidth ? 14 : 18}" fill="${ink}" opacity="0.8">${escapeXml(original)}</text>`
    : '';
  // Every palette ends dark enough for white type; the scrim keeps it legible over the pattern.
  const scrim = `<rect x="0" y="${H * 0.35}" width="${W}" height="${H * 0.65}" fill="url(#scrim)"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(`${p.title} (${p.year})`)}">`,
    `<title>${escapeXml(`${p.title} (${p.year})`)}</title>`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    '<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient>',
    `<clipPath id="frame"><rect width="${W}" height="${H}"/></clipPath>`,
    '</defs>',
    `<g clip-path="url(#frame)">`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    pattern(rand, accent),
    scrim,
    '</g>',
    `<g font-family="${FONT_STACKS.sans.family}" font-size="13" font-weight="700" letter-spacing="2.5" fill="${ink}" opacity="0.9">`,
    `<text x="${PAD}" y="${PAD + 10}">${escapeXml(yearsLabel(p))}</text>`,
    `<text x="${W - PAD}" y="${PAD + 10}" text-anchor="end">${escapeXml(p.language.toLocaleUpperCase('en'))}</text>`,
    '</g>',
    `<rect x="${PAD}" y="${ruleY}" width="44" height="5" rx="2" fill="${accent}"/>`,
    `<g font-family="${face.family}" font-weight="${face.weight}" font-size="${fit.fontSize}" letter-spacing="${face.spacing}" fill="${ink}">${lines}</g>`,
    originalLine,
    `<text x="${PAD}" y="${H - PAD + 4}" font-family="${FONT_STACKS.sans.family}" font-size="12" font-weight="600" letter-spacing="2" fill="${ink}" opacity="0.75">${escapeXml(genresLine)}</text>`,
    '</svg>',
  ].join('');
}

export interface LogoInput {
  name: string;
  slug: string;
  color: string;
}

/** A square mark: the platform's name on its colour with one simple shape; no brand artwork. */
export function renderLogo(p: LogoInput): string {
  const S = 128;
  const rand = seededRandom(p.slug);
  const dark = luminance(p.color) > 0.45;
  const ink = dark ? '#111111' : '#FFFFFF';
  const shapeFill = dark ? 'rgba(0,0,0,0.12)' : 'rgba(255,255,255,0.16)';
  const shapes = [
    `<circle cx="${S * 0.78}" cy="${S * 0.22}" r="${S * 0.34}" fill="${shapeFill}"/>`,
    `<path d="M${S * 0.62} ${S * 0.02} L${S * 1.02} ${S * 0.28} L${S * 0.62} ${S * 0.54} Z" fill="${shapeFill}"/>`,
    `<rect x="${S * 0.58}" y="${-S * 0.14}" width="${S * 0.5}" height="${S * 0.5}" rx="${S * 0.08}" transform="rotate(45 ${S * 0.83} ${S * 0.11})" fill="${shapeFill}"/>`,
    `<g fill="${shapeFill}"><rect x="0" y="${S * 0.8}" width="${S}" height="${S * 0.06}"/><rect x="0" y="${S * 0.9}" width="${S}" height="${S * 0.1}"/></g>`,
  ];
  const shape = shapes[Math.floor(rand() * shapes.length)];
  const fit = fitText(p.name, S - 20, 2, [30, 27, 24, 22, 20, 18, 16], 1);
  const lh = Math.round(fit.fontSize * 1.05);
  const firstBaseline = S / 2 + fit.fontSize * 0.36 - ((fit.lines.length - 1) * lh) / 2;
  const lines = fit.lines
    .map((l, i) => `<text x="${S / 2}" y="${Math.round(firstBaseline + i * lh)}">${escapeXml(l)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="${escapeXml(p.name)}">`,
    `<title>${escapeXml(p.name)}</title>`,
    `<clipPath id="c"><rect width="${S}" height="${S}" rx="28"/></clipPath>`,
    `<g clip-path="url(#c)"><rect width="${S}" height="${S}" fill="${escapeXml(p.color)}"/>${shape}</g>`,
    `<g font-family="${FONT_STACKS.sans.family}" font-weight="800" font-size="${fit.fontSize}" text-anchor="middle" fill="${ink}">${lines}</g>`,
    '</svg>',
  ].join('');
}
