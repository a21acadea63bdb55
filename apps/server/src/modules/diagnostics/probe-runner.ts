// Runs the health probes so that polling cannot load the server: each probe runs at most once per
// PROBE_MIN_INTERVAL_MS (a costly one less often unless asked for fresh), never twice at once, and a
// probe that takes longer than PROBE_TIMEOUT_MS counts as failed while it is left to finish on its own.
import {
  PROBE_MIN_INTERVAL_MS,
  PROBE_TIMEOUT_MS,
  SERVICE_LABELS,
  type ServiceHealth,
  type ServiceName,
  type ServiceStatus,
} from '@mixdesk/contract/diagnostics';

/** What a probe finds; the runner adds the name, label, check time and latency. */
export interface ProbeOutcome {
  status: ServiceStatus;
  /** Measured by the probe itself when the round trip is only part of its work; else the runner times it. */
  latency?: number | null;
  error?: string | null;
  fallback?: string | null;
  /** The embedded shape running by design (see ServiceHealth.embedded). */
  embedded?: string | null;
  configured?: boolean;
  details?: ServiceHealth['details'];
}

export interface Probe {
  run(): Promise<ProbeOutcome>;
  /** How old a result may be when the report is polled (a fresh test always runs it again). */
  maxAgeMs: number;
}

export interface ProbeState {
  result: ServiceHealth;
  /** When the probe last found the service working (online or degraded). */
  lastOk: string | null;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

export class ProbeRunner {
  private readonly state = new Map<ServiceName, ProbeState & { at: number }>();
  private readonly running = new Map<ServiceName, Promise<ServiceHealth>>();

  constructor(
    private readonly probes: Record<ServiceName, Probe>,
    private readonly timeoutMs = PROBE_TIMEOUT_MS,
  ) {}

  /** The service's health: the last result while recent enough, else a new probe. */
  async check(name: ServiceName, opts: { fresh?: boolean } = {}): Promise<ServiceHealth> {
    const probe = this.probes[name];
    const maxAge = opts.fresh ? PROBE_MIN_INTERVAL_MS : Math.max(probe.maxAgeMs, PROBE_MIN_INTERVAL_MS);
    const last = this.state.get(name);
    if (last && Date.now() - last.at < maxAge) return last.result;
    return this.running.get(name) ?? this.start(name, probe);
  }

  /** Every service, probed as check() decides, in parallel. */
  async checkAll(): Promise<Record<ServiceName, ServiceHealth>> {
    const names = Object.keys(this.probes) as ServiceName[];
    const results = await Promise.all(names.map((n) => this.check(n)));
    return Object.fromEntries(names.map((n, i) => [n, results[i]!])) as Record<ServiceName, ServiceHealth>;
  }

  /** When each service last answered as working, for the connections list. */
  lastOk(name: ServiceName): string | null {
    return this.state.get(name)?.lastOk ?? null;
  }

  private start(name: ServiceName, probe: Probe): Promise<ServiceHealth> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ProbeOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ status: 'error', latency: null, error: `No answer within ${this.timeoutMs} ms` }),
        this.timeoutMs,
      );
    });
    const work = probe.run().catch((err): ProbeOutcome => ({ status: 'error', error: errorText(err) }));
    const done = Promise.race([work, timedOut]).then((outcome) => {
      clearTimeout(timer);
      const result = this.record(name, outcome, performance.now() - started);
      // The slot frees when the probe itself ends, so a hung probe is never started a second time.
      void work.finally(() => this.running.delete(name));
      return result;
    });
    this.running.set(name, done);
    return done;
  }

  private record(name: ServiceName, o: ProbeOutcome, elapsedMs: number): ServiceHealth {
    const now = new Date();
    const latency = o.latency === undefined ? elapsedMs : o.latency;
    const result: ServiceHealth = {
      name,
      label: SERVICE_LABELS[name],
      status: o.status,
      latency: latency === null ? null : Math.round(latency),
      lastCheck: now.toISOString(),
      error: o.error ?? null,
      fallbackActive: Boolean(o.fallback),
      fallback: o.fallback ?? null,
      embedded: o.embedded ?? null,
      configured: o.configured ?? true,
      details: o.details ?? {},
    };
    const working = o.status === 'online' || o.status === 'degraded';
    const lastOk = working ? result.lastCheck : (this.state.get(name)?.lastOk ?? null);
    this.state.set(name, { result, lastOk, at: now.getTime() });
    return result;
  }
}
