// A clock a test moves by hand, so that "newer" has one right answer without sleeping: only Date is faked
// (the server reads time from it), real timers keep the database drivers and Fastify running.
import { onTestFinished, vi } from 'vitest';

export interface ControlledClock {
  /** Moves time on by `ms` and answers the new time as the server will stamp it. */
  step(ms?: number): string;
  /** Gives Date back to the real clock; every user calls it in afterAll, afterEach or onTestFinished. */
  restore(): void;
}

/** Stops Date at the present; it moves only by `step`. */
export function controlledClock(): ControlledClock {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  return {
    step(ms = 1000) {
      vi.setSystemTime(Date.now() + ms);
      return new Date().toISOString();
    },
    restore() {
      vi.useRealTimers();
    },
  };
}

/**
 * For one test: stops Date a millisecond after now and answers that time, as the server will stamp what it
 * does next: strictly later than anything stamped before. One millisecond, not more, so that the real clock
 * has passed it again when Date is given back at the test's end, and later tests' stamps stay in order.
 */
export function aMomentLater(): string {
  const clock = controlledClock();
  onTestFinished(() => clock.restore());
  return clock.step(1);
}
