// A model as the protocols see it: tuned once on P1's validation item, then fitted again on any
// history (cold start refits every fold with the tuned parameters).
import type { History, Query, Scorer } from './model.js';

/** The P1 inputs shared by every model: one query per user, train as history. */
export interface P1Setup {
  nItems: number;
  history: History;
  queries: Query[];
  validation: Int32Array;
  test: Int32Array;
  /** The queries and validation items tuning uses: every user, or an even sample of large sets. */
  tuneQueries: Query[];
  tuneValidation: Int32Array;
}

export interface ModelRunner<P = unknown> {
  name: string;
  /** Picks parameters on the validation item and returns the scorer fitted on train with them. */
  tune(setup: P1Setup, log: (line: string) => void): { params: P; scorer: Scorer };
  fit(history: History, params: P): Scorer;
}
