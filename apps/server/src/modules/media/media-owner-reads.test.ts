// What the media and profile areas offer other areas (issue #33: every table has an owner): the reads of
// versions by id and scope (version-reads.ts), the track and version titles joined to another area's rows
// (title-columns.ts) and an author's or recipient's profile columns (profile/author-columns.ts), each run
// against the real database on both dialects. The review areas test them through their own endpoints; this pins
// each answer, including "no such version", "not this project's" and the null columns of a guest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { commentsUrl, postComment } from '../comments/comments-testing.ts';
import { withAuthorColumns, withNotificationSettings } from '../profile/author-columns.ts';
import { upsertProfileFields } from '../profile/repo.ts';
import { makeLink } from '../share-links/share-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from './media-testing.ts';
import { joinVersionAndTrack, withTrackTitles } from './title-columns.ts';
import {
  findVersionOfProject,
  fromTracks,
  versionById,
  versionExists,
  versionsInScope,
} from './version-reads.ts';

let t: TestApp;
let p: ProjectWithPeople;
/** Intro: v1 (current) and v2; Outro: v3 (current). Elsewhere (the stranger's project): v4. */
let intro: string;
let outro: string;
let v1: string;
let v2: string;
let v3: string;
let v4: string;
let elsewhere: string;
let linkId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const db = () => t.app.ctx.db;

async function version(token: string, projectId: string, trackId: string, seconds: number): Promise<string> {
  const res = await uploadVersion(t.app, token, projectId, trackId, sineWav({ seconds, channels: 1 }));
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.version._id;
}

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  intro = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Intro' }))._id;
  outro = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Outro' }))._id;
  v1 = await version(p.owner.token, p.projectId, intro, 1);
  v2 = await version(p.owner.token, p.projectId, intro, 2);
  v3 = await version(p.owner.token, p.projectId, outro, 1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(p.stranger.token),
    payload: { title: 'Elsewhere' },
  });
  elsewhere = res.json().data.project._id;
  const far = (await addTrack(t.app, p.stranger.token, elsewhere, { title: 'Far Away' }))._id;
  v4 = await version(p.stranger.token, elsewhere, far, 1);
  linkId = (await makeLink(t.app, p.owner.token, p.projectId, { label: 'Everything' })).link._id;
});
afterAll(async () => {
  await t.close();
});

describe('versions by id', () => {
  it('versionById answers the version without its peaks, and undefined for no version', async () => {
    const row = await versionById(db(), v2);
    expect(row).toMatchObject({ id: v2, track_id: intro, project_id: p.projectId, label: 'Version 2' });
    expect(row).not.toHaveProperty('peaks');
    expect(await versionById(db(), MISSING)).toBeUndefined();
  });

  it('versionExists', async () => {
    expect(await versionExists(db(), v3)).toBe(true);
    expect(await versionExists(db(), MISSING)).toBe(false);
  });

  it("findVersionOfProject answers only the project's own versions, and nothing for what is no id", async () => {
    expect(await findVersionOfProject(db(), p.projectId, v2)).toEqual({ id: v2, track_id: intro });
    expect(await findVersionOfProject(db(), p.projectId, v4)).toBeUndefined();
    expect(await findVersionOfProject(db(), elsewhere, v4)).toMatchObject({ id: v4 });
    expect(await findVersionOfProject(db(), p.projectId, MISSING)).toBeUndefined();
    expect(await findVersionOfProject(db(), p.projectId, `${v2}'--`)).toBeUndefined();
  });
});

describe('versionsInScope', () => {
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const scope = (trackId: string | null, versionId: string | null) => ({
    projectId: p.projectId,
    trackId,
    versionId,
  });

  it('the whole project: the current version of every track, in running order, with its track', async () => {
    const rows = await versionsInScope(db(), scope(null, null));
    expect(ids(rows)).toEqual([v1, v3]);
    expect(rows.map((r) => [r.track_title, r.label])).toEqual([
      ['Intro', 'Version 1'],
      ['Outro', 'Version 1'],
    ]);
    expect(rows[0]?.track_position).toBeLessThan(rows[1]?.track_position ?? -1);
  });

  it("a track: its current version only; a version: that version, current or not, of this project's", async () => {
    expect(ids(await versionsInScope(db(), scope(intro, null)))).toEqual([v1]);
    expect(ids(await versionsInScope(db(), scope(outro, null)))).toEqual([v3]);
    expect(ids(await versionsInScope(db(), scope(intro, v2)))).toEqual([v2]);
    expect(ids(await versionsInScope(db(), scope(null, v2)))).toEqual([v2]);
    expect(await versionsInScope(db(), scope(null, v4))).toEqual([]);
  });

  it('narrowed to one version: only when the scope names it', async () => {
    expect(ids(await versionsInScope(db(), scope(null, null), v3))).toEqual([v3]);
    expect(await versionsInScope(db(), scope(null, null), v2)).toEqual([]);
    expect(await versionsInScope(db(), scope(intro, null), v3)).toEqual([]);
    expect(ids(await versionsInScope(db(), scope(null, v2), v2))).toEqual([v2]);
  });

  it("fromTracks: the caller's count of a project's tracks, joined to projects in its own statement", async () => {
    const count = (projectId: string) =>
      fromTracks(db())
        .innerJoin('projects as p', 'p.id', 't.project_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.id', '=', projectId)
        .executeTakeFirstOrThrow();
    expect(Number((await count(p.projectId)).n)).toBe(2);
    expect(Number((await count(elsewhere)).n)).toBe(1);
    expect(Number((await count(MISSING)).n)).toBe(0);
  });
});

