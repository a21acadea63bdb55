// Hot queries built and compiled once per database, then run with fresh parameters: some queries run on
// every request (the session check, list versions) and Kysely's build-and-compile step costs more than SQLite's execution.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.ts';

const MARK = '\u0000mixdesk-param-';

/**
 * `build` receives placeholder strings for its parameters; the compiled query is cached per database and
 * per parameter count, and each call swaps the placeholders for the given values.
 */
export function prepared<Row>(build: (db: Kysely<DB>, params: string[]) => Compilable<Row>) {
  const cache = new WeakMap<Kysely<DB>, Map<number, CompiledQuery<Row>>>();
  return async (db: Kysely<DB>, values: readonly string[]): Promise<Row[]> => {
    let byCount = cache.get(db);
    if (!byCount) {
      byCount = new Map();
      cache.set(db, byCount);
    }
    let compiled = byCount.get(values.length);
    if (!compiled) {
      compiled = build(
        db,
        values.map((_, i) => `${MARK}${i}`),
      ).compile();
      byCount.set(values.length, compiled);
    }
    const parameters = compiled.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? values[Number(p.slice(MARK.length))] : p,
    );
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
