// Text helpers for generated SVG: escaping, a conservative width estimate and line wrapping.
// Widths are estimated (we never see the font the browser picks), so the estimate errs wide:
// a line may end short of the margin, but never runs past it.

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const NARROW = new Set([...".,;:!'|il1jI()[]"]);
const SEMI = new Set([...'frt-"/ ']);
const WIDE = new Set([...'mwMW@%&']);

/** Estimated advance of one character in em, for a bold face. */
function charEm(c: string): number {
  if (NARROW.has(c)) return 0.34;
  if (SEMI.has(c)) return 0.44;
  if (WIDE.has(c)) return 0.98;
  if (c >= 'A' && c <= 'Z') return 0.76;
  if (c.charCodeAt(0) > 0x2e80) return 1.05;
  return 0.64;
}

export function textWidth(s: string, fontSize: number, widthFactor = 1, letterSpacing = 0): number {
  let em = 0;
  for (const c of s) em += charEm(c);
  return em * fontSize * widthFactor + letterSpacing * Math.max(0, [...s].length - 1);
}

export interface Wrapped {
  lines: string[];
  fontSize: number;
}

/** Greedy word wrap; false when a single word does not fit. */
function wrapAt(text: string, maxWidth: number, size: number, factor: number): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (textWidth(w, size, factor) > maxWidth) return null;
    const candidate = line ? `${line} ${w}` : w;
    if (textWidth(candidate, size, factor) <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest size from `sizes` at which the text wraps into at most maxLines. Balanced: a short
 * last line borrows words so titles do not end on a lonely word.
 */
export function fitText(text: string, maxWidth: number, maxLines: number, sizes: number[], factor = 1): Wrapped {
  for (const size of sizes) {
    const lines = wrapAt(text, maxWidth, size, factor);
    if (lines && lines.length <= maxLines) return { lines: balance(lines, maxWidth, size, factor), fontSize: size };
  }
  const smallest = sizes[sizes.length - 1];
  const lines = wrapAt(text, maxWidth, smallest, factor) ?? hardWrap(text, maxWidth, smallest, factor);
  if (lines.length <= maxLines) return { lines, fontSize: smallest };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/\s*\S*$/, '') || kept[maxLines - 1]}…`;
  return { lines: kept, fontSize: smallest };
}

function balance(lines: string[], maxWidth: number, size: number, factor: number): string[] {
  if (lines.length < 2) return lines;
  const out = [...lines];
  const last = out.length - 1;
  for (;;) {
    const prevWords = out[last - 1].split(' ');
    if (prevWords.length < 2) break;
    const moved = prevWords[prevWords.length - 1];
    const newLast = `${moved} ${out[last]}`;
    const newPrev = prevWords.slice(0, -1).join(' ');
    if (textWidth(newLast, size, factor) > maxWidth || textWidth(newLast, size, factor) > textWidth(newPrev, size, factor)) break;
    out[last - 1] = newPrev;
    out[last] = newLast;
  }
  return out;
}

function hardWrap(text: string, maxWidth: number, size: number, factor: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const c of text) {
    if (textWidth(line + c, size, factor) > maxWidth && line) {
      lines.push(line.trim());
      line = '';
    }
    line += c;
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}
