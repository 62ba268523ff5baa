// Test-only: the built-in catalog pack (server/catalog/titles/*.jsonl) as engine titles, or null
// when the pack is not there.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_NAMES } from '@app/shared';
import type { EngineTitle } from '../types.js';

const PACK_DIR = fileURLToPath(new URL('../../../catalog/titles/', import.meta.url));

interface PackRow {
  kind: 'movie' | 'series';
  title: string;
  year: number;
  genres: string[];
  language: string;
  runtime?: number;
  seasons?: number;
  episode_runtime?: number;
  episodes?: number;
  imdb: number | null;
  rt: number | null;
  fame: number;
  keywords: string[];
  director?: string;
  cast?: string[];
  availability?: Array<{ platform: string }>;
}

export function loadPack(): EngineTitle[] | null {
  if (!existsSync(PACK_DIR)) return null;
  const files = readdirSync(PACK_DIR).filter((f) => f.endsWith('.jsonl')).sort();
  if (files.length === 0) return null;
  const titles: EngineTitle[] = [];
  for (const file of files) {
    for (const line of readFileSync(join(PACK_DIR, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as PackRow;
      titles.push({
        id: `${file}:${titles.length}`,
        kind: row.kind,
        title: row.title,
        year: row.year,
        genres: row.genres,
        language: LANGUAGE_NAMES[row.language as keyof typeof LANGUAGE_NAMES] ?? '',
        // A series' runtime is its episode runtime, as in the catalog snapshot.
        runtime: (row.kind === 'series' ? row.episode_runtime : row.runtime) ?? null,
        seasons: row.seasons ?? null,
        episodes: row.episodes ?? null,
        imdb: row.imdb,
        rt: row.rt,
        fame: row.fame,
        keywords: row.keywords,
        director: row.director ?? null,
        cast: row.cast ?? [],
        platforms: [...new Set((row.availability ?? []).map((a) => a.platform))],
      });
    }
  }
  return titles;
}
