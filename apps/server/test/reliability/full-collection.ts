// A full garbage collection in a running instance, through the V8 inspector it was started with
// (`NODE_OPTIONS=--inspect=127.0.0.1:0`, see `INSPECTABLE`), and the memory left after it: the soak compares
// these, not RSS readings taken wherever they fall on V8's saw.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { Instance } from '../instance-process.ts';
import { until } from '../services.ts';

/** The environment that starts an instance with its inspector on a free local port. */
export const INSPECTABLE = { NODE_OPTIONS: '--inspect=127.0.0.1:0' };

export interface Memory {
  /** Resident memory from the kernel, in bytes. */
  rss: number;
  /** V8's heap in use after the collection: what the process holds. */
  heapUsed: number;
  /** Memory outside the heap that V8 knows of (Buffers, native objects). */
  external: number;
}

/** The process's resident memory, from the kernel. */
export function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

/** Sends one inspector command and answers its result. */
function command(socket: WebSocket, id: number, method: string, params: object = {}) {
  return new Promise<{ result?: { result?: { value?: unknown } } }>((resolve, reject) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(raw.toString());
      if (message.id !== id) return;
      socket.off('message', onMessage);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

/**
 * Collects all garbage twice (the second pass frees what the first one's finalizers let go), then reads the
 * heap V8 holds and the resident memory the kernel sees.
 */
export async function fullCollection(instance: Instance): Promise<Memory> {
  const listening = () => /Debugger listening on (ws:\/\/\S+)/.exec(instance.output())?.[1];
  await until(async () => listening() !== undefined, 10_000, `the inspector of ${instance.name}`);
  const url = listening()!;
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    await command(socket, 1, 'HeapProfiler.collectGarbage');
    await command(socket, 2, 'HeapProfiler.collectGarbage');
    const usage = await command(socket, 3, 'Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const { heapUsed, external } = JSON.parse(String(usage.result?.result?.value));
    return { rss: rssBytes(instance.child.pid!), heapUsed, external };
  } finally {
    socket.close();
  }
}
