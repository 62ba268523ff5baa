// `node scripts/extension-icons.mjs`: the extension's icon sizes the stores ask for, drawn from the
// largest artwork we have (extension/public/icon-128.png), into extension/public. Run once when
// the artwork changes; the PNGs it writes are committed (the build only copies them).
// Chrome Web Store: 128 in the package, 16/32/48 for the toolbar and the extensions page;
// AMO: 48 and 96. 16 and 48 are hand-tuned artwork already, so only the missing sizes are drawn.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync, crc32 } from 'node:zlib';
import { root } from './lib.mjs';

const SOURCE = join(root, 'extension/public/icon-128.png');
const SIZES = [32, 96];

/** 8-bit RGBA, non-interlaced: what our artwork is; anything else is refused, not guessed at. */
function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = data.subarray(8);
      if (depth !== 8 || colour !== 6 || interlace !== 0) throw new Error('expected 8-bit RGBA, non-interlaced');
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? px[y * stride + x - 4] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= 4 && y > 0 ? px[(y - 1) * stride + x - 4] : 0;
      let pred = 0;
      if (filter === 1) pred = a;
      else if (filter === 2) pred = b;
      else if (filter === 3) pred = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      px[y * stride + x] = (line[x] + pred) & 0xff;
    }
  }
  return { width, height, px };
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(width, height, px) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) px.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Area averaging (each target pixel is the coverage-weighted mean of the source pixels under it),
 * in premultiplied alpha so transparent edges do not darken.
 */
function downscale({ width, height, px }, size) {
  const out = Buffer.alloc(size * size * 4);
  const sx = width / size;
  const sy = height / size;
  for (let ty = 0; ty < size; ty++) {
    for (let tx = 0; tx < size; tx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let area = 0;
      for (let y = Math.floor(ty * sy); y < Math.ceil((ty + 1) * sy); y++) {
        const wy = Math.min(y + 1, (ty + 1) * sy) - Math.max(y, ty * sy);
        for (let x = Math.floor(tx * sx); x < Math.ceil((tx + 1) * sx); x++) {
          const w = wy * (Math.min(x + 1, (tx + 1) * sx) - Math.max(x, tx * sx));
          const i = (y * width + x) * 4;
          const alpha = px[i + 3] / 255;
          r += px[i] * alpha * w;
          g += px[i + 1] * alpha * w;
          b += px[i + 2] * alpha * w;
          a += alpha * w;
          area += w;
        }
      }
      const o = (ty * size + tx) * 4;
      out[o] = a > 0 ? Math.round(r / a) : 0;
      out[o + 1] = a > 0 ? Math.round(g / a) : 0;
      out[o + 2] = a > 0 ? Math.round(b / a) : 0;
      out[o + 3] = Math.round((a / area) * 255);
    }
  }
  return out;
}

const source = decodePng(readFileSync(SOURCE));
for (const size of SIZES) {
  const file = join(root, `extension/public/icon-${size}.png`);
  writeFileSync(file, encodePng(size, size, downscale(source, size)));
  console.log(`wrote ${file}`);
}
