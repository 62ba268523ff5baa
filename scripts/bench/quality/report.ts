// The benchmark's outputs: the JSON document of issue 7 and a plain-text table.
import type { TopNMetrics } from './metrics.js';
import type { CeilingResult } from './protocols/ceiling.js';
import type { ColdStartResult } from './protocols/coldStart.js';
import type { ImportRun } from './protocols/import.js';

export interface QualityReport {
  format: string;
  users: number;
  items: number;
  /** null when a model was not run (EASE above its item limit). */
  models: Record<string, TopNMetrics | null>;
  /** Cold start as in the issue: the target is the user's P1 test item. */
  cold_start: ColdStartResult;
  /** The same users and profiles; the target is the interaction right after the kept ones. */
  cold_start_next?: ColdStartResult;
  /** The P1 test item as target, with every P1 train item of the user masked (P1's masking rule). */
  cold_start_masked?: ColdStartResult;
  /** With --ceiling: the best HR@10 any EASE + MostPopular blend reaches, picked on test (an upper bound). */
  cold_start_ceiling?: CeilingResult;
  /** History-import cold start (protocols/import.ts): the first 20 / 50 / all train interactions as an import. */
  history_import?: HistoryImportReport;
  /** The same users' histories arriving as a stream of synced watches (--stream; the engine only: the baselines read both the same way). */
  history_stream?: HistoryImportReport;
}

export interface HistoryImportReport {
  /** size -> model -> metrics; target: the interaction right after the imported ones. */
  next: ColdStartResult;
  /** size -> model -> metrics; target: the P1 test item (only the imported titles masked). */
  test: ColdStartResult;
  /** size -> model -> metrics; target: the P1 test item with every train item of the user masked. */
  masked: ColdStartResult;
  /** target -> size -> users measured. */
  users: { next: Record<string, number>; test: Record<string, number>; masked: Record<string, number> };
  /** size -> share of imported titles mapped to like / dislike / watched only. */
  verdicts: ImportRun['verdicts'];
}

/** Published P1 numbers (Chin, Chen, Cong, "The Datasets Dilemma", WSDM 2022; docs/quality.md, "Results"), printed for comparison. */
export const PUBLISHED_P1: Record<string, TopNMetrics> = {
  'UserKNN (published)': { 'HR@10': 0.1092, 'NDCG@10': 0.0559, 'HR@20': 0.1718, 'NDCG@20': 0.0717 },
  'ItemKNN (published)': { 'HR@10': 0.122, 'NDCG@10': 0.0647, 'HR@20': 0.1845, 'NDCG@20': 0.0803 },
  'RP3beta (published)': { 'HR@10': 0.1241, 'NDCG@10': 0.0646, 'HR@20': 0.1835, 'NDCG@20': 0.0794 },
  'iALS (published)': { 'HR@10': 0.1368, 'NDCG@10': 0.07, 'HR@20': 0.1983, 'NDCG@20': 0.0855 },
  'Mult-VAE (published)': { 'HR@10': 0.1283, 'NDCG@10': 0.0649, 'HR@20': 0.2132, 'NDCG@20': 0.0863 },
};

const P1_COLUMNS = ['HR@10', 'NDCG@10', 'HR@20', 'NDCG@20'] as const;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const f4 = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(4));

export function formatReport(r: QualityReport, params: Record<string, unknown>, withPublished: boolean): string {
  const rows = Object.entries(r.models).map(([name, m]) => [
    name, ...P1_COLUMNS.map((c) => (m ? f4(m[c]) : 'skipped')), params[name] === undefined ? '' : JSON.stringify(params[name]),
  ]);
  if (withPublished) for (const [name, m] of Object.entries(PUBLISHED_P1)) rows.push([name, ...P1_COLUMNS.map((c) => f4(m[c])), '']);
  const out = [`P1 (${r.format}): ${r.users} users, ${r.items} items, chronological leave-one-out, full ranking`, table(['model', ...P1_COLUMNS, 'params'], rows)];
  if (Object.keys(r.cold_start).length > 0) out.push('', formatColdStart('Cold start, target = the P1 test item (first n train interactions as favourites + 2 genres; JSON cold_start)', r.cold_start));
  return out.join('\n');
}

export function formatColdStart(title: string, cold: ColdStartResult): string {
  const sizes = Object.keys(cold);
  const names = Object.keys(cold[sizes[0]] ?? {});
  const header = ['model', ...sizes.flatMap((s) => [`HR@10 (${s})`, `NDCG@10 (${s})`])];
  const rows = names.map((n) => [n, ...sizes.flatMap((s) => [f4(cold[s][n]?.['HR@10']), f4(cold[s][n]?.['NDCG@10'])])]);
  return [title, table(header, rows)].join('\n');
}

export function formatCeiling(c: CeilingResult): string {
  const rows = (['kept', 'all'] as const).flatMap((mask) => Object.entries(c[mask]).map(([size, r]) => [
    mask === 'kept' ? 'kept favourites (cold_start)' : 'all train items (cold_start_masked)', size,
    f4(r.mostpop), f4(r.ceiling), `${r.ratio.toFixed(2)}x`, `lambda ${r.lambda}, alpha ${r.alpha}`,
  ]));
  return ['Cold-start ceiling on the P1 test item: best EASE + MostPopular blend, picked ON TEST (an upper bound, not a model)',
    table(['masked', 'size', 'mostpop HR@10', 'ceiling HR@10', 'ratio', 'best'], rows)].join('\n');
}

const IMPORT_TITLE = 'History import, first n train interactions as a rated import (>= 3.5 like, <= 2 dislike, else watched; JSON history_import)';

export function formatImport(r: HistoryImportReport, title = IMPORT_TITLE): string {
  const rows: string[][] = [];
  const ratio = (x: number | undefined, pop: number | undefined) => (x !== undefined && pop ? `${(x / pop).toFixed(2)}x` : '-');
  for (const size of Object.keys(r.test)) {
    for (const name of Object.keys(r.test[size])) {
      const [next, test, masked] = [r.next[size]?.[name], r.test[size][name], r.masked[size]?.[name]];
      rows.push([size, name,
        f4(next?.['HR@10']), f4(next?.['NDCG@10']),
        f4(test['HR@10']), f4(test['NDCG@10']), ratio(test['HR@10'], r.test[size].mostpop?.['HR@10']),
        f4(masked?.['HR@10']), f4(masked?.['NDCG@10']), ratio(masked?.['HR@10'], r.masked[size]?.mostpop?.['HR@10'])]);
    }
  }
  const users = Object.keys(r.test).map((s) => `${s}: ${r.users.test[s]}`).join(', ');
  const shares = Object.entries(r.verdicts).map(([s, v]) => `${s}: ${(100 * v.like).toFixed(0)}/${(100 * v.dislike).toFixed(0)}/${(100 * v.watched).toFixed(0)}%`).join(', ');
  return [title,
    table(['size', 'model', 'next HR@10', 'next NDCG@10', 'test HR@10', 'test NDCG@10', 'vs mostpop', 'masked HR@10', 'masked NDCG@10', 'vs mostpop'], rows),
    `users per size: ${users}; imported titles like/dislike/watched: ${shares}`].join('\n');
}
