// npm run bench:http — bare Fastify hello-world beside Mixdesk's /api/health and /api/auth/me (bearer),
// measured in one run, the diagnostics screen's polling cost (20 screens, 5 s), plus the cold start (spawn to
// first 200 on /api/health) with an existing data dir.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pollDiagnostics } from './diagnostics-poll.ts';
import { HELLO_ENTRY, loadInterleaved, printTable, ROOT, startServer } from './lib.ts';

const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const dataDir = path.join(ROOT, 'bench/.data/http');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env = { DATA_DIR: dataDir, DEMO_PASSWORD: 'Bench-Password-1', SEED_DEMO: '1' };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 4);

const hello = await startServer(HELLO_ENTRY, { port: 3101, healthPath: '/' });
// First start creates the data dir (database, migrations, demo account); the measured starts reuse it.
const first = await startServer(MAIN, { port: 3102, env });
const login = await fetch(`${first.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'demo@mixdesk.app', password: 'Bench-Password-1' }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const [baseline, health, me] = await loadInterleaved(
  [
    { name: 'bare Fastify hello-world GET /', url: `${hello.url}/`, pid: hello.child.pid },
    { name: 'Mixdesk GET /api/health', url: `${first.url}/api/health`, pid: first.child.pid },
    {
      name: 'Mixdesk GET /api/auth/me (bearer)',
      url: `${first.url}/api/auth/me`,
      headers: { authorization: `Bearer ${token}` },
      pid: first.child.pid,
    },
  ],
  { rounds: ROUNDS, seconds: SLICE_SECONDS },
);
await hello.stop();
const diagnostics = await pollDiagnostics(first.url, token, first.child.pid!, {
  seconds: Number(process.env.BENCH_DIAGNOSTICS_SECONDS ?? 60),
});
await first.stop();

const starts: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await startServer(MAIN, { port: 3102, env });
  starts.push(s.readyMs);
  await s.stop();
}
starts.sort((a, b) => a - b);

console.log(
  `\nbench:http — ${process.env.BENCH_CONNECTIONS ?? 64} connections; ${ROUNDS} rounds of ${SLICE_SECONDS} s per route, the routes in turn; one run`,
);
const ok = printTable([baseline!, health!, me!], baseline!, { ratio: 0.5 });
console.log(
  `\ncold start (spawn → first 200 on /api/health, existing data dir): ${starts.map((s) => `${s.toFixed(0)} ms`).join(', ')}; median ${starts[1]!.toFixed(0)} ms (bar < 3000 ms)`,
);
console.log(`bar /api/auth/me ≥ 0.5 × hello-world: ${ok ? 'met' : 'NOT met'}`);
console.log(
  `\nGET /api/diagnostics/health, 20 screens polling every 5 s for ${diagnostics.seconds} s: ${diagnostics.requests} requests (${diagnostics.failures} failed), p50 ${diagnostics.p50Ms.toFixed(1)} ms, p99 ${diagnostics.p99Ms.toFixed(1)} ms; server CPU ${diagnostics.cpuPct.toFixed(2)} % of one core, of which the probes' decoder runs ${diagnostics.childrenCpuPct.toFixed(2)} % (idle, no screen open: ${diagnostics.idleCpuPct.toFixed(2)} %; bar < 2 %: ${diagnostics.cpuPct < 2 ? 'met' : 'NOT met'})`,
);
