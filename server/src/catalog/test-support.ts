// Test helpers for the catalog: a fresh migrated database per dialect (a temp SQLite file or a
// new PostgreSQL schema) and copies of the fixture pack that a test may edit.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/connection.js';
import { TEST_DATABASE_URL, type TestDialect } from '../../test/support/dialects.js';

export const FIXTURE_PACK = join(dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'pack');

export interface FreshDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

export async function freshDatabase(dialect: TestDialect): Promise<FreshDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tp-catalog-'));
    const handle = await openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
    await migrateToLatest(handle);
    return {
      handle,
      async close() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `c_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({ dialect: 'postgres', url: TEST_DATABASE_URL, schema });
  await migrateToLatest(handle);
  return {
    handle,
    async close() {
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}

/** A writable copy of the fixture pack; `lines` replaces its titles file when given. */
export function packCopy(lines?: string[]): { dir: string; titlesFile: string; lines: string[]; write(lines: string[]): void; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'tp-pack-'));
  cpSync(FIXTURE_PACK, dir, { recursive: true });
  const titlesFile = join(dir, 'titles', 'fixture.jsonl');
  const original = readFileSync(titlesFile, 'utf8').split('\n').filter((l) => l.trim());
  const write = (ls: string[]) => writeFileSync(titlesFile, ls.join('\n') + '\n');
  if (lines) write(lines);
  return { dir, titlesFile, lines: original, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Problems that would make an SVG fail to parse as XML: unbalanced tags, a raw "<" or a bare
 * "&" in text or attributes, or more than one root. Empty when well-formed.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const badAmp = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/g;
  let pos = 0;
  let roots = 0;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m.index !== pos) problems.push(`unparsed text at ${pos}`);
    pos = token.lastIndex;
    if (m[6]) {
      problems.push(`stray "<" at ${m.index}`);
      continue;
    }
    if (m[5] !== undefined) {
      if (badAmp.test(m[5])) problems.push(`bare "&" in text at ${m.index}`);
      if (!stack.length && m[5].trim()) problems.push('text outside the root');
      continue;
    }
    const [, close, name, attrs, selfClose] = m;
    if (badAmp.test(attrs)) problems.push(`bare "&" in <${name}> attributes`);
    if (close) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else {
      if (!stack.length) roots++;
      if (!selfClose) stack.push(name);
    }
  }
  if (pos !== xml.length) problems.push('unparsed tail');
  if (stack.length) problems.push(`unclosed ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
