// The /con-test screen's load on the server: N open screens each polling GET /api/diagnostics/health every
// 5 s (SPEC §9), staggered as real screens would be. Measures the server's CPU (its own and its finished
// children's, e.g. the decoder probe) over the window, beside the same window with no screen open.
import { readFileSync } from 'node:fs';
import { DIAGNOSTICS_REFRESH_MS } from '@mixdesk/contract/diagnostics';

/** CPU time of a process and of its waited-for children so far, in microseconds (Linux /proc). */
function cpuMicros(pid: number): { self: number; children: number } {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return {
    self: ((Number(f[11]) + Number(f[12])) * 1_000_000) / 100,
    children: ((Number(f[13]) + Number(f[14])) * 1_000_000) / 100,
  };
}
const cpuWithChildrenMicros = (pid: number) => {
  const { self, children } = cpuMicros(pid);
  return self + children;
};

export interface PollFigures {
  seconds: number;
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU over the window as a percentage of one core. */
  cpuPct: number;
  /** The same, with no screen open (what the server spends anyway). */
  idleCpuPct: number;
  /** Of cpuPct, what the processes the probes start (the decoder) spent. */
  childrenCpuPct: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function cpuOver(pid: number, seconds: number, during: Promise<unknown> | null): Promise<number> {
  const before = cpuWithChildrenMicros(pid);
  const t0 = performance.now();
  await (during ?? sleep(seconds * 1000));
  const wallUs = (performance.now() - t0) * 1000;
  return (100 * (cpuWithChildrenMicros(pid) - before)) / wallUs;
}

export async function pollDiagnostics(
  url: string,
  token: string,
  pid: number,
  opts: { clients?: number; seconds?: number } = {},
): Promise<PollFigures> {
  const clients = opts.clients ?? 20;
  const seconds = opts.seconds ?? 60;
  const latencies: number[] = [];
  let failures = 0;
  let end = 0;
  const screen = async (i: number) => {
    await sleep((DIAGNOSTICS_REFRESH_MS / clients) * i);
    // As the screen does (con-test/api.ts): it names the logs it has, and unchanged logs are not sent again.
    let logsVersion: number | null = null;
    while (performance.now() < end) {
      const t0 = performance.now();
      const query = logsVersion === null ? '' : `?logsVersion=${logsVersion}`;
      const res = await fetch(`${url}/api/diagnostics/health${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json().catch(() => null)) as { data?: { logsVersion?: number } } | null;
      logsVersion = body?.data?.logsVersion ?? null;
      latencies.push(performance.now() - t0);
      if (res.status !== 200) failures += 1;
      await sleep(DIAGNOSTICS_REFRESH_MS);
    }
  };
  const idleCpuPct = await cpuOver(pid, seconds, null);
  end = performance.now() + seconds * 1000;
  const childrenBefore = cpuMicros(pid).children;
  const pollStart = performance.now();
  const cpuPct = await cpuOver(
    pid,
    seconds,
    Promise.all(Array.from({ length: clients }, (_, i) => screen(i))),
  );
  const childrenCpuPct =
    (100 * (cpuMicros(pid).children - childrenBefore)) / ((performance.now() - pollStart) * 1000);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    seconds,
    requests: latencies.length,
    failures,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    cpuPct,
    idleCpuPct,
    childrenCpuPct,
  };
}
