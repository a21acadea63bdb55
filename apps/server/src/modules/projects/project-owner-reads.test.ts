// What the projects area offers other areas (issue #33: every table has an owner): its one-row reads and
// writes (project-lookups.ts) and the joins, conditions and sources it adds to their queries (project-joins.ts),
// each run against the real database with an owner, a collaborator who joined by invitation, and a stranger.
// The areas that call them test them through their own endpoints; this pins each answer, including the
// "there is no such project" one, on both dialects.
import { NoResultError } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import {
  collaborationsOf,
  joinProject,
  leftJoinCollaborator,
  leftJoinProject,
  ownsOrWorksOn,
  projectIdsOfMember,
  projectsOwnedBy,
  selectProjects,
  selectProjectsIn,
} from './project-joins.ts';
import {
  addCollaboratorIfAbsent,
  bytesStoredBy,
  collaboratorCount,
  findProjectOwner,
  isCollaborator,
  projectCounters,
  projectExists,
  projectOwnerId,
  projectTitleOf,
  setMediaTotals,
  setProjectColumns,
} from './project-lookups.ts';

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let shared: string;
let solo: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const newProject = async (who: SignedIn, title: string): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Olive Owner' });
  member = await registerUser(t.app, { name: 'Milo Member' });
  stranger = await registerUser(t.app, { name: 'Stan Stranger' });
  shared = await newProject(owner, 'Shared Record');
  solo = await newProject(owner, 'Solo Record');
  await addMember(t.app, owner.token, shared, member, { permission: 'edit', role: 'Mixer' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.ctx.db;

describe('one-row reads', () => {
  it('findProjectOwner answers the id and owner, and undefined for no project', async () => {
    expect(await findProjectOwner(db(), shared)).toEqual({ id: shared, owner_id: owner.user._id });
    expect(await findProjectOwner(db(), MISSING)).toBeUndefined();
  });

  it('projectOwnerId answers the owner, and throws NoResultError for no project', async () => {
    expect(await projectOwnerId(db(), solo)).toBe(owner.user._id);
    await expect(projectOwnerId(db(), MISSING)).rejects.toBeInstanceOf(NoResultError);
  });

  it('projectTitleOf and projectExists', async () => {
    expect(await projectTitleOf(db(), shared)).toBe('Shared Record');
    expect(await projectTitleOf(db(), MISSING)).toBeUndefined();
    expect(await projectExists(db(), shared)).toBe(true);
    expect(await projectExists(db(), MISSING)).toBe(false);
  });

  it('isCollaborator is true for a collaborator only (not the owner, not a stranger, not elsewhere)', async () => {
    expect(await isCollaborator(db(), shared, member.user._id)).toBe(true);
    expect(await isCollaborator(db(), shared, owner.user._id)).toBe(false);
    expect(await isCollaborator(db(), shared, stranger.user._id)).toBe(false);
    expect(await isCollaborator(db(), solo, member.user._id)).toBe(false);
    expect(await collaboratorCount(db(), shared)).toBe(1);
    expect(await collaboratorCount(db(), solo)).toBe(0);
  });
});

describe('writes', () => {
  it('addCollaboratorIfAbsent adds once and leaves an existing row as it is', async () => {
    const project = await newProject(owner, 'Added Directly');
    await addCollaboratorIfAbsent(db(), {
      project_id: project,
      user_id: stranger.user._id,
      permission: 'view',
      role: 'Listener',
      created_at: new Date().toISOString(),
    });
    await addCollaboratorIfAbsent(db(), {
      project_id: project,
      user_id: stranger.user._id,
      permission: 'edit',
      role: 'Other',
      created_at: new Date().toISOString(),
    });
    const rows = await collaborationsOf(db(), stranger.user._id)
      .select(['project_id', 'permission', 'role'])
      .where('project_id', '=', project)
      .execute();
    expect(rows).toEqual([{ project_id: project, permission: 'view', role: 'Listener' }]);
    expect(await collaboratorCount(db(), project)).toBe(1);
  });

  it('setMediaTotals sets the counters of that project only, and the owner figures follow', async () => {
    const project = await newProject(stranger, 'Counted');
    const other = await newProject(stranger, 'Not Counted');
    expect(await bytesStoredBy(db(), stranger.user._id)).toBe(0);
    await setMediaTotals(db(), project, { track_count: 3, total_duration: 181.5, total_file_size: 4096 });
    expect(await projectCounters(db(), project)).toEqual({
      track_count: 3,
      total_duration: 181.5,
      total_file_size: 4096,
    });
    expect(Number((await projectCounters(db(), other)).total_file_size)).toBe(0);
    expect(await bytesStoredBy(db(), stranger.user._id)).toBe(4096);
    await expect(projectCounters(db(), MISSING)).rejects.toBeInstanceOf(NoResultError);
    // Someone who owns nothing has stored nothing (no figures row at all).
    expect(await bytesStoredBy(db(), MISSING)).toBe(0);
  });

  it('setProjectColumns changes the named project only', async () => {
    const project = await newProject(owner, 'Before');
    await setProjectColumns<{ title: string }>(db(), project, { title: 'After' });
    expect(await projectTitleOf(db(), project)).toBe('After');
    expect(await projectTitleOf(db(), solo)).toBe('Solo Record');
  });
});

describe('joins, conditions and sources', () => {
  it('joinProject keeps rows with a project, leftJoinProject keeps the others with nulls', async () => {
    const inner = await joinProject(
      db().selectFrom('project_collaborators'),
      'p',
      'project_collaborators.project_id',
    )
      .select(['p.title', 'p.owner_id'])
      .where('project_collaborators.user_id', '=', member.user._id)
      .execute();
    expect(inner).toEqual([{ title: 'Shared Record', owner_id: owner.user._id }]);
    const left = await leftJoinProject(db().selectFrom('users'), 'p', 'users.id')
      .select(['users.id', 'p.title'])
      .where('users.id', '=', member.user._id)
      .execute();
    expect(left).toEqual([{ id: member.user._id, title: null }]);
  });

  it('leftJoinCollaborator reads the person’s row on the joined project, null where they are not one', async () => {
    const rows = await leftJoinCollaborator(selectProjects(db(), 'p'), 'c', 'p.id', member.user._id)
      .select(['p.id', 'c.permission', 'c.role', 'c.user_id'])
      .where('p.id', 'in', [shared, solo])
      .orderBy('p.title')
      .execute();
    expect(rows).toEqual([
      { id: shared, permission: 'edit', role: 'Mixer', user_id: member.user._id },
      { id: solo, permission: null, role: null, user_id: null },
    ]);
  });

  it('ownsOrWorksOn holds for the owner and for a collaborator, not for a stranger', async () => {
    const visibleTo = async (who: SignedIn) =>
      (
        await selectProjects(db(), 'p')
          .select('p.id')
          .where((eb) => ownsOrWorksOn(eb, 'p', who.user._id))
          .where('p.id', 'in', [shared, solo])
          .orderBy('p.title')
          .execute()
      ).map((r) => r.id);
    expect(await visibleTo(owner)).toEqual([shared, solo]);
    expect(await visibleTo(member)).toEqual([shared]);
    expect(await visibleTo(stranger)).toEqual([]);
  });

  it('selectProjects with and without an alias, selectProjectsIn as a sub-query, projectsOwnedBy', async () => {
    const plain = await selectProjects(db()).select('title').where('id', '=', solo).execute();
    expect(plain).toEqual([{ title: 'Solo Record' }]);
    const aliased = await selectProjects(db(), 'x').select('x.title').where('x.id', '=', shared).execute();
    expect(aliased).toEqual([{ title: 'Shared Record' }]);
    const owners = await db()
      .selectFrom('users')
      .select((eb) => [
        'users.name',
        selectProjectsIn(eb, 'q')
          .select((q) => q.fn.countAll<number>().as('n'))
          .whereRef('q.owner_id', '=', 'users.id')
          .as('projects'),
      ])
      .where('users.id', 'in', [owner.user._id, member.user._id])
      .orderBy('users.name')
      .execute();
    expect(owners.map((o) => [o.name, Number(o.projects)])).toEqual([
      ['Milo Member', 0],
      ['Olive Owner', await ownedCount(owner)],
    ]);
    expect(await ownedCount(member)).toBe(0);
  });

  it('projectIdsOfMember: what someone owns or works on, and nothing of anyone else', async () => {
    const ids = async (who: SignedIn) =>
      (await projectIdsOfMember(db(), who.user._id).execute()).map((r) => r.id).sort();
    expect(await ids(member)).toEqual([shared]);
    const owned = (await projectsOwnedBy(db(), owner.user._id).select('id').execute())
      .map((r) => r.id)
      .sort();
    expect(owned).toContain(shared);
    expect(owned).toContain(solo);
    expect(await ids(owner)).toEqual(owned);
    expect(owned).not.toContain(await newProject(member, 'Member Owns'));
  });
});

async function ownedCount(who: SignedIn): Promise<number> {
  return (await projectsOwnedBy(db(), who.user._id).select('id').execute()).length;
}
