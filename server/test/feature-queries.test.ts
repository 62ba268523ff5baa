// A feature's queries are in its repositories (docs/architecture.md, "Server layout"): no other
// file of features/ builds or runs a Kysely query, so a query is found, reviewed and reused in one
// place (a person's history in features/history/history.repository.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(import.meta.dirname, '../src/features');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/**
 * Exempt: the one-time code store, a repository in all but name: the five purposes' tables are
 * its parameters, so its queries cannot sit in one feature's repository.
 */
const EXEMPT = ['codes/code-store.ts'];
const QUERY = [
  /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(/,
  /\.(execute|executeTakeFirst|executeTakeFirstOrThrow|executeQuery)\(/,
  // A raw SQL template: sql`...`, sql<T>`...`, sql.raw(...)
  /\bsql(<[^`;]*>)?`/,
  /\bsql\.raw\(/,
];

const isQueryFile = (path: string) => path.endsWith('.repository.ts') || path.endsWith('.test.ts') || EXEMPT.includes(path);

describe('feature queries', () => {
  it('are only in repositories', () => {
    const querying = sources(FEATURES)
      .map((f) => relative(FEATURES, f).split('\\').join('/'))
      .filter((f) => !isQueryFile(f))
      .filter((f) => {
        const text = readFileSync(join(FEATURES, f), 'utf8');
        return QUERY.some((re) => re.test(text));
      });
    expect(querying).toEqual([]);
  });

  it('recognise a query outside a repository', () => {
    const samples = ["await db.selectFrom('users').selectAll().execute()", 'sql<number>`taste_rev + 1`', "tx.updateTable('users')", 'sql.raw(text)'];
    for (const s of samples) expect(QUERY.some((re) => re.test(s))).toBe(true);
    expect(QUERY.some((re) => re.test("await usersOf(ctx.db, ids); history.write(user.id, (h) => h.issue(row))"))).toBe(false);
  });
});
