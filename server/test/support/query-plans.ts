// The SQL a request really runs, and whether the database can answer it by an index. Every query
// Kysely sends, ours or compiled once (db/compiled-query.ts), in or out of a transaction, passes
// through its query executor's executeQuery or stream; while a recording is open those two note
// the compiled SQL and its values on the way through and change nothing else. Then each noted read
// or write is explained on the same database: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN
// with sequential scans switched off (a tiny table makes the planner prefer one even when an index
// would serve, so forbidding them shows whether an index CAN serve the query).
import { CompiledQuery, DefaultQueryExecutor, sql } from 'kysely';
import type { DB } from '../../src/db/connection.js';
import type { TestDialect } from './dialects.js';

export interface SeenQuery {
  sql: string;
  parameters: readonly unknown[];
}

type Executor = {
  executeQuery(q: CompiledQuery, ...rest: unknown[]): Promise<unknown>;
  stream(q: CompiledQuery, ...rest: unknown[]): AsyncIterableIterator<unknown>;
};

/** The executor class every Kysely instance and transaction runs its queries through. */
const base = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as Executor;
let recording: SeenQuery[] | null = null;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const { executeQuery, stream } = base;
  base.executeQuery = function (this: Executor, q, ...rest) {
    recording?.push({ sql: q.sql, parameters: q.parameters });
    return executeQuery.call(this, q, ...rest);
  };
  base.stream = function (this: Executor, q, ...rest) {
    recording?.push({ sql: q.sql, parameters: q.parameters });
    return stream.call(this, q, ...rest);
  };
}

/** The queries `run` sent, in order, each text once (its first values). */
export async function queriesOf(run: () => Promise<void>): Promise<SeenQuery[]> {
  install();
  const seen: SeenQuery[] = [];
  recording = seen;
  try {
    await run();
  } finally {
    recording = null;
  }
  const byText = new Map<string, SeenQuery>();
  for (const q of seen) if (!byText.has(q.sql)) byText.set(q.sql, q);
  return [...byText.values()];
}

/** Reads and writes that find rows (an INSERT finds none, unless it selects them). */
export const findsRows = (q: SeenQuery) => /^\s*(select|update|delete|with)\b/i.test(q.sql) || /^\s*insert\b[\s\S]*\bselect\b/i.test(q.sql);

/** Table names the SQL gives each alias (`"recommendations" as "r"`, `from analytics_events a`). */
function aliases(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of text.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    map.set(m[1], m[1]);
    if (m[2]) map.set(m[2], m[1]);
  }
  return map;
}

/** SQLite: the plan lines that read a whole table of `watched` (a SCAN, with or without an index). */
async function sqliteProblems(db: DB, q: SeenQuery, watched: (table: string) => boolean): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
  const names = aliases(q.sql);
  return plan.rows
    .map((r) => r.detail)
    .filter((d) => {
      // A name the SQL does not give a table (a subquery's alias, CONSTANT ROW) is no table's scan.
      const table = names.get(/^SCAN (\w+)/.exec(d)?.[1] ?? '');
      return table !== undefined && watched(table);
    });
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PgNode[];
}

const pgNodes = (n: PgNode): PgNode[] => [n, ...(n.Plans ?? []).flatMap(pgNodes)];

/**
 * PostgreSQL: nodes that read a whole table of `watched`: a Seq Scan, or an index read with no
 * condition on the index (the planner's way round a forbidden Seq Scan: every entry, then a filter).
 */
async function postgresProblems(db: DB, q: SeenQuery, watched: (table: string) => boolean): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    const res = await tx.executeQuery<{ 'QUERY PLAN': { Plan: PgNode }[] }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
    const nodes = res.rows[0]['QUERY PLAN'].flatMap((p) => pgNodes(p.Plan));
    return nodes
      .filter((n) => n['Relation Name'] && watched(n['Relation Name']))
      .filter((n) => n['Node Type'] === 'Seq Scan' || (/^Index (Only )?Scan$/.test(n['Node Type']) && !n['Index Cond']))
      .map((n) => `${n['Node Type']} on ${n['Relation Name']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${n.Filter ? ` (filter ${n.Filter})` : ''}`);
  });
}

/** Each query whose plan reads a whole table of `watched`, as "the query\n  -> the plan line". */
export async function wholeTableReads(db: DB, dialect: TestDialect, queries: SeenQuery[], watched: (table: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for (const q of queries.filter(findsRows)) {
    const lines = dialect === 'sqlite' ? await sqliteProblems(db, q, watched) : await postgresProblems(db, q, watched);
    if (lines.length) out.push(`${q.sql}\n  -> ${lines.join('\n  -> ')}`);
  }
  return out;
}
