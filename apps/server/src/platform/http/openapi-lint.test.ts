// The OpenAPI document judged by a linter nobody here wrote (issue #38): Redocly CLI with its recommended
// rules (redocly.yaml says which two are off and why) must find nothing in the document the server serves.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-openapi-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Redocly’s lint of the OpenAPI document', () => {
  it('finds no error and no warning under the recommended rules', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, res.body);
    const run = spawnSync(
      process.execPath,
      [
        REDOCLY,
        'lint',
        file,
        '--config',
        path.join(ROOT, 'redocly.yaml'),
        '--format=json',
        '--max-problems=10000',
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(run.stdout) as { problems: Problem[]; totals: { errors: number } };
    // The linter ran and read the document: it counts what it checked.
    expect(report.totals).toBeDefined();
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
    );
    expect(problems).toEqual([]);
  });
});
