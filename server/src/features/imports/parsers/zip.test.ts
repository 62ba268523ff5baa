// Zip archives that are damaged, hostile or unsupported end in a clear ImportFileError, quickly,
// without unpacking more than the limits allow.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeZip } from './fixtures/make-zip.js';
import { ImportFileError, parseImportFile } from './index.js';
import { ZIP_MAX_TOTAL_BYTES } from './zip.js';

const RATINGS = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Film,2000,u,4\n';

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportFileError);
    return (e as Error).message;
  }
  throw new Error('expected an ImportFileError');
}

describe('zip archives', () => {
  it('reads stored and deflated members', () => {
    const zip = makeZip([
      { name: 'ratings.csv', data: RATINGS, method: 0 },
      { name: 'watchlist.csv', data: 'Date,Name,Year,Letterboxd URI\n2024-01-01,Other,2001,v\n' },
    ]);
    expect(parseImportFile('l.zip', zip).entries.map((e) => e.name)).toEqual(['Film', 'Other']);
  });

  it('refuses a cut-short or garbled archive', () => {
    const zip = makeZip([{ name: 'ratings.csv', data: RATINGS }]);
    expect(failure(() => parseImportFile('l.zip', zip.subarray(0, zip.length - 10)))).toMatch(/^l\.zip is not a readable zip archive \(no central directory/);
    expect(failure(() => parseImportFile('l.zip', zip.subarray(0, 40)))).toMatch(/^l\.zip is not a readable zip archive/);
    const garbled = Buffer.from(zip);
    garbled.fill(0x55, 40, 50); // inside the deflated data
    expect(failure(() => parseImportFile('l.zip', garbled))).toMatch(/^l\.zip is not a readable zip archive \(ratings\.csv (does not inflate|unpacks to|fails its checksum)/);
    expect(failure(() => parseImportFile('l.zip', makeZip([{ name: 'ratings.csv', data: RATINGS, crc: 1234 }])))).toBe('l.zip is not a readable zip archive (ratings.csv fails its checksum).');
  });

  it('stops a zip bomb that lies about its size, and refuses one that says it unpacks to more than 50 MB', () => {
    const bomb = deflateRawSync(Buffer.alloc(ZIP_MAX_TOTAL_BYTES + 1024 * 1024, 'a'));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = Date.now();
    const lying = makeZip([{ name: 'ratings.csv', data: RATINGS, raw: bomb, size: RATINGS.length }]);
    expect(failure(() => parseImportFile('bomb.zip', lying))).toBe('bomb.zip is not a readable zip archive (ratings.csv unpacks to more than its declared size).');
    const honest = makeZip([{ name: 'ratings.csv', data: RATINGS, raw: bomb, size: ZIP_MAX_TOTAL_BYTES + 1024 * 1024 }]);
    expect(failure(() => parseImportFile('bomb.zip', honest))).toBe('bomb.zip unpacks to more than 50 MB.');
    // Many members each under the limit, together over it.
    const part = deflateRawSync(Buffer.alloc(20 * 1024 * 1024, '\n'));
    const many = makeZip(['ratings.csv', 'watched.csv', 'diary.csv'].map((name) => ({ name, data: '', raw: part, size: 20 * 1024 * 1024, crc: 0 })));
    expect(failure(() => parseImportFile('many.zip', many))).toMatch(/^many\.zip (unpacks to more than 50 MB|is not a readable zip archive \(.* fails its checksum\))\.$/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses encrypted members, other compression methods, zip64 and archives with nothing we read', () => {
    expect(failure(() => parseImportFile('l.zip', makeZip([{ name: 'ratings.csv', data: RATINGS, flags: 1 }])))).toBe('l.zip (ratings.csv) is encrypted: export it again without a password.');
    expect(failure(() => parseImportFile('l.zip', makeZip([{ name: 'ratings.csv', data: RATINGS, method: 12 }])))).toMatch(/^l\.zip \(ratings\.csv\) is compressed with a method that is not supported/);
    const zip64 = makeZip([{ name: 'ratings.csv', data: RATINGS }]);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 6); // the directory's offset: "see the zip64 record"
    expect(failure(() => parseImportFile('l.zip', zip64))).toMatch(/^l\.zip is a zip64 archive, which is not supported/);
    expect(failure(() => parseImportFile('p.zip', makeZip([{ name: 'photo.jpg', data: 'x' }])))).toMatch(/^p\.zip holds no Letterboxd or Trakt export files\. Accepted:/);
    expect(failure(() => parseImportFile('book.xlsx', makeZip([{ name: 'xl/workbook.xml', data: '<x/>' }])))).toMatch(/^book\.xlsx is an Excel workbook: save it as CSV/);
  });
});
