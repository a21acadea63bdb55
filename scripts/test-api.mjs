// API tests on SQLite, then on PostgreSQL (TEST_DATABASE_URL). Without a reachable PostgreSQL the second
// run is reported loudly with the count of tests not run, and REQUIRE_POSTGRES=1 makes that a failure.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extra = process.argv.slice(2);

function vitest(dialect) {
  console.log(`\n=== API tests on ${dialect} ===`);
  const res = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DIALECT: dialect, TEST_DATABASE_URL: url },
  });
  return res.status ?? 1;
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

let failed = vitest('sqlite') !== 0;
if (await postgresReachable()) {
  failed = vitest('postgres') !== 0 || failed;
} else {
  const n = countApiTests();
  const bar = '!'.repeat(78);
  console.error(
    `\n${bar}\n!! PostgreSQL NOT TESTED: ${n} API tests were NOT run on PostgreSQL.\n!! Start PostgreSQL or set TEST_DATABASE_URL.${process.env.REQUIRE_POSTGRES === '1' ? ' REQUIRE_POSTGRES=1: failing.' : ''}\n${bar}\n`,
  );
  if (process.env.REQUIRE_POSTGRES === '1') failed = true;
}
process.exit(failed ? 1 : 0);
