// The reads every signed-in request makes (its session and user, the active pick, a free plan's
// week counts, the watchlist flag) are the same query with new values each time, yet Kysely builds
// and compiles the query anew on every call: 8-21 us of each here (docs/performance.md, "Reads").
// `compiledOnce` builds and compiles such a query once per database (or transaction) object and
// then runs the compiled SQL with the call's values. The SQL is the dialect's own, as Kysely writes
// it, so SQLite and PostgreSQL run what they ran before.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database as Tables } from './schema.js';

type Queryable = Kysely<Tables>;

/** Stands for argument `index` while the query is built: compiled, it becomes a parameter. */
class Slot {
  constructor(readonly index: number) {}
}

/** Each parameter of the compiled query: an argument's index, or a value the build itself put there. */
type Source = { arg: number } | { value: unknown };

interface Compiled<R> {
  query: CompiledQuery<R>;
  sources: Source[];
}

/**
 * `build` must pass each argument into the query as a value, unchanged (`where('id', '=', id)`):
 * the query is built once with stand-ins, and the SQL must not depend on the values. A build that
 * does something else with an argument (reads it, changes it, makes a list of it) is refused the
 * first time it runs, before any query; so is anything but a select.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Queryable, ...args: A) => Compilable<R>): (db: Queryable, ...args: A) => Promise<R[]> {
  const byDb = new WeakMap<object, Compiled<R>>();
  const compile = (db: Queryable, arity: number): Compiled<R> => {
    const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
    let query: CompiledQuery<R>;
    try {
      query = build(db, ...(slots as unknown as A)).compile();
    } catch (err) {
      throw new Error(`compiledOnce: the build used an argument as more than a value (${err instanceof Error ? err.message : String(err)})`);
    }
    // Reads only: a write's storage check (connection.ts) runs when it is compiled, each time.
    if (query.query.kind !== 'SelectQueryNode') throw new Error(`compiledOnce: reads only, not ${query.query.kind}`);
    const sources: Source[] = query.parameters.map((p) => (p instanceof Slot ? { arg: p.index } : { value: p }));
    const used = new Set(sources.flatMap((s) => ('arg' in s ? [s.arg] : [])));
    if (used.size !== arity) throw new Error(`compiledOnce: ${arity - used.size} argument(s) did not reach the query as values: ${query.sql}`);
    return { query, sources };
  };
  return async (db, ...args) => {
    let compiled = byDb.get(db);
    if (!compiled) {
      compiled = compile(db, args.length);
      byDb.set(db, compiled);
    }
    const parameters = compiled.sources.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return (await db.executeQuery<R>({ ...compiled.query, parameters })).rows;
  };
}
