/// <reference types="node" />
// Test-only: a real HTTP server on a random local port with a route table, recording every request it gets.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type Handler = (req: SeenRequest, res: ServerResponse) => void;

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const open = new Set<() => Promise<void>>();

/** Starts a server answering `"METHOD /path"` routes (404 otherwise). Close it, or call closeAllTestServers. */
export async function serve(routes: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      const handler = routes[`${entry.method} ${entry.path.split('?')[0]}`];
      if (handler) handler(entry, res);
      else json(res, 404, { success: false, message: 'Route not found', error: { code: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      open.delete(close);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  open.add(close);
  const { port } = server.address() as AddressInfo;
  const calls = (method: string, path: string) => seen.filter((s) => s.method === method && s.path === path);
  return { baseUrl: `http://127.0.0.1:${port}`, seen, calls, close };
}

export async function closeAllTestServers(): Promise<void> {
  await Promise.all([...open].map((close) => close()));
}
