// The storage sweeper at its edges: objects are looked up BATCH at a time (BATCH + 1 orphans take two
// lookups), an object exactly as old as the grace age allows is kept, a storage with no temporaries of its
// own is swept all the same, and the app sweeps again every STORAGE_SWEEP_MINUTES (an hour unless set),
// with the grace age after the first sweep.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import type { Storage } from './storage.ts';
import { BATCH, DEFAULT_GRACE_MS, DEFAULT_SWEEP_MINUTES, sweepOrphans } from './storage-sweeper.ts';

const MINUTE = 60_000;
const BYTES = Buffer.from('left by a crash');
const later = (ms: number) => new Date(Date.now() + ms);
const write = (t: TestApp, key: string) =>
  t.app.ctx.storage.put(key, Readable.from([BYTES]), { maxBytes: BYTES.length });
/** Sets an object's modification time on the local disk. */
const touch = (t: TestApp, key: string, at: Date) => utimesSync(t.app.ctx.storage.localPath!(key), at, at);

/** How many keys each query of the database asks about in an `in (…)` list, in order. */
function keysAsked() {
  const sizes: number[] = [];
  const find = (node: unknown): number | null => {
    if (!node || typeof node !== 'object') return null;
    const n = node as { kind?: string; values?: unknown[] };
    if (n.kind === 'PrimitiveValueListNode' || n.kind === 'ValueListNode') return n.values!.length;
    for (const child of Object.values(node)) {
      const found = find(child);
      if (found !== null) return found;
    }
    return null;
  };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const size = find(node);
      if (size !== null) sizes.push(size);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, sizes };
}

describe('the storage sweeper at its edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`looks objects up ${BATCH} at a time: ${BATCH + 1} orphans take two lookups, and all go`, async () => {
    const storage = t.app.ctx.storage;
    const keys = Array.from({ length: BATCH + 1 }, (_, i) => `projects/batch/orphan-${i}`);
    mkdirSync(path.dirname(storage.localPath!(keys[0]!)), { recursive: true });
    for (const key of keys) writeFileSync(storage.localPath!(key), BYTES);
    const asked = keysAsked();
    const ctx = { ...t.app.ctx, db: t.app.ctx.db.withPlugin(asked.plugin) };
    expect(await sweepOrphans(ctx, { now: later(DEFAULT_GRACE_MS + MINUTE) })).toEqual({
      scanned: BATCH + 1,
      removed: BATCH + 1,
      bytesFreed: (BATCH + 1) * BYTES.length,
    });
    // Each lookup asks every key column about the batch's keys: BATCH of them, then the one left.
    expect(asked.sizes.length).toBeGreaterThan(0);
    expect(asked.sizes.filter((size, i) => i === 0 || size !== asked.sizes[i - 1])).toEqual([BATCH, 1]);
    for (const key of keys) expect(existsSync(storage.localPath!(key))).toBe(false);
  });

  it('keeps an object exactly as old as the grace age allows, and removes it a millisecond later', async () => {
    await write(t, 'projects/edge');
    const modifiedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * DEFAULT_GRACE_MS);
    touch(t, 'projects/edge', modifiedAt);
    const listed = [];
    for await (const object of t.app.ctx.storage.list()) listed.push(object);
    expect(listed).toEqual([{ key: 'projects/edge', size: BYTES.length, modifiedAt }]);
    const limit = new Date(modifiedAt.getTime() + DEFAULT_GRACE_MS);
    expect(await sweepOrphans(t.app.ctx, { now: limit })).toEqual({ scanned: 1, removed: 0, bytesFreed: 0 });
    expect(await sweepOrphans(t.app.ctx, { now: new Date(limit.getTime() + 1) })).toEqual({
      scanned: 1,
      removed: 1,
      bytesFreed: BYTES.length,
    });
  });

  it('sweeps a storage that keeps no temporaries of its own (a bucket whose lifecycle rule clears them)', async () => {
    await write(t, 'projects/plain');
    const storage: Storage = Object.create(t.app.ctx.storage, {
      removeStaleTemporaries: { value: undefined },
    });
    const ctx = { ...t.app.ctx, storage };
    expect(await sweepOrphans(ctx, { now: later(DEFAULT_GRACE_MS + MINUTE) })).toEqual({
      scanned: 1,
      removed: 1,
      bytesFreed: BYTES.length,
    });
  });
});

describe('sweeping with the app, after the first sweep', () => {
  it('sweeps again every STORAGE_SWEEP_MINUTES (an hour unless set), with the grace age', async () => {
    const t = await createTestApp({ storageSweepMinutes: undefined, notificationSweepSeconds: 0 });
    const timers = vi.spyOn(globalThis, 'setInterval');
    try {
      // Left two hours ago: the first sweep removes it (on either dialect).
      await write(t, 'projects/left-before');
      touch(t, 'projects/left-before', later(-2 * DEFAULT_GRACE_MS));
      await t.app.ready();
      await vi.waitFor(() => expect(t.logs()).toContain('Removed 1 stored objects'), { timeout: 5000 });
      const every = timers.mock.calls.filter(([, ms]) => ms === DEFAULT_SWEEP_MINUTES * MINUTE);
      expect(every).toHaveLength(1);

      // Written since, from before the app started: one past the grace age, one within it.
      await write(t, 'projects/past-grace');
      touch(t, 'projects/past-grace', later(-2 * DEFAULT_GRACE_MS));
      await write(t, 'projects/within-grace');
      touch(t, 'projects/within-grace', later(-30 * MINUTE));
      // The timer's next sweep, as it comes an hour on; closing waits for it.
      (every[0]![0] as () => void)();
      await t.app.close();
      expect(existsSync(t.app.ctx.storage.localPath!('projects/past-grace'))).toBe(false);
      expect(existsSync(t.app.ctx.storage.localPath!('projects/within-grace'))).toBe(true);
    } finally {
      timers.mockRestore();
      await t.close();
    }
  });
});
