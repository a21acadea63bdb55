// `npm test`: typecheck, lint, unit tests, API tests on SQLite and PostgreSQL, cluster tests (two instances
// behind nginx), reliability tests (faults done to running processes), browser tests. Stops at the first
// failing step and ends with one summary line. The first three take a core each at most and touch no
// server, so they run side by side (their output is printed whole as each ends); the rest run in turn, since
// each fills the machine or times what it measures.
import { spawn } from 'node:child_process';

const steps = [
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['unit tests', 'npm', ['run', 'test:unit']],
  ],
  [['API tests (SQLite + PostgreSQL)', 'npm', ['run', 'test:api']]],
  [['cluster tests (two instances behind nginx)', 'npm', ['run', 'test:cluster']]],
  [['reliability tests (kill -9, outages, full disk, soak)', 'npm', ['run', 'test:reliability']]],
  [['browser tests', 'npm', ['run', 'test:e2e']]],
];

/** Runs one step; alone it prints as it goes, beside others its output is kept and printed when it ends. */
function run([name, cmd, args], alone) {
  const started = Date.now();
  if (alone) console.log(`\n##### ${name} #####`);
  const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
  const kept = [];
  child.stdout?.on('data', (chunk) => kept.push(chunk));
  child.stderr?.on('data', (chunk) => kept.push(chunk));
  return new Promise((resolve) => {
    const done = (status) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) process.stdout.write(`\n##### ${name} #####\n${Buffer.concat(kept).toString()}`);
      resolve({ name, status, secs });
    };
    child.on('close', (code) => done(code ?? 1));
    child.on('error', () => done(1));
  });
}

const passed = [];
for (const group of steps) {
  const results = await Promise.all(group.map((step) => run(step, group.length === 1)));
  const failed = results.filter((r) => r.status !== 0);
  for (const r of results)
    console.log(
      r.status === 0
        ? `##### ${r.name} passed in ${r.secs}s #####`
        : `\n##### ${r.name} FAILED after ${r.secs}s #####`,
    );
  if (failed.length > 0) {
    console.log(`steps: ${passed.length + results.length - failed.length} passed, ${failed.length} failed`);
    process.exit(1);
  }
  passed.push(...results.map((r) => r.name));
}
console.log(`\nsteps: ${passed.length} passed, 0 failed`);
