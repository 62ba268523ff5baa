// The HTML half of the scheduled emails: tables and inline styles, which is what mail clients
// render. Every value is escaped here; callers pass plain text and absolute URLs.
import type { Locale } from '@app/shared';
import { escapeHtml, htmlLangAttributes } from '../../integrations/mail-text.js';

export { escapeHtml };

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#111827';
const MUTED = '#6b7280';
const ACCENT = '#e11d48';

export function button(href: string, label: string, colour = ACCENT): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;margin:4px 8px 4px 0;border-radius:6px;background:${colour};color:#ffffff;font-family:${FONT};font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(label)}</a>`;
}

export const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 14px;font-family:${FONT};font-size:15px;line-height:22px;color:${INK};${style}">${escapeHtml(text)}</p>`;

export const muted = (html: string) => `<p style="margin:0 0 10px;font-family:${FONT};font-size:13px;line-height:19px;color:${MUTED}">${html}</p>`;

export const link = (href: string, label: string) => `<a href="${escapeHtml(href)}" style="color:${ACCENT}">${escapeHtml(label)}</a>`;

export interface PosterBlock {
  posterUrl: string;
  title: string;
  /** "2021 · Drama, Thriller · 1h 52m" */
  facts: string;
  scores: string;
}

/**
 * The poster beside the title set in type: a jpg or PNG (Gmail and Outlook drop SVG). While a
 * client blocks images the alt text is styled like a poster and the title stands on its own in
 * the text column.
 */
export function posterBlock(p: PosterBlock): string {
  const img = `<img src="${escapeHtml(p.posterUrl)}" width="140" height="210" alt="${escapeHtml(p.title)}" style="display:block;width:140px;height:210px;border:0;border-radius:6px;background:#1f2937;color:#ffffff;font-family:Georgia,serif;font-size:18px;line-height:24px;text-align:center">`;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>
<td width="140" valign="top" style="padding:0 18px 0 0">${img}</td>
<td valign="top">
<h1 style="margin:0 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:28px;line-height:32px;font-weight:700;color:${INK}">${escapeHtml(p.title)}</h1>
${p.facts ? `<p style="margin:0 0 6px;font-family:${FONT};font-size:14px;color:${MUTED}">${escapeHtml(p.facts)}</p>` : ''}
${p.scores ? `<p style="margin:0;font-family:${FONT};font-size:14px;color:${INK};font-weight:600">${escapeHtml(p.scores)}</p>` : ''}
</td></tr></table>`;
}

/** The frame every scheduled email shares: heading, content, footer. */
export function layout(opts: { preheader: string; appUrl: string; content: string; footer: string; locale?: Locale }): string {
  return `<!doctype html>
<html ${htmlLangAttributes(opts.locale)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Tonight's Pick</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(opts.preheader)}</div>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="600" style="max-width:600px;width:100%;background:#ffffff;border-radius:10px">
<tr><td style="padding:20px 28px 0;font-family:${FONT};font-size:16px;font-weight:700;color:${ACCENT}"><a href="${escapeHtml(opts.appUrl)}" style="color:${ACCENT};text-decoration:none">Tonight's Pick</a></td></tr>
<tr><td style="padding:18px 28px 8px">${opts.content}</td></tr>
<tr><td style="padding:12px 28px 24px;border-top:1px solid #e5e7eb">${opts.footer}</td></tr>
</table></td></tr></table>
</body></html>`;
}
