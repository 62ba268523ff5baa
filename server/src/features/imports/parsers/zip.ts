// A small, bounded zip reader for export archives (Letterboxd, Trakt): it reads the central
// directory at the end of the file, and unpacks only the members a caller asks for, stored (0) or
// deflated (8), each inflated with a hard output limit. Every size is checked against the bytes
// actually there, so a damaged archive, a zip bomb or a header that lies about its sizes ends in
// an ImportFileError, never in a hang or an unbounded allocation. Encrypted members, zip64 and
// multi-part archives are refused with a message saying so.
import { crc32, inflateRawSync } from 'node:zlib';
import { fail, shown } from './common.js';

/** Members listed at most (the central directory is read whole; each entry is >= 46 bytes). */
export const ZIP_MAX_LISTED = 10_000;
/** Members unpacked at most, and their total unpacked size. */
export const ZIP_MAX_READ = 200;
export const ZIP_MAX_TOTAL_BYTES = 50 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;

export interface ZipMember {
  /** The path inside the archive, '/'-separated. */
  path: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** True when the bytes start like a zip archive (a member, or an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

export class ZipReader {
  readonly members: ZipMember[];
  private read = 0;
  private unpacked = 0;

  constructor(
    private readonly where: string,
    private readonly bytes: Buffer,
  ) {
    this.members = this.list();
  }

  private damaged(why: string): never {
    fail(`${this.where} is not a readable zip archive (${why}).`);
  }

  private list(): ZipMember[] {
    const b = this.bytes;
    if (b.length < 22) this.damaged('too short');
    // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535.
    let eocd = -1;
    for (let p = b.length - 22; p >= Math.max(0, b.length - 22 - 0xffff); p--) {
      if (b.readUInt32LE(p) === EOCD && p + 22 + b.readUInt16LE(p + 20) <= b.length) {
        eocd = p;
        break;
      }
    }
    if (eocd < 0) this.damaged('no central directory: it is cut short or damaged');
    if (eocd >= 20 && b.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) fail(`${this.where} is a zip64 archive, which is not supported: export it again, or send the CSV or JSON files one at a time.`);
    const disk = b.readUInt16LE(eocd + 4);
    const cdDisk = b.readUInt16LE(eocd + 6);
    const count = b.readUInt16LE(eocd + 10);
    const cdSize = b.readUInt32LE(eocd + 12);
    const cdOffset = b.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) fail(`${this.where} is a zip64 archive, which is not supported: export it again, or send the CSV or JSON files one at a time.`);
    if (disk !== 0 || cdDisk !== 0 || b.readUInt16LE(eocd + 8) !== count) fail(`${this.where} is one part of a multi-part zip archive, which is not supported.`);
    if (count > ZIP_MAX_LISTED) fail(`${this.where} holds more than ${ZIP_MAX_LISTED.toLocaleString('en-US')} files.`);
    if (cdOffset + cdSize > eocd) this.damaged('its directory points outside the file');

    const members: ZipMember[] = [];
    let p = cdOffset;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cdOffset + cdSize || b.readUInt32LE(p) !== CENTRAL) this.damaged('a broken directory entry');
      const flags = b.readUInt16LE(p + 8);
      const nameLen = b.readUInt16LE(p + 28);
      const end = p + 46 + nameLen + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
      if (end > cdOffset + cdSize) this.damaged('a broken directory entry');
      const raw = b.subarray(p + 46, p + 46 + nameLen);
      const name = (flags & 0x800 ? raw.toString('utf8') : raw.toString('latin1')).replace(/\\/g, '/');
      members.push({
        path: name,
        flags,
        method: b.readUInt16LE(p + 10),
        crc: b.readUInt32LE(p + 16),
        compressedSize: b.readUInt32LE(p + 20),
        size: b.readUInt32LE(p + 24),
        localOffset: b.readUInt32LE(p + 42),
      });
      p = end;
    }
    return members;
  }

  /** The member's bytes, checked against its declared size and CRC. */
  unpack(m: ZipMember): Buffer {
    // A member's name is the archive's bytes: shown on one line, as any name from the file.
    const path = shown(m.path);
    const name = `${this.where} (${path})`;
    if (++this.read > ZIP_MAX_READ) fail(`${this.where} holds more than ${ZIP_MAX_READ} export files.`);
    if (m.flags & 1) fail(`${name} is encrypted: export it again without a password.`);
    if (m.method !== 0 && m.method !== 8) fail(`${name} is compressed with a method that is not supported (only stored and deflate are): export it again.`);
    if (m.size > ZIP_MAX_TOTAL_BYTES - this.unpacked) fail(`${this.where} unpacks to more than ${ZIP_MAX_TOTAL_BYTES / 1024 / 1024} MB.`);
    const b = this.bytes;
    const lp = m.localOffset;
    if (lp + 30 > b.length || b.readUInt32LE(lp) !== LOCAL) this.damaged(`${path} has no local header`);
    const start = lp + 30 + b.readUInt16LE(lp + 26) + b.readUInt16LE(lp + 28);
    const end = start + m.compressedSize;
    if (end > b.length) this.damaged(`${path} is cut short`);
    const data = b.subarray(start, end);
    let out: Buffer;
    if (m.method === 0) {
      if (m.compressedSize !== m.size) this.damaged(`${path} has inconsistent sizes`);
      out = Buffer.from(data);
    } else {
      try {
        // One byte more than declared: a member that inflates beyond its size stops there.
        out = inflateRawSync(data, { maxOutputLength: m.size + 1 });
      } catch (e) {
        if (e instanceof RangeError) this.damaged(`${path} unpacks to more than its declared size`);
        this.damaged(`${path} does not inflate`);
      }
      if (out.length !== m.size) this.damaged(`${path} unpacks to ${out.length > m.size ? 'more' : 'less'} than its declared size`);
    }
    if (crc32(out) !== m.crc) this.damaged(`${path} fails its checksum`);
    this.unpacked += out.length;
    return out;
  }
}
