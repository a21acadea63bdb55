// Real services a test starts and stops itself: a redis-server on a free port, a relay it can cut.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `check` is true, asking every 50 ms, for at most `ms`. */
export async function until(check: () => Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A real redis-server of the test's own on `port` (no persistence), ready to answer. */
export async function startRedis(port: number): Promise<RunningRedis> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(
    () =>
      new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.write('PING\r\n');
          socket.once('data', (d) => {
            socket.destroy();
            resolve(d.toString().startsWith('+PONG'));
          });
        });
        socket.once('error', () => resolve(false));
      }),
    10_000,
    `redis-server on ${port}`,
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A TCP relay to `target` that the test can cut and restore, to take a database away and give it back. */
export async function startRelay(target: { host: string; port: number }, port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Refuses new connections and cuts the open ones, as a stopped server would. */
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
