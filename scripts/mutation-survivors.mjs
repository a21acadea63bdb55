// `node scripts/mutation-survivors.mjs <group>`: the mutants a group's last mutation run left alive (Survived)
// or reached with no test (NoCoverage), one line each, from its committed incremental file
// (mutation/incremental-<group>.json): file:line:column, status, mutator, the line and what it became.
import { readFileSync } from 'node:fs';

const group = process.argv[2];
if (!group) {
  console.error(
    'Usage: node scripts/mutation-survivors.mjs <group>   (access, accounts, documents, signing, review, work)',
  );
  process.exit(2);
}
const report = JSON.parse(
  readFileSync(new URL(`../mutation/incremental-${group}.json`, import.meta.url), 'utf8'),
);
let count = 0;
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split('\n');
  for (const m of mutants) {
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
    const { line, column } = m.location.start;
    const text = lines[line - 1].trim().slice(0, 110);
    console.log(
      `${file}:${line}:${column} ${m.status} ${m.mutatorName}: ${text} -> ${(m.replacement ?? '').slice(0, 70)}`,
    );
    count += 1;
  }
}
console.error(`${count} mutants left in ${group}`);
