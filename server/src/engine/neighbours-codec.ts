// A NeighbourTable as one blob, so that one instance builds the co-likes and every instance reads
// them (features/history/co-likes.ts stores the blob in co_like_tables). Layout, little-endian,
// every array at a multiple of 4 bytes so that decoding can view the blob instead of copying it:
//
//   header   magic 'TPNB', format version, titles n, entries m, id text bytes, checksum (6 x u32)
//   off      u32 x (n + 1)     row r's neighbours are [off[r], off[r + 1])
//   nbr      u32 x m
//   weight   f32 x m
//   support  f32 x n
//   idEnd    u32 x n           where each id ends in the id text (UTF-16 units)
//   text     UTF-8 of every id joined, zero-padded to 4 bytes
//
// Decoding checks the magic, the version, every size, the checksum and every offset and
// neighbour index, and throws CorruptNeighbours on the first thing wrong: a damaged blob never
// becomes a table that answers wrongly.
import { NeighbourTable } from './neighbours.js';

const MAGIC = 0x424e5054; // 'TPNB' read as a little-endian u32
export const NEIGHBOURS_FORMAT = 1;
const HEADER_WORDS = 6;
const HEADER_BYTES = HEADER_WORDS * 4;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Thrown by decodeNeighbours for a blob that is not a whole, intact table of this format. */
export class CorruptNeighbours extends Error {}

const padded = (bytes: number) => (bytes + 3) & ~3;

/** The blob's size in bytes for n titles, m entries and `text` bytes of ids. */
function blobBytes(n: number, m: number, text: number): number {
  return HEADER_BYTES + 4 * (n + 1) + 8 * m + 4 * n + 4 * n + padded(text);
}

/**
 * A checksum over the blob's body as 32-bit words (a multiply-xorshift mix, not cryptographic): a
 * flipped bit or a blob cut and padded back to size changes it.
 */
function checksum(words: Uint32Array): number {
  return mix(0x9747b28c ^ words.length, words, 0, words.length) >>> 0;
}

