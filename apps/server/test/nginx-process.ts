// nginx running the shipped deploy/nginx.conf in front of instances on this machine: what the cluster tests
// and bench:cluster put before two instances. Debian's nginx-light (.ci/run installs it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './instance-process.ts';
import { until } from './services.ts';

export const NGINX = '/usr/sbin/nginx';

/** Whether nginx can run here. */
export const nginxAvailable = () => spawnSync(NGINX, ['-v']).status === 0;

export interface RunningNginx {
  url: string;
  /** nginx's error log so far (upstream errors: what a failed request met). */
  errors(): string;
  stop(): Promise<void>;
}

/** Rewrites the shipped nginx.conf for this run: its listen port and the instances' ports. */
function nginxConfig(port: number, upstreams: number[]): string {
  const shipped = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  let upstreamLines = 0;
  const conf = shipped
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace(/server 127\.0\.0\.1:300(\d) max_fails=0;/g, (_line, n: string) => {
      upstreamLines += 1;
      return `server 127.0.0.1:${upstreams[Number(n) - 1]} max_fails=0;`;
    });
  if (upstreamLines !== 4)
    throw new Error('deploy/nginx.conf no longer has the two upstreams of two servers');
  return conf;
}

/**
 * Starts nginx on `port` in front of the two instances on `upstreams`, its files in `dir`; answers once
 * `/api/ready` answers 200 through it.
 */
export async function startNginx(
  dir: string,
  port: number,
  upstreams: [number, number],
): Promise<RunningNginx> {
  const confFile = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'nginx-error.log');
  writeFileSync(confFile, nginxConfig(port, upstreams));
  let out = '';
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', confFile, '-e', errorLog, '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${out}`);
        return fetch(`${url}/api/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
      },
      15_000,
      'nginx to answer',
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, errors: () => readFileSync(errorLog, 'utf8'), stop };
}
