import { describe, expect, it } from 'vitest';
import { leasedHits } from './rate-limit-store.ts';

/** A count store that answers after a turn of the event loop, as a database does, and logs each call. */
function slowCounter() {
  const totals = new Map<string, number>();
  const calls: { key: string; n: number }[] = [];
  let failNext = false;
  const add = async (key: string, _windowEndsMs: number, n: number) => {
    calls.push({ key, n });
    await new Promise((r) => setImmediate(r));
    if (failNext) {
      failNext = false;
      throw new Error('database down');
    }
    const total = (totals.get(key) ?? 0) + n;
    totals.set(key, total);
    return total;
  };
  return { add, calls, totals, failOnce: () => (failNext = true) };
}

const FAR = Date.now() + 3_600_000;

describe('leasedHits', () => {
  it('gives 64 requests at once each its own place, 1 to 64, in few writes', async () => {
    const store = slowCounter();
    const hit = instanceOn(store);
    const counts = await Promise.all(Array.from({ length: 64 }, () => hit('k', FAR, 1000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect(store.calls.length).toBeLessThanOrEqual(2);
  });

  it('lets exactly the limit through one request at a time, and refuses the rest without writing', async () => {
    const store = slowCounter();
    const hit = instanceOn(store);
    const counts: number[] = [];
    for (let i = 0; i < 130; i++) counts.push(await hit('k', FAR, 120));
    expect(counts.filter((c) => c <= 120)).toHaveLength(120);
    expect(counts.slice(0, 121)).toEqual(Array.from({ length: 121 }, (_, i) => i + 1));
    const writes = store.calls.length;
    expect(writes).toBeLessThan(20);
    for (let i = 0; i < 50; i++) expect(await hit('k', FAR, 120)).toBeGreaterThan(120);
    expect(store.calls.length).toBe(writes);
  });

  it('never lets two instances together past the limit', async () => {
    const store = slowCounter();
    const a = instanceOn(store);
    const b = instanceOn(store);
    const passed = (
      await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b)('k', FAR, 30)))
    ).filter((c) => c <= 30);
    expect(passed.length).toBeLessThanOrEqual(30);
    expect(passed.length).toBeGreaterThan(20);
    expect(new Set(passed).size).toBe(passed.length);
  });

  it('counts keys apart, and goes on after a failed write fails only the requests it carried', async () => {
    const store = slowCounter();
    const hit = instanceOn(store);
    store.failOnce();
    await expect(hit('k1', FAR, 1)).rejects.toThrow('database down');
    expect(await Promise.all([hit('k1', FAR, 1), hit('k2', FAR, 1)])).toEqual([1, 1]);
    expect(await hit('k1', FAR, 1)).toBe(2);
  });
});

/** One app instance counting in the shared store. */
function instanceOn(store: ReturnType<typeof slowCounter>) {
  return leasedHits(store.add);
}
