// Generated artwork as PNG, for email: Gmail and Outlook drop SVG images. resvg draws the SVG
// with fonts that ship in an npm package (dejavu-fonts-ttf), never the machine's own, so a fresh
// server or CI machine without any installed font draws the same poster, text included.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';

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

/** Off the event loop (libuv's thread pool), so a burst of email posters never stalls requests. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return (await renderAsync(svg, OPTIONS)).asPng();
}
