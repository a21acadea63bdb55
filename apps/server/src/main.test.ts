// The real process: start, serve, and shut down gracefully on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DIALECT } from '../test/helper.ts';
import { freePort } from '../test/services.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-main-'));
const schema = `main_${Date.now().toString(36)}`;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (TEST_DIALECT !== 'postgres') return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

function start(port: number): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'Demo-Password-123',
      LOG_PRETTY: '0',
      LOG_LEVEL: 'debug',
      ...(TEST_DIALECT === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  return { child, output: () => out };
}

/** Waits for a condition the process makes true (polling its output), up to 15 s. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

/** Waits up to 30 s (a busy CI machine compiles and migrates slower) for the started process to answer 200. */
async function until200(url: string, child: ChildProcess, output: () => string = () => ''): Promise<void> {
  for (let i = 0; i < 600; i++) {
    // What the process printed last says why it stopped.
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output().slice(-2000)}`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never answered 200`);
}

describe('main', () => {
  it('seeds the demo account, prints it, finishes an in-flight request on SIGTERM and exits 0', async () => {
    const port = await freePort(); // not a random pick: the other dialect's run starts servers side by side
    const base = `http://127.0.0.1:${port}`;
    const { child, output } = start(port);
    await until200(`${base}/api/health`, child, output);
    expect(output()).toContain('Demo account: demo@mixdesk.app / Demo-Password-123');

    // A sign-in is in flight when the signal arrives: its body is only half sent.
    const body = JSON.stringify({ email: 'demo@mixdesk.app', password: 'Demo-Password-123' });
    const req = request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    await until(() => output().includes('"url":"/api/auth/login","msg":"request received"'));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await until(() => output().includes('Shutting down'));
    req.end(body.slice(10));
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.user.email).toBe('demo@mixdesk.app');
    expect(await exited).toBe(0);
    expect(output()).toContain('Shutting down');
    // After shutdown nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });

  it('`npm start` ends with npm: on its SIGTERM, and on its kill -9 (nothing left listening)', async () => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const port = await freePort(); // not a random pick: the other dialect's run starts servers side by side
      const base = `http://127.0.0.1:${port}`;
      let out = '';
      const npm = spawn('npm', ['start', '--silent'], {
        cwd: path.join(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_PRETTY: '0',
          SKIP_WEB_BUILD: '1',
          NODE_ENV: '',
          ...(TEST_DIALECT === 'postgres'
            ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema }
            : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      npm.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
      });
      npm.stderr!.on('data', (c: Buffer) => {
        out += c.toString();
      });
      await until200(`${base}/api/health`, npm, () => out);
      // The server's own pid, from its log: the process under npm, not npm.
      await until(() => out.includes('Mixdesk is ready'));
      const ready = out.split('\n').find((line) => line.includes('Mixdesk is ready'));
      const serverPid = JSON.parse(ready!).pid as number;
      expect(serverPid).not.toBe(npm.pid);
      const alive = () => {
        try {
          process.kill(serverPid, 0);
          return true;
        } catch {
          return false;
        }
      };
      npm.kill(signal);
      await until(() => !alive());
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      // It went the graceful way both times, not killed mid-request.
      expect(out).toContain('Shutting down: finishing in-flight requests');
    }
  });

  it('stops with one clear line when a setting is wrong', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim()).toBe('Invalid configuration: PORT must be a number');
  });
});
