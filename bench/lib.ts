// Shared pieces for benchmarks: start a server process, wait for it, drive it with autocannon, print figures.
// Benchmarks print numbers; they never assert wall-clock times.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { RATE_LIMIT_NAMES } from '../apps/server/src/config-rate-limits.ts';
import { type Decoders, findOnPath, resolveBinary } from '../apps/server/src/modules/media/decoder.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

export interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

const RAISED_RATE_LIMITS = Object.fromEntries(
  RATE_LIMIT_NAMES.map((name) => [`RATE_LIMIT_${name.toUpperCase()}`, '1000000000']),
);

/** Extra Node flags for the measured servers, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=.tmp/prof'. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Spawns a TypeScript entry point with tsx and waits until `healthPath` answers 200. */
export async function startServer(
  entry: string,
  opts: { port: number; env?: Record<string, string>; healthPath?: string; timeoutMs?: number },
): Promise<Running & { readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      LOG_PRETTY: '0',
      // One benchmark client does what thousands of people would: the per-client limits are raised past it.
      ...RAISED_RATE_LIMITS,
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const readyMs = await waitFor200(
    `${url}${opts.healthPath ?? '/api/health'}`,
    opts.timeoutMs ?? 60_000,
    child,
  );
  return {
    child,
    url,
    readyMs: readyMs - started,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Polls until the URL answers 200; returns the performance.now() of that answer. */
export async function waitFor200(url: string, timeoutMs: number, child?: ChildProcess): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU time (user + system) per request, when the server's pid was given. */
  cpuUsPerReq?: number;
  /** Hello-world req/s measured just before this row (loadBesideHello); its ratio is against that. */
  baselineRps?: number;
  /** The ratio to the baseline when measured in rounds (loadInterleaved): the median of each round's. */
  ratio?: number;
  /** Share of this machine's CPU time the host took for other guests while the row ran (steal). */
  stealPct: number;
}

/** The machine's CPU time so far, all cores, in ticks: total and stolen by the hypervisor (Linux /proc/stat). */
export function machineTicks(): { total: number; steal: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  return { total: cpu.slice(0, 8).reduce((a, b) => a + b, 0), steal: cpu[7] ?? 0 };
}

/** Percent of the CPU time between two readings that the host stole. */
export function stealSince(before: { total: number; steal: number }): number {
  const now = machineTicks();
  const total = now.total - before.total;
  return total > 0 ? (100 * (now.steal - before.steal)) / total : 0;
}

/** CPU time a process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100;
}

export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  opts: {
    seconds?: number;
    connections?: number;
    pid?: number;
    /** autocannon's per-request setup, e.g. a different path each request. */
    requests?: autocannon.Request[];
  } = {},
): Promise<Figures> {
  const cpuBefore = opts.pid ? cpuMicros(opts.pid) : 0;
  const ticks = machineTicks();
  const result = await autocannon({
    url,
    headers,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.seconds ?? SECONDS,
    requests: opts.requests,
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUsPerReq: opts.pid ? (cpuMicros(opts.pid) - cpuBefore) / result.requests.total : undefined,
    stealPct: stealSince(ticks),
  };
}

/**
 * Bare hello-world measured right before the route, so the ratio compares two measurements made seconds
 * apart: on this shared two-core machine the baseline alone drifts between 30k and 85k req/s in one run.
 */
export async function loadBesideHello(
  hello: Running,
  name: string,
  url: string,
  headers: Record<string, string>,
  opts: { pid?: number } = {},
): Promise<Figures> {
  const baseline = await load('hello', `${hello.url}/`);
  const figures = await load(name, url, headers, opts);
  return { ...figures, baselineRps: baseline.rps };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  pid?: number;
}

/**
 * Each target in turn for `seconds`, `rounds` times over; the first target is the baseline. The host under
 * this machine drifts by half its speed within a minute, so rows measured one after the other compare two
 * different machines: here every round measures them all within seconds, and each row's ratio is the median
 * of its rounds' ratios. req/s and CPU per request are over all rounds; p50 and p99 the median round's.
 */
export async function loadInterleaved(
  targets: Target[],
  opts: { rounds: number; seconds: number },
): Promise<Figures[]> {
  const rounds: Figures[][] = targets.map(() => []);
  for (let round = 0; round < opts.rounds; round++)
    for (const [i, t] of targets.entries())
      rounds[i]!.push(await load(t.name, t.url, t.headers, { pid: t.pid, seconds: opts.seconds }));
  return targets.map((t, i) => {
    const mine = rounds[i]!;
    const requests = mine.reduce((sum, f) => sum + f.rps * opts.seconds, 0);
    const cpu = mine.reduce((sum, f) => sum + (f.cpuUsPerReq ?? 0) * f.rps * opts.seconds, 0);
    return {
      name: t.name,
      rps: requests / (opts.seconds * opts.rounds),
      p50: median(mine.map((f) => f.p50)),
      p99: median(mine.map((f) => f.p99)),
      errors: mine.reduce((sum, f) => sum + f.errors, 0),
      non2xx: mine.reduce((sum, f) => sum + f.non2xx, 0),
      cpuUsPerReq: t.pid ? cpu / requests : undefined,
      ratio: median(mine.map((f, round) => f.rps / rounds[0]![round]!.rps)),
      stealPct: median(mine.map((f) => f.stealPct)),
    };
  });
}

export function printTable(
  rows: Figures[],
  baseline: Figures,
  bars?: { ratio?: number; p99Ms?: number },
): boolean {
  let ok = true;
  console.log(
    `\n${'route'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)} ${'CPU µs/req'.padStart(10)} ${'steal'.padStart(5)}  errors/non-2xx`,
  );
  for (const r of rows) {
    const ratio = r.ratio ?? r.rps / (r.baselineRps ?? baseline.rps);
    const pass =
      r === baseline ||
      ((bars?.ratio === undefined || ratio >= bars.ratio) &&
        (bars?.p99Ms === undefined || r.p99 < bars.p99Ms));
    if (!pass) ok = false;
    console.log(
      `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${ratio.toFixed(2).padStart(6)} ${(r.cpuUsPerReq?.toFixed(1) ?? '-').padStart(10)} ${`${r.stealPct.toFixed(0)}%`.padStart(5)}  ${r.errors}/${r.non2xx}${r === baseline ? '  (baseline)' : pass ? '  ok' : '  BELOW BAR'}${r.baselineRps ? `  (hello-world just before: ${r.baselineRps.toFixed(0)})` : ''}`,
    );
  }
  console.log(
    'steal: CPU time the host gave to other guests while the row ran; rows above a few percent measure the host.',
  );
  return ok;
}

/** A bare Fastify hello-world, the baseline every HTTP benchmark is compared with. */
export const HELLO_ENTRY = path.join(ROOT, 'bench/hello-server.ts');

/** A fresh, empty PostgreSQL schema for a bench run (the old one and its data dropped). */
export async function resetPgSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.query(`create schema "${schema}"`);
  await client.end();
}

/** One JSON request to the API as `token`'s user (none: signed out); its `data`, or an error with the answer. */
export async function api(base: string, method: string, url: string, token: string | null, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: Record<string, { _id: string }> & { token: string } };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The decoders a benchmark runs: the ffmpeg and ffprobe on PATH (else npm's), with generous limits. */
export function benchDecoders(): Decoders {
  const limits = { timeoutMs: 600_000, cpuSeconds: 600, addressSpaceBytes: 2 * 1024 ** 3 };
  return {
    ffmpeg: resolveBinary('ffmpeg', undefined, process.env.PATH),
    ffprobe: resolveBinary('ffprobe', undefined, process.env.PATH),
    prlimit: findOnPath('prlimit', process.env.PATH),
    probe: limits,
    decode: limits,
  };
}
