// Genre-driven looks: the first (most defining) genre picks the palette and the typeface; a
// seed from the title id shifts the hue a little so two dramas are not the same poster.

export type Face = 'condensed' | 'serif' | 'sans' | 'rounded';

export interface Look {
  /** Base hue, saturation and lightness of the two background stops. */
  hue: number;
  sat: number;
  light: [number, number];
  /** Hue offset of the second stop and of the accent. */
  spread: number;
  accentHue: number;
  face: Face;
}

const LOOKS: Record<string, Look> = {
  Action: { hue: 8, sat: 78, light: [38, 14], spread: 22, accentHue: 38, face: 'condensed' },
  Adventure: { hue: 190, sat: 62, light: [34, 16], spread: -40, accentHue: 40, face: 'condensed' },
  Animation: { hue: 275, sat: 70, light: [50, 20], spread: 50, accentHue: 50, face: 'rounded' },
  Comedy: { hue: 40, sat: 88, light: [54, 26], spread: -22, accentHue: 195, face: 'rounded' },
  Crime: { hue: 220, sat: 45, light: [20, 8], spread: 10, accentHue: 0, face: 'condensed' },
  Documentary: { hue: 200, sat: 14, light: [34, 18], spread: 20, accentHue: 45, face: 'sans' },
  Drama: { hue: 340, sat: 48, light: [28, 11], spread: -25, accentHue: 30, face: 'serif' },
  Family: { hue: 200, sat: 75, light: [52, 24], spread: -30, accentHue: 48, face: 'rounded' },
  Fantasy: { hue: 265, sat: 55, light: [32, 12], spread: -30, accentHue: 45, face: 'serif' },
  History: { hue: 32, sat: 45, light: [32, 14], spread: -10, accentHue: 42, face: 'serif' },
  Horror: { hue: 355, sat: 70, light: [18, 4], spread: 5, accentHue: 0, face: 'condensed' },
  Music: { hue: 310, sat: 72, light: [40, 18], spread: -120, accentHue: 180, face: 'sans' },
  Mystery: { hue: 190, sat: 50, light: [22, 8], spread: 30, accentHue: 170, face: 'serif' },
  Romance: { hue: 345, sat: 68, light: [50, 20], spread: 20, accentHue: 20, face: 'serif' },
  'Science Fiction': { hue: 230, sat: 65, light: [30, 9], spread: -40, accentHue: 185, face: 'sans' },
  Thriller: { hue: 200, sat: 30, light: [18, 6], spread: -20, accentHue: 48, face: 'condensed' },
  War: { hue: 75, sat: 24, light: [30, 12], spread: -30, accentHue: 30, face: 'condensed' },
  Western: { hue: 22, sat: 62, light: [44, 20], spread: 15, accentHue: 45, face: 'serif' },
};
const DEFAULT_LOOK = LOOKS.Drama;

export function lookFor(genres: string[]): Look {
  return LOOKS[genres[0]] ?? DEFAULT_LOOK;
}

export const FONT_STACKS: Record<Face, { family: string; weight: number; widthFactor: number; upper: boolean; spacing: number }> = {
  condensed: {
    family: "'Oswald','Bebas Neue','Roboto Condensed','Arial Narrow','DejaVu Sans Condensed',Impact,sans-serif",
    weight: 700,
    widthFactor: 0.9,
    upper: true,
    spacing: 1,
  },
  serif: { family: "'Playfair Display',Georgia,'DejaVu Serif','Times New Roman',serif", weight: 700, widthFactor: 1.16, upper: false, spacing: 0 },
  sans: { family: "'Inter','Helvetica Neue',Arial,'DejaVu Sans',sans-serif", weight: 800, widthFactor: 1, upper: true, spacing: 2 },
  rounded: {
    family: "'Nunito','Quicksand','Trebuchet MS','Verdana','DejaVu Sans',sans-serif",
    weight: 800,
    widthFactor: 1.12,
    upper: false,
    spacing: 0,
  },
};

export const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;

/** A small deterministic generator seeded by a string (FNV-1a, then mulberry32). */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Relative luminance of a #RRGGBB colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}
