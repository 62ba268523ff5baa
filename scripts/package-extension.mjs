// The last step of `npm run build -w extension`: the two store packages,
// extension/dist/tonights-pick-chrome-<version>.zip (Chrome Web Store) and
// extension/dist/tonights-pick-firefox-<version>.zip (addons.mozilla.org), each holding its build
// folder's contents at the zip's root, as both stores expect. Source maps and dotfiles (Vite's
// .vite/ build manifest) stay out: the stores do not need them and we do not publish our sources
// that way. A plain zip writer (deflate, CRC-32 from node:zlib) rather than one more dependency.
// The Chrome package's manifest leaves out `key` (docs/extension-store.md, "The extension's id").
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = join(root, 'extension/dist');
const { version } = JSON.parse(readFileSync(join(root, 'extension/package.json'), 'utf8'));

/** Every file a store package holds, relative to the build folder, sorted (a stable package). */
function packagedFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d)) {
      if (entry.startsWith('.')) continue;
      const full = join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (!entry.endsWith('.map')) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * A file as the store receives it. The Chrome Web Store refuses a manifest with `key` ("key field is
 * not allowed in manifest") and gives the published item an id of its own; the unpacked build keeps
 * the key, so a developer's extension keeps the fixed id the server's default EXTENSION_ORIGINS names.
 * A manifest without `key` (Firefox's) goes in byte for byte.
 */
function storeCopy(name, data) {
  if (name !== 'manifest.json') return data;
  const manifest = JSON.parse(data.toString('utf8'));
  if (!('key' in manifest)) return data;
  delete manifest.key;
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

// A fixed timestamp (1 Jan 2000, DOS format): the same build gives the same bytes.
const DOS_TIME = 0;
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

function zip(dir) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const name of packagedFiles(dir)) {
    const data = storeCopy(name, readFileSync(join(dir, name)));
    const packed = deflateRawSync(data, { level: 9 });
    const stored = packed.length >= data.length;
    const body = stored ? data : packed;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const common = (b, at) => {
      b.writeUInt16LE(20, at); // version needed: 2.0
      b.writeUInt16LE(0x0800, at + 2); // names are UTF-8
      b.writeUInt16LE(stored ? 0 : 8, at + 4);
      b.writeUInt16LE(DOS_TIME, at + 6);
      b.writeUInt16LE(DOS_DATE, at + 8);
      b.writeUInt32LE(crc, at + 10);
      b.writeUInt32LE(body.length, at + 14);
      b.writeUInt32LE(data.length, at + 18);
      b.writeUInt16LE(nameBytes.length, at + 22);
      b.writeUInt16LE(0, at + 24); // no extra field
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    locals.push(local, nameBytes, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    common(central, 6);
    // comment length, disk, internal and external attributes: 0; then the local header's offset.
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

if (process.env.EXTENSION_OUT_DIR) {
  // A build for one server into another folder (the e2e journeys): dist/ was not rebuilt.
  console.log('EXTENSION_OUT_DIR is set: no store packages');
} else {
  for (const browser of ['chrome', 'firefox']) {
    const file = join(dist, `tonights-pick-${browser}-${version}.zip`);
    const bytes = zip(join(dist, browser));
    writeFileSync(file, bytes);
    console.log(`${relative(root, file)}  ${(bytes.length / 1024).toFixed(1)} kB`);
  }
}
