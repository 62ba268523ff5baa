// Simple geometric patterns for posters, each placed by the title's seeded random numbers.
// They sit in the upper part of the poster, behind the title block.

type Rand = () => number;
const r1 = (n: number) => Math.round(n * 10) / 10;

function rings(rand: Rand, color: string): string {
  const cx = 80 + rand() * 240;
  const cy = 120 + rand() * 160;
  const step = 14 + rand() * 16;
  let out = '';
  for (let r = step; r < 420; r += step) out += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"/>`;
  return `<g fill="none" stroke="${color}" stroke-width="${r1(1.5 + rand() * 2)}" opacity="0.32">${out}</g>`;
}

function stripes(rand: Rand, color: string): string {
  const angle = [-35, -20, 20, 35, 60][Math.floor(rand() * 5)];
  const gap = 16 + rand() * 22;
  const w = 3 + rand() * 8;
  let out = '';
  for (let x = -400; x < 800; x += gap) out += `<rect x="${r1(x)}" y="-300" width="${r1(w)}" height="1200"/>`;
  return `<g fill="${color}" opacity="0.22" transform="rotate(${angle} 200 300)">${out}</g>`;
}

function dots(rand: Rand, color: string): string {
  const gap = 18 + rand() * 14;
  const r = 1.8 + rand() * 3;
  let out = '';
  for (let y = gap / 2; y < 420; y += gap) {
    for (let x = gap / 2; x < 400; x += gap) {
      const fade = 1 - y / 440;
      out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * (0.4 + fade * 0.8))}"/>`;
    }
  }
  return `<g fill="${color}" opacity="0.35">${out}</g>`;
}

function bokeh(rand: Rand, color: string): string {
  let out = '';
  const n = 6 + Math.floor(rand() * 6);
  for (let i = 0; i < n; i++) {
    out += `<circle cx="${r1(rand() * 400)}" cy="${r1(rand() * 380)}" r="${r1(30 + rand() * 110)}" opacity="${r1(0.08 + rand() * 0.22)}"/>`;
  }
  return `<g fill="${color}">${out}</g>`;
}

function horizon(rand: Rand, color: string): string {
  const cy = 200 + rand() * 90;
  const r = 70 + rand() * 60;
  const cx = 120 + rand() * 160;
  let bars = '';
  for (let i = 0; i < 7; i++) bars += `<rect x="0" y="${r1(cy - r + i * (r / 4) + r * 0.2)}" width="400" height="${r1(2 + i * 1.2)}"/>`;
  return `<g opacity="0.5"><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${color}" opacity="0.55"/><g fill="rgba(0,0,0,0.35)">${bars}</g></g>`;
}

function peaks(rand: Rand, color: string): string {
  let out = '';
  for (let layer = 0; layer < 3; layer++) {
    const base = 240 + layer * 60;
    let d = `M0 ${base}`;
    let x = 0;
    while (x < 400) {
      const w = 50 + rand() * 90;
      d += ` L${r1(x + w / 2)} ${r1(base - 60 - rand() * 110)} L${r1(x + w)} ${base}`;
      x += w;
    }
    out += `<path d="${d} L400 600 L0 600 Z" opacity="${r1(0.14 + layer * 0.1)}"/>`;
  }
  return `<g fill="${color}">${out}</g>`;
}

function waves(rand: Rand, color: string): string {
  const amp = 8 + rand() * 18;
  const len = 60 + rand() * 80;
  const gap = 18 + rand() * 14;
  let out = '';
  for (let y = 20; y < 440; y += gap) {
    let d = `M-20 ${r1(y)}`;
    for (let x = -20, i = 0; x < 420; x += len / 2, i++) d += ` q${r1(len / 4)} ${r1((i % 2 === 0 ? -1 : 1) * amp)} ${r1(len / 2)} 0`;
    out += `<path d="${d}"/>`;
  }
  return `<g fill="none" stroke="${color}" stroke-width="2" opacity="0.3">${out}</g>`;
}

function grid(rand: Rand, color: string): string {
  const gap = 26 + rand() * 20;
  let out = '';
  for (let x = 0; x <= 400; x += gap) out += `<line x1="${r1(x)}" y1="0" x2="${r1(x)}" y2="600"/>`;
  for (let y = 0; y <= 600; y += gap) out += `<line x1="0" y1="${r1(y)}" x2="400" y2="${r1(y)}"/>`;
  const sq = `<rect x="${r1(40 + rand() * 200)}" y="${r1(40 + rand() * 160)}" width="${r1(gap * 3)}" height="${r1(gap * 3)}" fill="${color}" opacity="0.35"/>`;
  return `<g stroke="${color}" stroke-width="1" opacity="0.28">${out}</g>${sq}`;
}

const PATTERNS = [rings, stripes, dots, bokeh, horizon, peaks, waves, grid];

export function pattern(rand: Rand, color: string): string {
  return PATTERNS[Math.floor(rand() * PATTERNS.length)](rand, color);
}
