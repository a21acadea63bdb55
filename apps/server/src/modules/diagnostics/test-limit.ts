// How often one administrator may press Test Service. Kept in this instance's memory on purpose: what it
// protects is this instance's probes (each instance probes its own connections), not a shared resource.
import { rateLimited } from '../../platform/errors.ts';

export class SlidingWindowLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one use by `who`; throws RATE_LIMITED (429, Retry-After) past `max` within the window. */
  take(who: string, what: string): void {
    const now = Date.now();
    const recent = (this.hits.get(who) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(who, recent);
      throw rateLimited((recent[0]! + this.windowMs - now) / 1000, what);
    }
    recent.push(now);
    this.hits.set(who, recent);
    if (this.hits.size > 1000) this.forgetIdle(now);
  }

  private forgetIdle(now: number): void {
    for (const [who, times] of this.hits)
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(who);
  }
}
