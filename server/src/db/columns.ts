// Column lists checked against a table's type. A select that names its columns gets its rows built
// by the statement cache in one fast object shape (db/statement-cache.ts), where `table.*` gets
// better-sqlite3's own objects, which V8 keeps in its slow dictionary mode past a few dozen
// columns. Used by the session's and GET /current's reads, and the catalog's load.

/**
 * `allColumns<UsersTable>()([...])`: the list, typed as given; it fails to compile, naming what is
 * missing, unless it names every column of T.
 */
export function allColumns<T>() {
  return <const L extends ReadonlyArray<keyof T & string>>(list: L & ([Exclude<keyof T, L[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, L[number]> })): L => list;
}

/** The list's columns under a table name or alias (`users.id`, `r.seq`), for a select over a join. */
export function qualified<const A extends string, const L extends readonly string[]>(alias: A, list: L): Array<`${A}.${L[number]}`> {
  return list.map((c) => `${alias}.${c}` as `${A}.${L[number]}`);
}
