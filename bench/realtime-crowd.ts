// The clients of bench:realtime: many socket.io-client sockets in this one process (one clock for every
// arrival), each joined to the project's room, and the time each receives a comment after it was posted.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CommentEvent } from '@mixdesk/contract/comments';
import { io as connect, type Socket } from 'socket.io-client';
import { sleep } from './realtime-setup.ts';

/** One socket of the crowd; `group` is the instance it is connected to (0 = the one the comments are posted to). */
export interface Member {
  socket: Socket;
  group: number;
}

export interface Seat {
  url: string;
  token: string;
  group: number;
}

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    // A connection of its own per socket, as separate browsers would have.
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Joins the room and waits until the server has let the socket in (a presence list of the room arrives). */
function join(socket: Socket, projectId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('no presence:update within 60 s of join:project')), 60_000);
    const onPresence = (p: { projectId: string }) => p.projectId === projectId && done();
    const onError = (e: { message: string }) => done(new Error(e.message));
    const done = (err?: Error) => {
      clearTimeout(timer);
      socket.off('presence:update', onPresence);
      socket.off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    socket.on('presence:update', onPresence);
    socket.on('error', onError);
    socket.emit('join:project', { projectId });
  });
}

/** Connects and joins every seat, `batch` at a time (a thousand handshakes at once would measure the backlog). */
export async function openCrowd(seats: Seat[], projectId: string, batch = 25): Promise<Member[]> {
  const crowd: Member[] = [];
  try {
    for (let i = 0; i < seats.length; i += batch) {
      await Promise.all(
        seats.slice(i, i + batch).map(async ({ url, token, group }) => {
          const socket = await open(url, token);
          crowd.push({ socket, group });
          await join(socket, projectId);
        }),
      );
    }
  } catch (err) {
    closeCrowd(crowd);
    throw err;
  }
  return crowd;
}

export function closeCrowd(crowd: Member[]): void {
  for (const { socket } of crowd) socket.close();
}

const LOOP_SAMPLE_MS = 10;

export interface Arrivals {
  /** Milliseconds from just before each POST to comment:new at each socket, one list per group. */
  byGroup: number[][];
  /** Per comment: until the last socket had it. */
  last: number[];
  /** Per comment: until the POST's answer arrived. */
  answers: number[];
  /** (comment, socket) pairs that never arrived within the timeout. */
  missed: number;
  /** This process's event-loop delay while the comments were timed: p99 and max, ms. */
  loopDelayP99: number;
  loopDelayMax: number;
}

/**
 * Posts `comments` comments one at a time (after `warmUp` untimed ones), each once the previous one reached
 * every socket (or `timeoutMs` passed) and `gapMs` later, and times each arrival against this process's clock.
 */
export async function timeComments(
  crowd: Member[],
  post: (body: string, n: number) => Promise<unknown>,
  opts: { comments: number; warmUp: number; gapMs: number; timeoutMs: number },
): Promise<Arrivals> {
  let current: { body: string; sentAt: number; times: Float64Array; got: number; all: () => void } | null =
    null;
  const listeners = crowd.map((_, i) => (event: CommentEvent) => {
    const at = performance.now();
    if (!current || event.comment.body !== current.body || !Number.isNaN(current.times[i])) return;
    current.times[i] = at - current.sentAt;
    if (++current.got === crowd.length) current.all();
  });
  for (const [i, { socket }] of crowd.entries()) socket.on('comment:new', listeners[i]!);
  const groups = Math.max(...crowd.map((m) => m.group)) + 1;
  const out: Arrivals = {
    byGroup: Array.from({ length: groups }, () => []),
    last: [],
    answers: [],
    missed: 0,
    loopDelayP99: 0,
    loopDelayMax: 0,
  };
  const loop = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  try {
    for (let n = 0; n < opts.warmUp + opts.comments; n++) {
      if (n === opts.warmUp) loop.enable();
      const times = new Float64Array(crowd.length).fill(Number.NaN);
      let all = () => {};
      const arrived = new Promise<void>((resolve) => {
        all = resolve;
      });
      const body = `Bench comment ${n}: the snare is too loud here`;
      current = { body, sentAt: performance.now(), times, got: 0, all };
      const sentAt = current.sentAt;
      const answered = post(body, n).then(() => performance.now() - sentAt);
      await Promise.race([arrived, sleep(opts.timeoutMs)]);
      const answer = await answered;
      if (n >= opts.warmUp) {
        out.answers.push(answer);
        let last = 0;
        times.forEach((t, i) => {
          if (Number.isNaN(t)) out.missed++;
          else {
            out.byGroup[crowd[i]!.group]!.push(t);
            last = Math.max(last, t);
          }
        });
        out.last.push(last);
      }
      current = null;
      await sleep(opts.gapMs);
    }
  } finally {
    loop.disable();
    for (const [i, { socket }] of crowd.entries()) socket.off('comment:new', listeners[i]!);
  }
  // The histogram holds the time between samples: the delay is what exceeds the sampling interval.
  out.loopDelayP99 = Math.max(0, loop.percentile(99) / 1e6 - LOOP_SAMPLE_MS);
  out.loopDelayMax = Math.max(0, loop.max / 1e6 - LOOP_SAMPLE_MS);
  return out;
}

/** The p-th percentile (nearest rank) of `values`; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
