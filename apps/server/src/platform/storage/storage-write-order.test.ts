// A row never names an object that does not exist: deletes remove the rows first and the objects after, so
// that a crash (or a storage failure) in between leaves at worst objects no row names, which the storage
// sweeper removes. Checked at the moment of every removal: no row names what is being removed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  addTrack,
  projectWithPeople,
  sineWav,
  uploadFile,
  uploadVersion,
} from '../../modules/media/media-testing.ts';
import { uploadAvatar } from '../../modules/profile/test-fixtures.ts';
import { namedStorageKeys } from '../../modules/stored-keys.ts';
import type { Storage } from './storage.ts';
import { DEFAULT_GRACE_MS, sweepOrphans } from './storage-sweeper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Removal {
  what: string;
  /** How many rows named the key (or a key under the prefix) when it was removed. */
  namedBy: number;
}

/** Wraps the app's storage so that every removal records how many rows still named what it removed. */
function watchRemovals(fail = false): { removals: Removal[]; restore: () => void } {
  const storage = t.app.ctx.storage;
  const db = t.app.ctx.db;
  const removals: Removal[] = [];
  const rowsUnder = async (prefix: string) => {
    const like = `${prefix}/%`;
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from track_versions where storage_key like ${like})
        + (select count(*) from project_files where storage_key like ${like}) as n`.execute(db);
    return Number(rows[0]?.n);
  };
  const watched: Storage = Object.create(storage, {
    remove: {
      value: async (key: string) => {
        removals.push({ what: key, namedBy: (await namedStorageKeys(db, [key])).size });
        if (fail) throw new Error('the disk went away');
        return storage.remove(key);
      },
    },
    removePrefix: {
      value: async (prefix: string) => {
        removals.push({ what: `${prefix}/`, namedBy: await rowsUnder(prefix) });
        if (fail) throw new Error('the disk went away');
        return storage.removePrefix(prefix);
      },
    },
  });
  t.app.ctx.storage = watched;
  return { removals, restore: () => (t.app.ctx.storage = storage) };
}

async function projectWithMedia() {
  const p = await projectWithPeople(t.app);
  const track = await addTrack(t.app, p.owner.token, p.projectId);
  expect((await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav())).statusCode).toBe(201);
  expect(
    (await uploadFile(t.app, p.owner.token, p.projectId, Buffer.from('notes'), 'a.txt')).statusCode,
  ).toBe(201);
  return p;
}

const deleteProject = (who: SignedIn, projectId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: bearer(who.token) });

describe('deletes remove the row first, then the object', () => {
  it('deleting a project removes its rows before its stored audio and files', async () => {
    const p = await projectWithMedia();
    const { removals, restore } = watchRemovals();
    try {
      expect((await deleteProject(p.owner, p.projectId)).statusCode).toBe(200);
    } finally {
      restore();
    }
    expect(removals.map((r) => r.what)).toContain(`projects/${p.projectId}/`);
    expect(removals.filter((r) => r.what.includes('/tracks/') || r.what.includes('/files/'))).toHaveLength(2);
    expect(removals.every((r) => r.namedBy === 0)).toBe(true);
    expect(await t.app.ctx.storage.stat(`projects/${p.projectId}`)).toBeNull();
  });

  it("deleting an account clears its avatar and deletes its projects' rows before their objects", async () => {
    const p = await projectWithMedia();
    await uploadAvatar(t.app, p.owner);
    const { removals, restore } = watchRemovals();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: bearer(p.owner.token),
        payload: { email: p.owner.user.email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      restore();
    }
    expect(removals.some((r) => r.what.startsWith('avatars/'))).toBe(true);
    expect(removals.map((r) => r.what)).toContain(`projects/${p.projectId}/`);
    expect(removals.every((r) => r.namedBy === 0)).toBe(true);
  });

  it("a project whose objects can't be removed is still deleted; its objects are left for the sweeper", async () => {
    const p = await projectWithMedia();
    const before: string[] = [];
    for await (const o of t.app.ctx.storage.list(`projects/${p.projectId}/`)) before.push(o.key);
    expect(before).toHaveLength(2);
    const { restore } = watchRemovals(true);
    try {
      expect((await deleteProject(p.owner, p.projectId)).statusCode).toBe(200);
    } finally {
      restore();
    }
    expect(t.logs()).toContain("Could not remove a deleted project's stored objects");
    const rows = await t.app.ctx.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', p.projectId)
      .execute();
    expect(rows).toEqual([]);
    expect(await namedStorageKeys(t.app.ctx.db, before)).toEqual(new Set());
    const swept = await sweepOrphans(t.app.ctx, { now: new Date(Date.now() + DEFAULT_GRACE_MS + 60_000) });
    expect(swept?.removed).toBeGreaterThanOrEqual(2);
    for (const key of before) expect(await t.app.ctx.storage.stat(key)).toBeNull();
  });
});
