// The engine's public surface. Pure functions over plain data: no I/O, no database, no clock.
export { buildIndex } from './build-index.js';
export type { CatalogIndex } from './catalog-index.js';
export { rankAll, recommend } from './rank.js';
export { buildNeighbours, buildNeighboursInSteps, NEIGHBOUR_DEFAULTS, NeighbourTable, type NeighbourOptions } from './neighbours.js';
export type { Interaction } from './interactions.js';
export { titleSimilarity } from './similarity.js';
export { DEFAULT_WEIGHTS } from './weights.js';
export { MOOD_TABLE } from './moods.js';
export type * from './types.js';
export { constraintVerdict, EXCLUSION_LENGTH, EXCLUSION_LIMIT } from './constraints.js';
export { formatMinutes } from './phrasing.js';
export { whyNot, type WhyNotAnswer, type WhyNotCode, type WhyNotReason } from './why-not.js';
export { fitOf, type Fit, type FitHistory, type FitOptions } from './fit.js';
export { rankTogether, recommendTogether } from './together.js';
