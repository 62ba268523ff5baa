import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CsvError, CsvParser, readCsv, readCsvBatches } from './csv.js';

async function all(chunks: Array<string | Uint8Array>, opts = {}) {
  const out = [];
  for await (const r of readCsv(Readable.from(chunks, { objectMode: true }), opts)) out.push(r);
  return out;
}

describe('readCsv', () => {
  it('reads quoted commas, doubled quotes, quoted line breaks, CRLF and a BOM, with line numbers', async () => {
    const text = '\uFEFFid,title,notes\r\n1,"Night, Again","He said ""no""\nthen left"\r\n\r\n2,Plain,\r\n3,"Last"';
    const recs = await all([Buffer.from(text, 'utf8')]);
    expect(recs).toEqual([
      { fields: ['id', 'title', 'notes'], line: 1 },
      { fields: ['1', 'Night, Again', 'He said "no"\nthen left'], line: 2 },
      { fields: ['2', 'Plain', ''], line: 5 },
      { fields: ['3', 'Last'], line: 6 },
    ]);
  });

  it('decodes a multi-byte character cut between two chunks', async () => {
    const bytes = Buffer.from('a,Amélie 字\n', 'utf8');
    const recs = await all([bytes.subarray(0, 5), bytes.subarray(5, 12), bytes.subarray(12)]);
    expect(recs[0].fields).toEqual(['a', 'Amélie 字']);
  });

  it('reads unquoted TSV with quotes kept as text', async () => {
    const recs = await all(['tconst\tprimaryTitle\n', 'tt1\t"Quoted" Title\n'], { delimiter: '\t', quoted: false });
    expect(recs.map((r) => r.fields)).toEqual([['tconst', 'primaryTitle'], ['tt1', '"Quoted" Title']]);
  });

  it('in batches: the same records, a chunk at a time, never an empty batch', async () => {
    const chunks = ['a,b\n1,', '2\n', '"x', '"\n3,4'];
    const batches: string[][] = [];
    for await (const b of readCsvBatches(Readable.from(chunks, { objectMode: true }))) batches.push(b.map((r) => r.fields.join('|')));
    expect(batches).toEqual([['a|b'], ['1|2'], ['x'], ['3|4']]);
  });

  it('hands over the records before an error, then the error', async () => {
    const got: string[] = [];
    const err = await (async () => {
      for await (const r of readCsv(Readable.from(['a,b\n1,2\n3,"x\n'], { objectMode: true }))) got.push(r.fields.join('|'));
    })().catch((e: unknown) => e);
    expect(got).toEqual(['a|b', '1|2']);
    expect(err).toEqual(new CsvError(3, 'unterminated quoted field at the end of the file'));
  });

  it('names the line of an unterminated quote, a stray character and an oversized record', async () => {
    await expect(all(['a,b\n1,"open\n\n'])).rejects.toThrow(new CsvError(2, 'unterminated quoted field at the end of the file'));
    await expect(all(['a,b\n1,2\n"x"y,3\n'])).rejects.toThrow('line 3: unexpected "y" after a closing quote');
    const p = new CsvParser({ maxRecord: 100, maxField: 50 });
    expect(() => p.push(`ok\n${'x'.repeat(60)}\n`)).toThrow('line 2: field longer than 50 characters');
    const q = new CsvParser({ maxRecord: 100 });
    q.push('ok\n"');
    expect(() => q.push('y'.repeat(200))).toThrow('line 2: record longer than 100 characters');
  });
});
