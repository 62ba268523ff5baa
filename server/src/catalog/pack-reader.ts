// Reads a catalog pack directory (platforms.json + titles/*.jsonl) into validated rows. A bad
// line is reported and skipped; only an unreadable platforms.json stops the load.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeIssues, packTitleSchema, PlatformsFile, type PackPlatform, type PackTitle } from './pack-schema.js';
import { duplicateKey, titleId } from './ids.js';

/** Bump when the mapping from pack to rows changes, so every instance rewrites its rows once. */
const LOADER_REVISION = '2';

export interface PackEntry {
  id: string;
  title: PackTitle;
}

export interface Pack {
  dir: string;
  /** sha256 of everything that ends up in the database. */
  hash: string;
  platforms: PackPlatform[];
  titles: PackEntry[];
  /** One line per skipped line: "file:line: title: problem". */
  problems: string[];
}

export interface RawPack {
  dir: string;
  hash: string;
  platformsText: string;
  files: Array<{ name: string; text: string }>;
}

/** Reads the files and hashes them; cheap, so an unchanged pack is recognised before parsing. */
export function readPackFiles(dir: string): RawPack {
  const hash = createHash('sha256').update(`loader:${LOADER_REVISION}\n`);
  const platformsText = readFileSync(join(dir, 'platforms.json'), 'utf8');
  hash.update(platformsText);
  const titlesDir = join(dir, 'titles');
  const names = existsSync(titlesDir) ? readdirSync(titlesDir).filter((f) => f.endsWith('.jsonl')).sort() : [];
  const files = names.map((name) => ({ name, text: readFileSync(join(titlesDir, name), 'utf8') }));
  for (const f of files) hash.update(`\nfile:${f.name}\n`).update(f.text);
  return { dir, hash: hash.digest('hex'), platformsText, files };
}

export function parsePack(raw: RawPack): Pack {
  const parsedPlatforms = PlatformsFile.safeParse(JSON.parse(raw.platformsText));
  if (!parsedPlatforms.success) throw new Error(`${join(raw.dir, 'platforms.json')}: ${describeIssues(parsedPlatforms.error)}`);
  const platforms = parsedPlatforms.data.platforms;
  const schema = packTitleSchema(new Set(platforms.map((p) => p.name)));

  const titles: PackEntry[] = [];
  const problems: string[] = [];
  const seenKeys = new Map<string, string>();
  const seenIds = new Map<string, string>();
  for (const { name: file, text } of raw.files) {
    text.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      const where = `${file}:${i + 1}`;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (err) {
        problems.push(`${where}: not JSON (${(err as Error).message})`);
        return;
      }
      const name = typeof value === 'object' && value && 'title' in value ? String((value as { title: unknown }).title) : '?';
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        problems.push(`${where}: ${name}: ${describeIssues(parsed.error)}`);
        return;
      }
      const t = parsed.data;
      const key = duplicateKey(t.kind, t.title, t.year);
      const id = titleId(t.kind, t.title, t.year);
      const earlier = seenKeys.get(key) ?? seenIds.get(id);
      if (earlier) {
        problems.push(`${where}: ${t.title} (${t.year}): duplicate of ${earlier}, skipped`);
        return;
      }
      seenKeys.set(key, where);
      seenIds.set(id, where);
      titles.push({ id, title: t });
    });
  }
  return { dir: raw.dir, hash: raw.hash, platforms, titles, problems };
}
