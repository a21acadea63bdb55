// API tests on SQLite and on PostgreSQL (TEST_DATABASE_URL), side by side: vitest gives each run one worker
// on two cores (cores - 1), and most of an API test's time is spent waiting (PostgreSQL, ffmpeg, sockets),
// so the two dialects share the machine well (one after the other they took 18 minutes here). Each run's
// lines carry its dialect. Without a reachable PostgreSQL the second run is reported loudly with the count of
// tests not run, and REQUIRE_POSTGRES=1 makes that a failure. API_TESTS_ONE_AT_A_TIME=1 runs them in turn.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extra = process.argv.slice(2);

/** Each dialect's failure report (vitest's "Failed Tests" section and its FAIL lines), kept to print again at the
 * end: the two runs' lines interleave, and CI shows only the log's tail, so a failure on the dialect that finished
 * first was otherwise lost above the other's output. */
const failureLines = { sqlite: [], postgres: [] };
const FAILURE_LINES_KEPT = 70; // CI shows about the last 80 lines of its log

function keepFailureLine(dialect, line, state) {
  const plain = stripVTControlCharacters(line);
  if (/Failed Tests \d+/.test(plain) || /Unhandled (Errors?|Rejection)/.test(plain)) state.inReport = true;
  if (state.inReport || /^\s*(FAIL|×|✗)\s/.test(plain)) {
    const kept = failureLines[dialect];
    if (kept.length < FAILURE_LINES_KEPT) kept.push(plain);
  }
}

/** One dialect's run; resolves to its exit status. Its output lines are prefixed with the dialect. */
function vitest(dialect, prefixed) {
  console.log(`\n=== API tests on ${dialect} ===`);
  const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...extra], {
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TEST_DIALECT: dialect, TEST_DATABASE_URL: url },
  });
  if (prefixed) {
    const state = { inReport: false };
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: stream }).on('line', (line) => {
        out.write(`[${dialect}] ${line}\n`);
        keepFailureLine(dialect, line, state);
      });
  }
  return new Promise((resolve) => {
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    console.error(`PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//***@')} is not reachable: ${err.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function countApiTests() {
  const res = spawnSync('npx', ['vitest', 'list', '--project', 'api', '--json'], { encoding: 'utf8' });
  try {
    return JSON.parse(res.stdout).length;
  } catch {
    return 'all';
  }
}

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
let failed;
if (await postgresReachable()) {
  const [sqlite, postgres] =
    process.env.API_TESTS_ONE_AT_A_TIME === '1'
      ? [await vitest('sqlite', false), await vitest('postgres', false)]
      : await Promise.all([vitest('sqlite', true), vitest('postgres', true)]);
  for (const [dialect, code] of [
    ['sqlite', sqlite],
    ['postgres', postgres],
  ]) {
    if (code === 0) continue;
    const kept = failureLines[dialect];
    console.log(`\n--- What failed on ${dialect} (again, as the two runs' lines interleave above) ---`);
    console.log(kept.length > 0 ? kept.join('\n') : `(no failure report: the run exited with ${code})`);
  }
  console.log(
    `\nAPI tests: SQLite ${sqlite === 0 ? 'passed' : 'FAILED'}, PostgreSQL ${postgres === 0 ? 'passed' : 'FAILED'} (${seconds()} s)`,
  );
  failed = sqlite !== 0 || postgres !== 0;
} else {
  failed = (await vitest('sqlite', false)) !== 0;
  const n = countApiTests();
  const bar = '!'.repeat(78);
  console.error(
    `\n${bar}\n!! PostgreSQL NOT TESTED: ${n} API tests were NOT run on PostgreSQL.\n!! Start PostgreSQL or set TEST_DATABASE_URL.${process.env.REQUIRE_POSTGRES === '1' ? ' REQUIRE_POSTGRES=1: failing.' : ''}\n${bar}\n`,
  );
  if (process.env.REQUIRE_POSTGRES === '1') failed = true;
}
process.exit(failed ? 1 : 0);
