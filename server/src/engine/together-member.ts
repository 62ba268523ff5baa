// One member of a pick for two (together.ts) as the solo engine sees them: a request state over the
// pair's candidates, scored by the same pass a solo pick uses, and released after.
import type { CatalogIndex } from './catalog-index.js';
import { collaborativePass, releaseCollaborative, supportPopularity } from './collaborative.js';
import { NeighbourTable } from './neighbours.js';
import { buildProfile, releaseProfile, type UserProfile } from './profile.js';
import type { RequestState } from './request-state.js';
import { scoreCandidates } from './score-pass.js';
import { positionsOf, resolvePositions } from './taste-positions.js';
import type { MemberRules } from './together-candidates.js';
import type { EngineWeights, Neighbours, TogetherMember, TogetherOptions } from './types.js';
import { defaultWeights, resolveWeights } from './weights.js';

export function weightsFor(index: CatalogIndex, opts: TogetherOptions, neighbours: Neighbours | undefined): EngineWeights {
  const hasCoLikes = neighbours instanceof NeighbourTable ? neighbours.nbr.length > 0 : neighbours !== undefined;
  return resolveWeights(opts.weights, defaultWeights(index.richFeatures, hasCoLikes));
}

/** A solo request state for one member over the pair's candidates, not scored yet (`profile`: built already). Release it. */
export function stateOf(index: CatalogIndex, member: TogetherMember, r: MemberRules, candidates: Int32Array, weights: EngineWeights, neighbours: Neighbours | undefined, seed: number, fallback: boolean, profile?: UserProfile): RequestState {
  const history = positionsOf(index, member.taste);
  return {
    index,
    taste: member.taste,
    history,
    opts: { seed, region: member.region ?? null },
    neighbours,
    weights,
    profile: profile ?? buildProfile(index, member.taste, weights, history),
    mood: null,
    moodMet: false,
    popularity: supportPopularity(index, neighbours),
    collaborativeTouched: [],
    targetPlatforms: r.targets,
    restricted: r.restricted,
    fallback,
    regional: r.regional,
    preferredLanguage: r.preferred,
    hasLanguagePreference: !r.anyLanguage,
    candidates,
    // A pick for two is made on the services of either member (together.ts); libraries are a solo pick's.
    owned: new Map(),
    saved: [],
  };
}

/** Scores the state's candidates into scratch.score (`tokens`: their token parts, worked out already). Released on error. */
export function score(state: RequestState, tokens?: Float32Array): RequestState {
  try {
    state.collaborativeTouched = collaborativePass(state.index, state.profile, state.neighbours);
    scoreCandidates(state, tokens);
  } catch (error) {
    releaseState(state);
    throw error;
  }
  return state;
}

/** A solo request state for one member over the pair's candidates; scored into scratch.score. Release it. */
export function memberState(index: CatalogIndex, member: TogetherMember, r: MemberRules, candidates: Int32Array, weights: EngineWeights, neighbours: Neighbours | undefined, seed: number, fallback: boolean): RequestState {
  return score(stateOf(index, member, r, candidates, weights, neighbours, seed, fallback));
}

export function releaseState(state: RequestState): void {
  releaseProfile(state.index, state.profile);
  releaseCollaborative(state.index, state.collaborativeTouched);
  state.collaborativeTouched = [];
}

/** Each member's history resolved once per request (the passes below read it several times). */
export function resolved(index: CatalogIndex, members: readonly [TogetherMember, TogetherMember]): [TogetherMember, TogetherMember] {
  const one = (m: TogetherMember): TogetherMember => (m.taste.positions ? m : { ...m, taste: { ...m.taste, positions: resolvePositions(index, m.taste) } });
  return [one(members[0]), one(members[1])];
}
