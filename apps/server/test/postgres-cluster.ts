// A PostgreSQL cluster of a test's own (initdb in a temp dir, on a free port), which the test can stop, kill
// and start again without touching anyone else's database. The server refuses to run as root, so every
// PostgreSQL program runs as the `postgres` OS user when the test runs as root.
import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './services.ts';

const run = promisify(execFile);

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether initdb and pg_ctl are installed where POSTGRES_BIN says. */
export const postgresClusterAvailable = () =>
  spawnSync(path.join(POSTGRES_BIN, 'pg_ctl'), ['--version']).status === 0;

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/mixdesk`: a database made for the test, trust auth. */
  url: string;
  port: number;
  /** Starts the server and waits until it accepts connections (after crash recovery, when it was killed). */
  start(): Promise<void>;
  /**
   * `fast`: connections are ended with an error and the server stops cleanly. `immediate`: every server
   * process quits at once with no checkpoint, as after a crash; the next start recovers from the WAL.
   */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stopped (`immediate` by default) and started again. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** The server's log so far. */
  log(): string;
  /** Stops the server if it runs and removes its files. */
  destroy(): Promise<void>;
}

/** A command as the `postgres` OS user when we are root (initdb and postgres refuse root). */
function asPostgres(program: string, args: string[]): [string, string[]] {
  const bin = path.join(POSTGRES_BIN, program);
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

const idOfPostgres = (which: '-u' | '-g') => Number(spawnSync('id', [which, 'postgres']).stdout.toString());

/** Clusters this process started, stopped when it exits whatever happens to the test. */
const live = new Set<string>();
process.once('exit', () => {
  for (const data of live) spawnSync(...asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
});

/** Makes a new cluster (initdb, default settings: fsync on) on a free port, starts it and makes its database. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (userInfo().uid === 0) chownSync(dir, idOfPostgres('-u'), idOfPostgres('-g'));
  const port = await freePort();
  const pgCtl = (args: string[]) => run(...asPostgres('pg_ctl', ['-D', data, ...args]));
  let running = false;

  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/mixdesk`,
    port,
    async start() {
      if (running) return;
      live.add(data);
      await pgCtl(['-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode) {
      if (!running) return;
      await pgCtl(['-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
      live.delete(data);
    },
    async restart(mode = 'immediate') {
      await cluster.stop(mode);
      await cluster.start();
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async destroy() {
      try {
        await cluster.stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };

  try {
    await run(...asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']));
    // Its own port and socket directory: nothing shared with a PostgreSQL already on this machine.
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`,
    );
    await cluster.start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query('create database mixdesk');
    } finally {
      await admin.end();
    }
    return cluster;
  } catch (err) {
    await cluster.destroy().catch(() => {});
    throw err;
  }
}
