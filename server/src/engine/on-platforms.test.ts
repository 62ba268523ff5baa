// Candidates through the platforms' title lists must be exactly the titles a pass over the whole
// catalog finds with the same rule: same titles, catalog order, each once. Random catalogs with
// regions and more platforms than the 31-bit mask holds, random rules, kinds and exclusions.
import { describe, expect, it } from 'vitest';
import { buildIndex } from './build-index.js';
import type { CatalogIndex } from './catalog-index.js';
import { gatherOnPlatforms, type PlatformRule } from './on-platforms.js';
import { seededRandom } from './random.js';
import { int, pick, sample, syntheticCatalog, type Rng } from './testing/synthetic.js';
import type { EngineTitle } from './types.js';

const REGIONS = ['US', 'IN', 'GB', 'GLOBAL'];

/** A synthetic catalog whose titles stream on up to 40 services, some in a few regions only. */
function catalog(rng: Rng, size: number): EngineTitle[] {
  const services = Array.from({ length: int(rng, 3, 40) }, (_, i) => `Service ${i}`);
  return syntheticCatalog(size, int(rng, 1, 1e6)).map((t) => {
    const platforms = rng() < 0.3 ? [] : sample(rng, services, int(rng, 1, 4));
    const regional = rng() < 0.5;
    return { ...t, platforms, platformRegions: regional ? platforms.map(() => (rng() < 0.2 ? undefined : sample(rng, REGIONS, int(rng, 1, 2)))) : undefined };
  });
}

function randomRule(rng: Rng, index: CatalogIndex): PlatformRule {
  const targets = sample(rng, [...index.platforms.keys()], int(rng, 0, 5));
  // A repeated service, as a careless caller might pass.
  if (targets.length && rng() < 0.2) targets.push(targets[0]);
  const country = rng() < 0.5 && index.regionSets.length > 1 ? pick(rng, REGIONS) : null;
  const allowed = new Uint8Array(index.regionSets.length);
  if (country) {
    allowed[0] = 1;
    for (const r of [country, 'GLOBAL']) for (const s of index.setsWithRegion.get(r) ?? []) allowed[s] = 1;
  }
  return { targets, regional: country !== null, allowed };
}

/** The rule stated over the whole catalog, title by title. */
function byPass(index: CatalogIndex, rules: readonly PlatformRule[], epoch: number, wantSeries: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < index.size; i++) {
    if (index.scratch.excludedStamp[i] === epoch || (wantSeries >= 0 && index.series[i] !== wantSeries)) continue;
    let on = false;
    for (let x = index.platOff[i]; x < index.platOff[i + 1] && !on; x++) {
      on = rules.some((r) => r.targets.includes(index.platIds[x]) && (!r.regional || r.allowed[index.platRegion[x]] === 1));
    }
    if (on) out.push(i);
  }
  return out;
}

describe('gatherOnPlatforms', () => {
  it('finds what a pass over the catalog finds, in catalog order, for 300 random rules', () => {
    const rng = seededRandom(20261126);
    let gathered = 0;
    let declined = 0;
    for (let round = 0; round < 6; round++) {
      const index = buildIndex(catalog(rng, int(rng, 200, 3000)));
      for (let k = 0; k < 50; k++) {
        const rules = Array.from({ length: int(rng, 1, 2) }, () => randomRule(rng, index));
        const epoch = ++index.scratch.epoch;
        for (let e = 0; e < int(rng, 0, 300); e++) index.scratch.excludedStamp[int(rng, 0, index.size - 1)] = epoch;
        const wantSeries = pick(rng, [-1, 0, 1]);
        const out = new Int32Array(index.size);
        const count = gatherOnPlatforms(index, rules, epoch, wantSeries, out);
        if (count < 0) {
          declined++;
          continue;
        }
        gathered++;
        expect([...out.subarray(0, count)]).toEqual(byPass(index, rules, epoch, wantSeries));
      }
    }
    // Both ways were taken: short lists gathered, long ones left to the pass.
    expect(gathered).toBeGreaterThan(150);
    expect(declined).toBeGreaterThan(0);
  });

  it('leaves a user on most of the services to the pass over the catalog', () => {
    const rng = seededRandom(7);
    const index = buildIndex(catalog(rng, 2000));
    const everything: PlatformRule = { targets: [...index.platforms.keys()], regional: false, allowed: new Uint8Array(0) };
    expect(gatherOnPlatforms(index, [everything], ++index.scratch.epoch, -1, new Int32Array(index.size))).toBe(-1);
  });
});
