// npm run check: the layers' import rules (docs/architecture.md, issue #33), checked on every file's imports.
//
// Server (apps/server/src):
//   - layer: `platform/`, `db/` and `config*.ts` never import `modules/` (lower layers do not reach up; what
//     they need from an area is handed to them at start).
//   - config: `config*.ts` imports nothing of the server (it is read first, by everything).
//   - area: an area imports another area only through its public entry, `modules/<area>/public.ts`: what it
//     offers others, named (a read function, a lock, a check), never its tables (a table's queries live with
//     the area that owns it) nor the files behind the entry.
//   - area-cycle: no two areas import each other.
//   - table: a file names in its queries (`selectFrom('users')`, a join, an insert, an update, a delete, or
//     `from`/`join`/`update`/`into` in a `sql` template) only tables its own area declares (`modules/<area>/tables.ts`): the `DB` interface is one, so a query on
//     another area's table compiles without importing anything, and only this rule sees it. The migrations
//     (the schema's history, every table's) are exempt.
// Web (apps/web/src):
//   - feature: a feature imports no other feature; what two features share lives in `lib/` or `ui/`, and
//     `app/` composes features.
//   - feature-cycle: no two features import each other (named apart, as the worst of the above).
//   - path: no API path written by hand (a string starting `/api/`): a call names a route the contract
//     declares (`lib/call.ts`). `lib/api.ts`, the transport, keeps its own two (the CSRF token, the refresh).
//
// Tests and their helpers (`*.test.ts`, `*-testing.ts`, `test-*.ts`, `test-fixtures.ts`) may reach across: a test of the
// platform drives the whole app. The rules are about the code that ships.
//
// Each rule names the importing file and the imported one. The debts the codebase had when the check came in
// are listed in scripts/architecture-debts.json: a listed debt still present passes, a new violation fails,
// and a listed debt that is gone fails too until it is taken off the list, so the list only shrinks.
// `node scripts/check-architecture.mjs --write-debts` rewrites the list from what is found (for removals).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEBTS_FILE = path.join(root, 'scripts/architecture-debts.json');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/** Source files under a folder, tests included: a test importing across a boundary is a debt like any other. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The repository-relative files a source file imports (relative specifiers only; packages are not ours). */
export function importsOf(file, text) {
  const specs = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.'))
      specs.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
  }
  return specs;
}

/** `apps/server/src/modules/<area>/...` → area; otherwise null. */
const areaOf = (file) => file.match(/^apps\/server\/src\/modules\/([^/.]+)\//)?.[1] ?? null;
const featureOf = (file) => file.match(/^apps\/web\/src\/features\/([^/.]+)\//)?.[1] ?? null;
const isTestCode = (file) => /(\.test\.tsx?|-testing\.tsx?|\/test-[^/]+\.tsx?)$/.test(file);
const isConfig = (file) => /^apps\/server\/src\/config[^/]*\.ts$/.test(file);
const isMigration = (file) => file.startsWith(`${SERVER}/db/migrations/`);
const isLowerLayer = (file) => /^apps\/server\/src\/(platform\/|db\/|config[^/]*\.ts$)/.test(file);

/**
 * Which area declares each table: the names in the `interface DB { ... }` block its `tables.ts` adds to
 * db/schema.ts.
 */
export function tableOwners(files) {
  const owners = new Map();
  for (const { file, text } of files) {
    const area = areaOf(file);
    if (!area || !file.endsWith('/tables.ts')) continue;
    const block = /interface DB \{([\s\S]*?)\}/.exec(text)?.[1] ?? '';
    for (const [, table] of block.matchAll(/^\s*(\w+)\s*:/gm)) owners.set(table, area);
  }
  return owners;
}

const QUERIED =
  /\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`](\w+)/g;

/** A `sql` template's text (Kysely's raw SQL), up to its closing backtick. */
const SQL_TEMPLATE = /\bsql(?:<[^>`]*>)?`([^`]*)`/g;
/** A table a statement reads or writes: after from, join, update or into. */
const NAMED_IN_SQL = /\b(?:from|join|update|into)\s+"?(\w+)/gi;

/** The tables a file's query-builder calls (`users as u` → users) and raw `sql` templates name. */
export function tablesOf(text) {
  const names = [...text.matchAll(QUERIED)].map((m) => m[1]);
  for (const [, template] of text.matchAll(SQL_TEMPLATE))
    for (const [, table] of template.matchAll(NAMED_IN_SQL)) names.push(table);
  return [...new Set(names)];
}

export function violationsOf(files, owners = new Map()) {
  const found = [];
  const areaEdges = new Set();
  const featureEdges = new Set();
  for (const { file, imports, paths, tables = [] } of files) {
    if (isTestCode(file)) continue;
    if (file.startsWith(`${SERVER}/`) && !isMigration(file))
      for (const table of tables) {
        const owner = owners.get(table);
        if (owner && owner !== areaOf(file)) found.push(['table', file, table]);
      }
    if (paths && file.startsWith(`${WEB}/`) && file !== `${WEB}/lib/api.ts`)
      found.push(['path', file, '/api']);
    for (const target of imports) {
      if (isConfig(file) && target.startsWith(`${SERVER}/`) && !isConfig(target))
        found.push(['config', file, target]);
      if (file.startsWith(`${SERVER}/`)) {
        if (isLowerLayer(file) && target.startsWith(`${SERVER}/modules/`))
          found.push(['layer', file, target]);
        const from = areaOf(file);
        const to = areaOf(target);
        if (from && to && from !== to) {
          areaEdges.add(`${from}>${to}`);
          if (!target.endsWith(`/modules/${to}/public.ts`)) found.push(['area', file, target]);
        }
      } else if (file.startsWith(`${WEB}/`)) {
        const from = featureOf(file);
        const to = featureOf(target);
        if (from && to && from !== to) {
          featureEdges.add(`${from}>${to}`);
          found.push(['feature', file, target]);
        }
      }
    }
  }
  for (const [edges, rule] of [
    [areaEdges, 'area-cycle'],
    [featureEdges, 'feature-cycle'],
  ]) {
    for (const edge of edges) {
      const [a, b] = edge.split('>');
      if (a < b && edges.has(`${b}>${a}`)) found.push([rule, a, b]);
    }
  }
  return found.map(([rule, from, to]) => `${rule}: ${from} -> ${to}`).sort();
}

/** A file's imports, the tables it queries, and whether it writes an API path by hand. */
function readSource(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return { text, imports: importsOf(file, text), tables: tablesOf(text), paths: /['"`]\/api\//.test(text) };
}

function main() {
  const files = [...sourceFiles(SERVER), ...sourceFiles(WEB)].map((file) => ({
    file,
    ...readSource(file),
  }));
  const found = violationsOf(files, tableOwners(files));
  if (process.argv.includes('--write-debts')) {
    writeFileSync(DEBTS_FILE, `${JSON.stringify(found, null, 2)}\n`);
    console.log(`architecture: ${found.length} debts written to scripts/architecture-debts.json`);
    return;
  }
  const debts = new Set(JSON.parse(readFileSync(DEBTS_FILE, 'utf8')));
  const added = found.filter((v) => !debts.has(v));
  const paid = [...debts].filter((v) => !found.includes(v));
  for (const v of added) console.error(`new boundary violation  ${v}`);
  for (const v of paid) console.error(`debt paid, take it off scripts/architecture-debts.json  ${v}`);
  if (added.length || paid.length) {
    console.error('The layers and their rules: docs/architecture.md ("Boundaries").');
    process.exit(1);
  }
  console.log(`architecture: ${files.length} files, no new boundary violations (${debts.size} listed debts)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
