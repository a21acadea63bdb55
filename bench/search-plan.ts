// npm run bench:search-plan — what SQLite's search plan choice rests on (db/sql-helpers.ts,
// ROWS_PER_INDEXED_MATCH): on the file bench:scale leaves in bench/.data/scale-sqlite, the big account's
// count of a search read both ways, through the trigram index and by a scan of the owner's rows, for common
// and rare terms; the cost of one match and of one row, their ratio, and the bounded probe's time.
// Run bench:scale (BENCH_DIALECTS=sqlite is enough) first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ROWS_PER_INDEXED_MATCH } from '../apps/server/src/db/sql-helpers.ts';
import { ROOT } from './lib.ts';

const FILE = path.join(ROOT, 'bench/.data/scale-sqlite/mixdesk.db');
if (!existsSync(FILE))
  throw new Error(`${FILE} is missing: run BENCH_DIALECTS=sqlite npm run bench:scale first`);
const db = new Database(FILE, { readonly: true });
const big = (
  db.prepare(`select id from users where email = 'scale-big@bench.example'`).get() as { id: string }
).id;

/** The median of seven runs, in ms. */
function median(fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[3]!;
}

const TERMS = {
  clients: ['chen', 'maya', 'brightside', '31337'],
  documents: ['neon', 'contract', 'doc-s1-1999', '123456'],
} as const;

console.log(
  'table      term          owner rows  matches  index ms  scan ms  probe ms  µs/match  µs/row  plan',
);
for (const table of ['clients', 'documents'] as const) {
  const rows = (db.prepare(`select count(*) as n from ${table} where owner_id = ?`).get(big) as { n: number })
    .n;
  const bound = Math.ceil(rows / ROWS_PER_INDEXED_MATCH[table]);
  for (const term of TERMS[table]) {
    const phrase = `"${term}"`;
    const like = `%${term}%`;
    const matches = db.prepare(`select count(*) as n from ${table}_search where ${table}_search match ?`);
    const viaIndex = db.prepare(`select count(*) as n from ${table} where +owner_id = ?
      and search_key in (select rowid from ${table}_search where ${table}_search match ?)`);
    const viaScan = db.prepare(
      `select count(*) as n from ${table} where owner_id = ? and search_text like ?`,
    );
    const probe = db.prepare(`select count(*) as n from (
      select rowid from ${table}_search where ${table}_search match ? limit ?)`);
    const n = (matches.get(phrase) as { n: number }).n;
    const index = median(() => viaIndex.get(big, phrase));
    const scan = median(() => viaScan.get(big, like));
    const probed = median(() => probe.get(phrase, bound));
    const plan = n < bound ? 'index' : 'scan';
    console.log(
      `${table.padEnd(10)} ${term.padEnd(13)} ${String(rows).padStart(10)} ${String(n).padStart(8)} ${index.toFixed(1).padStart(9)} ${scan.toFixed(1).padStart(8)} ${probed.toFixed(2).padStart(9)} ${((index / Math.max(1, n)) * 1000).toFixed(2).padStart(9)} ${((scan / rows) * 1000).toFixed(3).padStart(7)}  ${plan}${(plan === 'index') === index < scan ? '' : ' (the other was faster)'}`,
    );
  }
}
