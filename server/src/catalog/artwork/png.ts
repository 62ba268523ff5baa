// Generated artwork as PNG, for email: Gmail and Outlook drop SVG images. resvg draws the SVG
// with fonts that ship in an npm package (dejavu-fonts-ttf), never the machine's own, so a fresh
// server or CI machine without any installed font draws the same poster, text included.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { serviceUnavailable } from '../../http/errors.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

// The faces the generated artwork asks for (artwork/palette.ts FONT_STACKS): each stack ends in a
// DejaVu family, and the generic families map to DejaVu too.
const FONT_FILES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSansCondensed-Bold.ttf',
  'DejaVuSerif-Bold.ttf',
  'DejaVuSerif-Italic.ttf',
].map((f) => join(FONT_DIR, f));

/** Email shows posters at 140x210; twice that for sharp screens. */
export const PNG_POSTER_WIDTH = 280;

const OPTIONS: ResvgRenderOptions = {
  font: {
    loadSystemFonts: false,
    fontFiles: FONT_FILES,
    defaultFontFamily: 'DejaVu Sans',
    sansSerifFamily: 'DejaVu Sans',
    serifFamily: 'DejaVu Serif',
  },
  fitTo: { mode: 'width', value: PNG_POSTER_WIDTH },
  logLevel: 'off',
};

// resvg draws on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), as
// scrypt does: the poster URL is anonymous, and 70 drawings at once queued a sign-in's hash
// behind them all (1.4 s to 5.1 s). One drawing at a time leaves password hashing its two threads
// (features/auth/password.ts) and one for files and compression; a short queue, then 503 with
// Retry-After. The bound is per process, as the pool is.
export const POSTER_DRAWING = { atOnce: 1, waiting: 32, retryAfterSeconds: 1 } as const;

const slots = { running: 0, mostAtOnce: 0, mostWaiting: 0, waiting: [] as Array<() => void> };

/** What the drawing bound holds now, and the most it ever held (the server's own view). */
export function posterDrawing() {
  return { running: slots.running, waiting: slots.waiting.length, mostAtOnce: slots.mostAtOnce, mostWaiting: slots.mostWaiting };
}

/** Off the event loop, one at a time: a burst of posters never stalls requests or sign-ins. */
export async function svgToPng(svg: string): Promise<Buffer> {
  if (slots.running < POSTER_DRAWING.atOnce) slots.running++;
  else {
    if (slots.waiting.length >= POSTER_DRAWING.waiting) throw serviceUnavailable('Too many posters are being drawn. Please try again in a moment.', POSTER_DRAWING.retryAfterSeconds);
    // A finished drawing hands its slot straight to the first waiter, so none can slip in between.
    await new Promise<void>((resolve) => {
      slots.waiting.push(resolve);
      slots.mostWaiting = Math.max(slots.mostWaiting, slots.waiting.length);
    });
  }
  slots.mostAtOnce = Math.max(slots.mostAtOnce, slots.running);
  try {
    return (await renderAsync(svg, OPTIONS)).asPng();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running--;
  }
}
