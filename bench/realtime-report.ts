// The figures bench:realtime prints: one table of arrival times, then per scenario its bar and what explains it.
import { type Arrivals, percentile } from './realtime-crowd.ts';
import type { Memory } from './realtime-setup.ts';

export interface Outcome {
  name: string;
  bar: number;
  instances: number;
  arrivals: Arrivals;
  /** Per server: (memory with every socket joined and idle − before) / its sockets, KiB. */
  perSocket: Memory[];
  /** Per server: its CPU time per posted comment, ms. */
  cpuMsPerComment: number[];
  /** This process's CPU time per posted comment (the sockets' side), ms. */
  clientCpuMsPerComment: number;
  joinSeconds: number;
  /** After every socket closed at once: each server's CPU time until it was idle again, and any that exited. */
  leaving: { cpuSeconds: number[]; exited: string[] };
  stealPct: number;
  /** The machine's 1-minute load average when the comments had been timed (other work shares it). */
  loadAverage: number;
}

export interface Settings {
  sockets: number;
  members: number;
  comments: number;
  warmUp: number;
  gapMs: number;
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
const each = (values: number[], unit: string, digits = 1) =>
  values.map((v) => `${v.toFixed(digits)} ${unit}`).join(' / ');

export function printOutcomes(outcomes: Outcome[], s: Settings): void {
  const widths = [40, 8, 7, 7, 7, 9, 9, 7];
  const line = (cells: string[]) =>
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' '));
  console.log(
    `\nbench:realtime — ${s.sockets} sockets of ${s.members} collaborators (registered through the API; ${s.sockets / s.members} sockets each), all joined to one project; ${s.comments} comments timed after ${s.warmUp} untimed, posted one at a time by the owner, each ${s.gapMs} ms after the last one reached every socket. Times in ms from just before the POST to comment:new at a socket (all sockets in this one process); "last" is the time until the last socket had a comment.`,
  );
  line(['', 'sockets', 'p50', 'p99', 'max', 'last p50', 'last p99', 'missed']);
  for (const o of outcomes) {
    const all = o.arrivals.byGroup.flat();
    line([
      o.name,
      String(all.length / s.comments),
      ms(percentile(all, 50)),
      ms(percentile(all, 99)),
      ms(Math.max(...all)),
      ms(percentile(o.arrivals.last, 50)),
      ms(percentile(o.arrivals.last, 99)),
      String(o.arrivals.missed),
    ]);
    if (o.instances > 1)
      for (const [g, times] of o.arrivals.byGroup.entries()) {
        const where = g === 0 ? '  … on the instance posted to' : `  … on instance ${g + 1} (through Redis)`;
        line([
          where,
          String(times.length / s.comments),
          ms(percentile(times, 50)),
          ms(percentile(times, 99)),
        ]);
      }
  }
  for (const o of outcomes) {
    const p99 = percentile(o.arrivals.byGroup.flat(), 99);
    const lastP99 = percentile(o.arrivals.last, 99);
    const pass = p99 < o.bar && o.arrivals.missed === 0;
    console.log(
      `\n${o.name}: bar p99 < ${o.bar} ms: ${pass ? 'PASS' : 'FAIL'} (p99 ${ms(p99)} ms; the last socket's p99 ${ms(lastP99)} ms is ${lastP99 < o.bar ? 'also under' : 'over'} it)`,
    );
    const rss = each(
      o.perSocket.map((m) => m.rssKiB),
      'KiB',
    );
    const heap = each(
      o.perSocket.map((m) => m.heapKiB),
      'KiB',
    );
    console.log(
      `  server: RSS per idle joined socket ${rss} (JS heap and external ${heap}), read after full GCs (RSS alone moves by MiBs between readings); CPU per comment ${each(o.cpuMsPerComment, 'ms')}; POST answered p50 ${ms(percentile(o.arrivals.answers, 50))} ms`,
    );
    console.log(
      `  client (this process): CPU per comment ${o.clientCpuMsPerComment.toFixed(1)} ms; event-loop delay p99 ${ms(o.arrivals.loopDelayP99)} ms, max ${ms(o.arrivals.loopDelayMax)} ms`,
    );
    console.log(
      `  joining ${s.sockets} sockets, 25 at a time: ${o.joinSeconds.toFixed(1)} s; every socket closed at once: ${each(o.leaving.cpuSeconds, 's')} of server CPU${o.leaving.exited.length ? `; ${o.leaving.exited.join(', ')} (its stderr is above)` : ''}`,
    );
    console.log(
      `  machine: steal ${o.stealPct.toFixed(0)}%, 1-minute load average ${o.loadAverage.toFixed(1)}`,
    );
  }
}