/** The checksum's state after words [from, to), from state h: it can be computed a stretch at a time. */
function mix(h: number, words: Uint32Array, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    h = Math.imul(h ^ (LITTLE_ENDIAN ? words[i] : swapped(words[i])), 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h;
}

/** Words checksummed, and ids read, between two yields of decodeNeighboursInSteps (a few ms each). */
const STEP_WORDS = 1 << 20;
const STEP_IDS = 8192;

export function encodeNeighbours(table: NeighbourTable): Uint8Array {
  const n = table.ids.length;
  const m = table.off[n] ?? 0;
  const joined = table.ids.join('');
  const text = new TextEncoder().encode(joined);
  const out = new Uint8Array(blobBytes(n, m, text.length));
  const words = new Uint32Array(out.buffer);
  let at = HEADER_WORDS;
  const put = (from: Uint32Array | Float32Array, count: number) => {
    words.set(new Uint32Array(from.buffer, from.byteOffset, count), at);
    at += count;
  };
  put(table.off, n + 1);
  put(table.nbr, m);
  put(table.weight, m);
  put(table.supportOf, n);
  let end = 0;
  for (let r = 0; r < n; r++) words[at++] = end += table.ids[r].length;
  out.set(text, at * 4);
  if (!LITTLE_ENDIAN) swapWords(words.subarray(HEADER_WORDS, at));
  const header = [MAGIC, NEIGHBOURS_FORMAT, n, m, text.length];
  header.forEach((v, i) => (words[i] = v));
  words[5] = checksum(words.subarray(HEADER_WORDS));
  if (!LITTLE_ENDIAN) swapWords(words.subarray(0, HEADER_WORDS));
  return out;
}

export function decodeNeighbours(blob: Uint8Array): NeighbourTable {
  const steps = decodeNeighboursInSteps(blob);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * decodeNeighbours cut into steps of a few milliseconds (a million words checksummed, 8,192 ids
 * read), so a server can read a stored table between requests:
 * `for (let s = it.next(); !s.done; s = it.next()) await new Promise(setImmediate)`. At 100,000
 * titles the ids and their map alone took 40-170 ms in one go. The blob must not change meanwhile.
 */
export function* decodeNeighboursInSteps(blob: Uint8Array): Generator<void, NeighbourTable> {
  if (blob.byteLength < HEADER_BYTES) throw new CorruptNeighbours(`co-like table blob is ${blob.byteLength} bytes, shorter than its header`);
  // Typed arrays need a 4-byte aligned start (a database driver's buffer may not be): copy once if not.
  // On a big-endian machine the numbers are swapped in place: on a copy, never the caller's blob.
  const bytes = blob.byteOffset % 4 === 0 && LITTLE_ENDIAN ? blob : blob.slice();
  const all = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  const header = all.slice(0, HEADER_WORDS);
  if (!LITTLE_ENDIAN) swapWords(header);
  const [magic, format, n, m, textBytes, sum] = header;
  if (magic !== MAGIC) throw new CorruptNeighbours('co-like table blob does not start with the neighbour table magic');
  if (format !== NEIGHBOURS_FORMAT) throw new CorruptNeighbours(`co-like table blob is format ${format}; this server reads format ${NEIGHBOURS_FORMAT}`);
  const size = blobBytes(n, m, textBytes);
  if (size !== bytes.byteLength) throw new CorruptNeighbours(`co-like table blob is ${bytes.byteLength} bytes; its header says ${size}`);
  const body = all.subarray(HEADER_WORDS);
  let h = 0x9747b28c ^ body.length;
  for (let from = 0; from < body.length; from += STEP_WORDS) {
    h = mix(h, body, from, Math.min(body.length, from + STEP_WORDS));
    yield;
  }
  if (h >>> 0 !== sum) throw new CorruptNeighbours('co-like table blob fails its checksum');
  if (!LITTLE_ENDIAN) swapWords(body.subarray(0, 3 * n + 1 + 2 * m));
  let at = bytes.byteOffset + HEADER_BYTES;
  const view = <T>(Type: new (b: ArrayBufferLike, o: number, l: number) => T, count: number): T => {
    const arr = new Type(bytes.buffer, at, count);
    at += count * 4;
    return arr;
  };
  const off = view(Uint32Array, n + 1);
  const nbr = view(Uint32Array, m);
  const weight = view(Float32Array, m);
  const supportOf = view(Float32Array, n);
  const idEnd = view(Uint32Array, n);
  const joined = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(at - bytes.byteOffset, at - bytes.byteOffset + textBytes));
  checkShape(n, m, off, nbr, idEnd, joined.length);
  yield;
  const ids: string[] = new Array<string>(n);
  const rowOf = new Map<string, number>();
  for (let r = 0, start = 0; r < n; start = idEnd[r++]) {
    ids[r] = joined.slice(start, idEnd[r]);
    rowOf.set(ids[r], r);
    if ((r + 1) % STEP_IDS === 0) yield;
  }
  if (rowOf.size !== n) throw new CorruptNeighbours('co-like table blob names a title twice');
  return new NeighbourTable(ids, rowOf, off, nbr, weight, supportOf);
}

/** Offsets that only grow and end at m, neighbours that are rows, id ends that only grow to the text's end. */
function checkShape(n: number, m: number, off: Uint32Array, nbr: Uint32Array, idEnd: Uint32Array, textLength: number): void {
  if (off[0] !== 0 || off[n] !== m) throw new CorruptNeighbours('co-like table blob has row offsets that do not span its entries');
  for (let r = 0; r < n; r++) if (off[r + 1] < off[r]) throw new CorruptNeighbours('co-like table blob has row offsets out of order');
  for (let x = 0; x < m; x++) if (nbr[x] >= n) throw new CorruptNeighbours('co-like table blob names a neighbour that is not a title');
  for (let r = 0, prev = 0; r < n; prev = idEnd[r++]) if (idEnd[r] < prev) throw new CorruptNeighbours('co-like table blob has title ids out of order');
  if ((n > 0 ? idEnd[n - 1] : 0) !== textLength) throw new CorruptNeighbours('co-like table blob has title ids that do not span their text');
}

/** Byte-swaps 32-bit words in place (only on a big-endian machine). */
function swapWords(words: Uint32Array): void {
  for (let i = 0; i < words.length; i++) words[i] = swapped(words[i]);
}

function swapped(w: number): number {
  return (((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24)) >>> 0;
}
