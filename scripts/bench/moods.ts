// Is a mood asked a mood kept? 400 random users (testing/synthetic.ts randomTaste: 1-3 languages,
// maybe 1-3 platforms, a history) each ask for one random mood, on the built-in pack and on the
// synthetic catalog. Each request is classed by what its candidates offer (a title that fits the
// mood in the user's languages, fitting titles only outside them, none), and each pick by what it
// did (fits the mood, carries mood_unmet, or neither: the defect of issue 35, item 9).
// Prints a table per catalog, writes bench-results/moods.json.
//   npx tsx scripts/bench/moods.ts   (env USERS=)
import { mkdirSync, writeFileSync } from 'node:fs';
import { MOOD_VALUES } from '@app/shared';
import { rankAll, recommend } from '../../server/src/engine/index.js';
import { MOOD_FIT, moodScores } from '../../server/src/engine/mood-scores.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { testCatalogs, type TestCatalog } from '../../server/src/engine/testing/catalogs.js';
import { int, pick, randomTaste } from '../../server/src/engine/testing/synthetic.js';

const USERS = Number(process.env.USERS ?? 400);

type Case = 'fits_in_their_languages' | 'fits_only_in_other_languages' | 'nothing_fits';
interface Row {
  requests: number;
  pick_fits: number;
  pick_fits_in_other_language: number;
  notice: number;
  silent_miss: number;
}

function measure(catalog: TestCatalog) {
  const rng = seededRandom(2035);
  const rows = new Map<Case, Row>();
  const row = (c: Case) => rows.get(c) ?? rows.set(c, { requests: 0, pick_fits: 0, pick_fits_in_other_language: 0, notice: 0, silent_miss: 0 }).get(c)!;
  for (let u = 0; u < USERS; u++) {
    const taste = randomTaste(rng, catalog.titles);
    const opts = { seed: int(rng, 0, 1_000_000), mood: pick(rng, MOOD_VALUES) };
    const neighbours = u % 2 === 0 ? catalog.neighbours : undefined;
    const rec = recommend(catalog.index, taste, opts, neighbours);
    if (!rec) continue;
    const scores = moodScores(catalog.index, opts.mood);
    const fits = (id: string) => scores[catalog.index.idToIdx.get(id)!] >= MOOD_FIT;
    const ranking = rankAll(catalog.index, taste, opts, neighbours);
    // The user's languages count only when some candidate is in one (else every title is in the best tier).
    const ownTier = ranking.some((r) => r.preferredLanguage);
    const inTheirs = (r: (typeof ranking)[number]) => !ownTier || r.preferredLanguage;
    const kind: Case = ranking.some((r) => fits(r.titleId) && inTheirs(r))
      ? 'fits_in_their_languages'
      : ranking.some((r) => fits(r.titleId))
        ? 'fits_only_in_other_languages'
        : 'nothing_fits';
    const r = row(kind);
    r.requests++;
    const picked = ranking.find((x) => x.titleId === rec.titleId)!;
    const notice = rec.factors.some((f) => f.kind === 'mood_unmet');
    if (fits(rec.titleId)) {
      r.pick_fits++;
      if (!inTheirs(picked)) r.pick_fits_in_other_language++;
    }
    if (notice) r.notice++;
    if (!fits(rec.titleId) && !notice) r.silent_miss++;
  }
  const order: Case[] = ['fits_in_their_languages', 'fits_only_in_other_languages', 'nothing_fits'];
  const table = Object.fromEntries(order.map((c) => [c, rows.get(c) ?? row(c)]));
  const all = Object.values(table).reduce((a, r) => ({ requests: a.requests + r.requests, silent_miss: a.silent_miss + r.silent_miss }), { requests: 0, silent_miss: 0 });
  return { catalog: catalog.name, titles: catalog.titles.length, users: USERS, ...all, cases: table };
}

const results = testCatalogs().map(measure);
for (const r of results) {
  console.log(`\n${r.catalog} (${r.titles} titles): ${r.silent_miss} of ${r.requests} mood picks miss the mood without a notice`);
  console.table(r.cases);
}
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/moods.json', JSON.stringify(results, null, 2) + '\n');
console.log('wrote bench-results/moods.json');
