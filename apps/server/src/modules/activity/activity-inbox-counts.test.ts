// The feed's total is kept, not counted (migration 0030-activity-inbox-counts): after every way an inbox row
// comes or goes (the fan-out, a collaborator joining or leaving, a deleted comment, a deleted project, a deleted
// account), the total the feed reports is the number of items its pages list, and an activity of a kind this
// version cannot describe is neither listed nor counted. The migration's backfill counts what came before it.
import { ActivityListResponseSchema } from '@mixdesk/contract/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import type { MigrationDb } from '../../db/migration-helpers.ts';
import * as m0030 from '../../db/migrations/0030-activity-inbox-counts.ts';
import { addVersion, commentsUrl, postComment } from '../comments/comments-testing.ts';
import { generateVia, payloads } from '../documents/documents-testing.ts';
import { addTrack } from '../media/media-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every page of the person's feed (3 a page, so the walk crosses pages), and the total the first page reports. */
async function walk(who: SignedIn): Promise<{ total: number; listed: string[] }> {
  const listed: string[] = [];
  let total = -1;
  for (let page = 1; page <= 100; page++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity?page=${page}&limit=3`,
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = ActivityListResponseSchema.parse(res.json());
    if (page === 1) total = data.pagination.totalActivities;
    if (data.activities.length === 0) break;
    listed.push(...data.activities.map((a) => a._id));
  }
  return { total, listed };
}

/** The feed's total equals the number of distinct items its pages list; returns that number. */
async function consistent(who: SignedIn): Promise<number> {
  const { total, listed } = await walk(who);
  expect(new Set(listed).size).toBe(listed.length);
  expect(total).toBe(listed.length);
  return total;
}

async function call(who: SignedIn, method: 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe("the feed's kept total", () => {
  it('follows every row that comes and goes, and leaves out kinds this version cannot describe', async () => {
    const ana = await registerUser(t.app, { name: 'Ana Counts' });
    const ben = await registerUser(t.app, { name: 'Ben Counts' });
    const projectId: string = (await call(ana, 'POST', '/api/projects', { title: 'Counted' })).data.project
      ._id;
    const trackId = (await addTrack(t.app, ana.token, projectId, { title: 'One' }))._id;
    await addTrack(t.app, ana.token, projectId, { title: 'Two' });
    const versionId = await addVersion(t.app, ana.token, projectId, trackId);
    await generateVia(t.app, ana, payloads.contract());
    // created, two tracks, a version, and the document's own events (owner only).
    const anaAlone = await consistent(ana);
    expect(anaAlone).toBeGreaterThanOrEqual(5);
    expect(await consistent(ben)).toBe(0);

    // Joining brings the project's history (not Ana's document), and everything after it.
    await addMember(t.app, ana.token, projectId, ben, { permission: 'edit', role: 'Mixer' });
    const benJoined = await consistent(ben);
    expect(benJoined).toBe(5); // created, two tracks, a version, and the join itself
    expect(await consistent(ana)).toBe(anaAlone + 1);
    const url = commentsUrl(projectId, trackId, versionId);
    const comment = await postComment(t.app, ben.token, url, { body: 'Kick is loud', at: 1 });
    expect(await consistent(ben)).toBe(benJoined + 1);
    expect(await consistent(ana)).toBe(anaAlone + 2);

    // A kind written by a newer version reaches the inboxes but is neither listed nor counted.
    await t.app.ctx.db
      .insertInto('activities')
      .values({
        id: 'a_future_kind:1',
        kind: 'a_future_kind',
        project_id: projectId,
        audience_user_id: null,
        actor_id: ana.user._id,
        actor_name: null,
        subject_id: null,
        subject: null,
        detail: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const inboxed = await t.app.ctx.db
      .selectFrom('activity_inbox')
      .select('user_id')
      .where('activity_id', '=', 'a_future_kind:1')
      .execute();
    expect(inboxed).toHaveLength(2);
    expect(await consistent(ana)).toBe(anaAlone + 2);

    // A deleted comment takes its activity, and through it the inbox rows, with it.
    await call(ben, 'DELETE', `${url}/${comment._id}`);
    expect(await consistent(ben)).toBe(benJoined);
    expect(await consistent(ana)).toBe(anaAlone + 1);

    // Leaving empties Ben's feed; deleting the project leaves Ana her document's events only.
    await call(ana, 'DELETE', `/api/projects/${projectId}/collaborators/${ben.user._id}`);
    expect(await consistent(ben)).toBe(0);
    await call(ana, 'DELETE', `/api/projects/${projectId}`);
    const documentsOnly = await consistent(ana);
    expect(documentsOnly).toBeGreaterThan(0);
    expect(documentsOnly).toBe(anaAlone - 4);
  });

  it("goes with a deleted account, and the migration's backfill counts what came before it", async () => {
    const cy = await registerUser(t.app, { name: 'Cy Counts' });
    const dee = await registerUser(t.app, { name: 'Dee Counts' });
    const projectId: string = (await call(cy, 'POST', '/api/projects', { title: 'Backfilled' })).data.project
      ._id;
    await addTrack(t.app, cy.token, projectId, { title: 'Three' });
    await addMember(t.app, cy.token, projectId, dee, { permission: 'view', role: 'A&R' });
    const before = { cy: await consistent(cy), dee: await consistent(dee) };
    expect(before).toEqual({ cy: 3, dee: 3 });

    const db = t.app.ctx.db as unknown as MigrationDb;
    await m0030.down(db);
    await m0030.up(db);
    expect({ cy: await consistent(cy), dee: await consistent(dee) }).toEqual(before);

    await call(dee, 'POST', '/api/account/delete', { email: dee.user.email, password: GOOD_PASSWORD });
    const left = await t.app.ctx.db
      .selectFrom('activity_inbox_counts')
      .select('kind')
      .where('user_id', '=', dee.user._id)
      .execute();
    expect(left).toEqual([]);
    expect(await consistent(cy)).toBe(3);
  });
});