describe("titles joined to another area's rows", () => {
  beforeAll(async () => {
    const event = (track_id: string | null, version_id: string | null, guest_name: string) => ({
      id: newId(),
      link_id: linkId,
      kind: 'opened' as const,
      track_id,
      version_id,
      listen_id: null,
      seconds: null,
      guest_name,
      browser: 'Firefox',
      os: 'Linux',
      created_at: nowIso(),
    });
    await db()
      .insertInto('share_link_events')
      .values([event(intro, v2, 'both'), event(outro, null, 'track only'), event(null, null, 'neither')])
      .execute();
  });

  it('withTrackTitles: the titles, null where the row names no track or version', async () => {
    const rows = await withTrackTitles(
      db().selectFrom('share_link_events as e').select('e.guest_name'),
      'e.track_id',
      'e.version_id',
    )
      .where('e.link_id', '=', linkId)
      .orderBy('e.guest_name')
      .execute();
    expect(rows).toEqual([
      { guest_name: 'both', track_title: 'Intro', version_label: 'Version 2' },
      { guest_name: 'neither', track_title: null, version_label: null },
      { guest_name: 'track only', track_title: 'Outro', version_label: null },
    ]);
  });

  it('joinVersionAndTrack: the version and its own track; rows without a version drop out', async () => {
    const rows = await joinVersionAndTrack(db().selectFrom('share_link_events as e'), 'e.version_id')
      .select(['e.guest_name', 'v.id', 'v.label', 't.id as track', 't.title'])
      .where('e.link_id', '=', linkId)
      .execute();
    expect(rows).toEqual([{ guest_name: 'both', id: v2, label: 'Version 2', track: intro, title: 'Intro' }]);
  });
});

describe("a person's profile columns joined to another area's rows", () => {
  it('withAuthorColumns: the author as they look now; all null for a guest', async () => {
    const url = commentsUrl(p.projectId, intro, v1);
    const mine = await postComment(t.app, p.owner.token, url, { body: 'Kick is late', at: 0.5 });
    const theirs = await postComment(t.app, p.editor.token, url, { body: 'Agreed', at: 0.7 });
    await db()
      .insertInto('comments')
      .values({
        id: newId(),
        project_id: p.projectId,
        track_id: intro,
        version_id: v1,
        parent_id: null,
        author_id: null,
        guest_name: 'Gina Guest',
        body: 'Love it',
        at_sec: 0.9,
        end_sec: null,
        created_at: nowIso(),
      })
      .execute();
    const at = '2026-11-28T10:00:00.000Z';
    await upsertProfileFields(db(), p.owner.user._id, {
      avatar_key: 'avatars/owner.png',
      avatar_updated_at: at,
      profile_visibility: 'collaborators',
    });
    const rows = await withAuthorColumns(
      db().selectFrom('comments as c').select(['c.id', 'c.guest_name']),
      'c.author_id',
    )
      .where('c.version_id', '=', v1)
      .orderBy('c.at_sec')
      .execute();
    expect(
      rows.map((r) => ({
        ...r,
        avatar_updated_at: r.avatar_updated_at && new Date(r.avatar_updated_at).toISOString(),
      })),
    ).toEqual([
      {
        id: mine._id,
        guest_name: null,
        author_name: 'Owner',
        avatar_key: 'avatars/owner.png',
        avatar_updated_at: at,
        profile_visibility: 'collaborators',
      },
      {
        id: theirs._id,
        guest_name: null,
        author_name: 'Editor',
        avatar_key: null,
        avatar_updated_at: null,
        profile_visibility: null,
      },
      {
        id: expect.any(String),
        guest_name: 'Gina Guest',
        author_name: null,
        avatar_key: null,
        avatar_updated_at: null,
        profile_visibility: null,
      },
    ]);
  });

  it('withNotificationSettings: the saved settings, null where no profile was ever saved', async () => {
    await upsertProfileFields(db(), p.viewer.user._id, { project_notifications: false });
    const settings = async (userId: string) => {
      const row = await withNotificationSettings(
        db().selectFrom('users as u').select('u.name').where('u.id', '=', userId),
        'u.id',
      ).executeTakeFirstOrThrow();
      return {
        name: row.name,
        email: row.email_notifications === null ? null : Boolean(row.email_notifications),
        project: row.project_notifications === null ? null : Boolean(row.project_notifications),
        collaboration:
          row.collaboration_notifications === null ? null : Boolean(row.collaboration_notifications),
      };
    };
    expect(await settings(p.viewer.user._id)).toEqual({
      name: 'Viewer',
      email: true,
      project: false,
      collaboration: true,
    });
    expect(await settings(p.stranger.user._id)).toEqual({
      name: 'Stranger',
      email: null,
      project: null,
      collaboration: null,
    });
  });
});
