// `npm test`: typecheck, lint, unit tests, API tests on SQLite and PostgreSQL, cluster tests (two instances
// behind nginx), reliability tests (faults done to running processes), browser tests. Stops at the first
// failing step and ends with one summary line.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit tests', 'npm', ['run', 'test:unit']],
  ['API tests (SQLite + PostgreSQL)', 'npm', ['run', 'test:api']],
  ['cluster tests (two instances behind nginx)', 'npm', ['run', 'test:cluster']],
  ['reliability tests (kill -9, outages, full disk, soak)', 'npm', ['run', 'test:reliability']],
  ['browser tests', 'npm', ['run', 'test:e2e']],
];

const passed = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n##### ${name} #####`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`\n##### ${name} FAILED after ${secs}s #####`);
    console.log(`steps: ${passed.length} passed, 1 failed`);
    process.exit(1);
  }
  console.log(`##### ${name} passed in ${secs}s #####`);
  passed.push(name);
}
console.log(`\nsteps: ${passed.length} passed, 0 failed`);
