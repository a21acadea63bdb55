// Coalesced lookups against the real database: concurrent lookups share one query, a lookup made after a
// committed change reads it, keys past the per-query cap are still answered, and a failed query fails only
// the lookups that were waiting for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../test/helper.ts';
import { listVersion } from '../modules/projects/list-cache.ts';
import { coalesced } from './coalesced.ts';
import { prepared } from './prepared.ts';

let t: TestApp;
let users: SignedIn[];

beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 3; i++) users.push(await registerUser(t.app, { name: `Batch ${i}` }));
});
afterAll(() => t.close());

const namesQuery = prepared((db, ids) =>
  db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids),
);

/** A lookup of user names that records the keys of every query it sends. */
function countingNames() {
  const queries: string[][] = [];
  const lookup = coalesced<string | null>(async (db, ids) => {
    queries.push(ids);
    return new Map((await namesQuery(db, ids)).map((r) => [r.id, r.name]));
  }, null);
  return { queries, lookup };
}

describe('coalesced lookups', () => {
  it('answers concurrent lookups of several keys from one query, each with its own value', async () => {
    const { queries, lookup } = countingNames();
    const ids = [...users.map((u) => u.user._id), users[0]!.user._id, 'no-such-user'];
    const names = await Promise.all(ids.map((id) => lookup(t.app.ctx.db, id)));
    expect(names).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 0', null]);
    expect(queries).toHaveLength(1);
    expect(new Set(queries[0])).toEqual(new Set(ids));
    expect(queries[0]).toHaveLength(4);
  });

  it('sends lookups made while a query runs in the next query, never in the one already sent', async () => {
    const { queries, lookup } = countingNames();
    const first = lookup(t.app.ctx.db, users[0]!.user._id);
    await new Promise((r) => setImmediate(r));
    expect(queries).toHaveLength(1);
    const later = Promise.all([
      lookup(t.app.ctx.db, users[1]!.user._id),
      lookup(t.app.ctx.db, users[2]!.user._id),
    ]);
    expect(await first).toBe('Batch 0');
    expect(await later).toEqual(['Batch 1', 'Batch 2']);
    expect(queries.map((q) => q.length)).toEqual([1, 2]);
  });

  it('reads a change committed before the lookup began (the list version after a create)', async () => {
    const owner = users[1]!;
    const before = await listVersion(t.app.ctx.db, owner.user._id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Bumps the version' },
    });
    expect(created.statusCode).toBe(201);
    const after = await Promise.all([1, 2, 3].map(() => listVersion(t.app.ctx.db, owner.user._id)));
    expect(after[0]).toBeGreaterThan(before);
    expect(new Set(after).size).toBe(1);
  });

  it('answers more keys than one query takes, in several queries', async () => {
    const { queries, lookup } = countingNames();
    const ids = Array.from({ length: 70 }, (_, i) => `missing-${i}`);
    ids[69] = users[2]!.user._id;
    const names = await Promise.all(ids.map((id) => lookup(t.app.ctx.db, id)));
    expect(names.filter((n) => n !== null)).toEqual(['Batch 2']);
    expect(queries.map((q) => q.length)).toEqual([32, 32, 6]);
  });

  it('fails the waiting lookups when their query fails, and the next lookups still work', async () => {
    let fail = true;
    const lookup = coalesced<string | null>(async (db, ids) => {
      if (fail) throw new Error('database went away');
      return new Map((await namesQuery(db, ids)).map((r) => [r.id, r.name]));
    }, null);
    const failed = await Promise.allSettled([lookup(t.app.ctx.db, 'a'), lookup(t.app.ctx.db, 'b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup(t.app.ctx.db, users[0]!.user._id)).toBe('Batch 0');
  });
});
