// Joining by invitation (issue #20): the owner's answer is the same for an email with or without an account,
// the invitee has no access until a verified account with that email accepts, and every way an invitation can
// end (accepted, declined, revoked, expired, its account deleted) ends it for good.
import { COLLABORATORS_MAX } from '@mixdesk/contract/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMomentLater } from '../../../test/clock.ts';
import {
  bearer,
  createTestApp,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { addMember, invite, verifyUser } from '../../../test/invitations.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { readZip } from '../profile/test-fixtures.ts';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  // One owner sends every invitation of the file: past the hourly limit, which has its own test below.
  t = await createTestApp({ rateLimits: { invite: 10_000 } });
  owner = await registerUser(t.app, { name: 'Olivia Owner' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

async function newProject(title = 'Night Shift LP'): Promise<string> {
  const res = await call(owner, 'POST', '/api/projects', { title });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id;
}

async function verifiedUser(name: string): Promise<SignedIn> {
  const who = await registerUser(t.app, { name });
  await verifyUser(t.app, who);
  return who;
}

const invitationRows = (projectId: string) =>
  t.app.ctx.db
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
const memberRows = (projectId: string) =>
  t.app.ctx.db
    .selectFrom('project_collaborators')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('user_id')
    .execute();
const state = async (projectId: string) => ({
  invited: await invitationRows(projectId),
  members: await memberRows(projectId),
});
const mailsTo = (to: string) =>
  t.app.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .where('kind', '=', 'project_invitation')
    .execute();
const canSee = async (who: SignedIn, projectId: string) =>
  (await call(who, 'GET', `/api/projects/${projectId}`)).statusCode;
const myInvitations = async (who: SignedIn) => {
  const res = await call(who, 'GET', '/api/invitations');
  expect(res.statusCode).toBe(200);
  return res.json().data.invitations as { _id: string; project: { title: string } }[];
};

describe('inviting', () => {
  it('answers the same for an email with an account and one without, and mails both', async () => {
    const projectId = await newProject();
    const known = await verifiedUser('Ana Artist');
    const unknownEmail = uniqueEmail('nobody');
    const a = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
      email: known.user.email,
      permission: 'edit',
      role: 'Vocals',
    });
    const b = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
      email: unknownEmail,
      permission: 'edit',
      role: 'Vocals',
    });
    for (const [res, email] of [
      [a, known.user.email],
      [b, unknownEmail],
    ] as const) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message: `Invitation sent to ${email}`,
        data: {
          invitation: {
            _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            email,
            permission: 'edit',
            role: 'Vocals',
            status: 'pending',
            createdAt: expect.any(String),
            expiresAt: expect.any(String),
          },
        },
      });
      const { createdAt, expiresAt } = res.json().data.invitation;
      expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(14 * 86_400_000);
    }
    // The two answers differ only in what the caller sent and the new ids and times.
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());

    const [toKnown] = await mailsTo(known.user.email);
    const [toUnknown] = await mailsTo(unknownEmail);
    const id = a.json().data.invitation._id;
    expect(toKnown?.subject).toBe('Olivia Owner invited you to Night Shift LP on Mixdesk');
    expect(toKnown?.text_body).toContain(`http://mixdesk.test/invitations/${id}?answer=accept`);
    expect(toKnown?.text_body).toContain(`http://mixdesk.test/invitations/${id}?answer=decline`);
    expect(toKnown?.text_body).toContain('Hi Ana Artist,');
    expect(toUnknown?.text_body).toContain("You don't have a Mixdesk account yet");
    expect(toUnknown?.text_body).toContain(`/invitations/${b.json().data.invitation._id}?answer=accept`);
  });

  it('gives no access until accepted: no project, no list entry, no collaborator', async () => {
    const projectId = await newProject('Pending Only');
    const ben = await verifiedUser('Ben Bass');
    await invite(t.app, owner.token, projectId, ben.user.email, { permission: 'edit' });
    expect(await canSee(ben, projectId)).toBe(404);
    expect((await call(ben, 'GET', `/api/projects/${projectId}/tracks`)).statusCode).toBe(404);
    const list = await call(ben, 'GET', '/api/projects?limit=100');
    expect(list.json().data.projects.map((p: { _id: string }) => p._id)).not.toContain(projectId);
    const members = await call(owner, 'GET', `/api/projects/${projectId}/collaborators`);
    expect(members.json().data.collaborators).toEqual([]);
    const dashboard = await call(owner, 'GET', '/api/dashboard');
    expect(dashboard.json().data.stats.collaborators).toBe(0);
    // The owner sees it waiting; the invitee sees it in their invitations.
    const pending = await call(owner, 'GET', `/api/projects/${projectId}/invitations`);
    expect(pending.json().data.invitations).toMatchObject([
      { email: ben.user.email, permission: 'edit', status: 'pending' },
    ]);
    expect(await myInvitations(ben)).toMatchObject([
      {
        project: { _id: projectId, title: 'Pending Only' },
        inviter: { _id: owner.user._id, name: 'Olivia Owner' },
        permission: 'edit',
        role: '',
      },
    ]);
  });

  it('is told to an account holder in the app, and by email only if they want collaboration invites', async () => {
    const projectId = await newProject('Quiet Please');
    const cleo = await verifiedUser('Cleo Cello');
    const off = await call(cleo, 'PUT', '/api/auth/profile', { collaborationNotifications: false });
    expect(off.statusCode, off.body).toBe(200);
    const id = await invite(t.app, owner.token, projectId, cleo.user.email);
    expect(await mailsTo(cleo.user.email)).toEqual([]);
    const told = await call(cleo, 'GET', '/api/notifications');
    expect(told.json().data.notifications[0]).toMatchObject({
      kind: 'invitation',
      title: 'Olivia Owner invited you to Quiet Please',
      link: `/invitations/${id}`,
    });
  });

  it('mails nobody who turned email notifications off, even with collaboration invites on', async () => {
    const projectId = await newProject('No Email');
    const wes = await verifiedUser('Wes Whistle');
    const off = await call(wes, 'PUT', '/api/auth/profile', {
      emailNotifications: false,
      collaborationNotifications: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    const id = await invite(t.app, owner.token, projectId, wes.user.email);
    expect(await mailsTo(wes.user.email)).toEqual([]);
    // Still told in the app, and the invitation waits.
    expect((await myInvitations(wes)).map((i) => i._id)).toEqual([id]);
  });

  it('tells the invitee in the app what they would get: the permission, and the role when there is one', async () => {
    const projectId = await newProject('Told What');
    const uma = await verifiedUser('Uma Ukulele');
    const vic = await verifiedUser('Vic Viola');
    const editId = await invite(t.app, owner.token, projectId, uma.user.email, {
      permission: 'edit',
      role: 'Drums',
    });
    const viewId = await invite(t.app, owner.token, projectId, vic.user.email, { permission: 'view' });
    const newest = async (who: SignedIn) =>
      (await call(who, 'GET', '/api/notifications')).json().data.notifications[0];
    expect(await newest(uma)).toMatchObject({
      kind: 'invitation',
      title: 'Olivia Owner invited you to Told What',
      body: 'Accept to edit it as Drums.',
      link: `/invitations/${editId}`,
    });
    expect(await newest(vic)).toMatchObject({
      kind: 'invitation',
      body: 'Accept to view it.',
      link: `/invitations/${viewId}`,
    });
  });

  it('the invitee lists theirs newest first and reads one by id, exactly as listed', async () => {
    const older = await newProject('Read Older');
    const projectId = await newProject('Read One');
    const xia = await verifiedUser('Xia Xylo');
    const olderId = await invite(t.app, owner.token, older, xia.user.email);
    aMomentLater();
    const id = await invite(t.app, owner.token, projectId, xia.user.email, {
      permission: 'edit',
      role: 'Keys',
    });
    const list = await call(xia, 'GET', '/api/invitations');
    expect(list.json()).toMatchObject({ success: true, message: 'Invitations' });
    expect(list.json().data.invitations.map((i: { _id: string }) => i._id)).toEqual([id, olderId]);
    const res = await call(xia, 'GET', `/api/invitations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Invitation',
      data: { invitation: list.json().data.invitations[0] },
    });
    const invitation = res.json().data.invitation;
    expect(invitation).toMatchObject({
      _id: id,
      project: { _id: projectId, title: 'Read One' },
      inviter: { _id: owner.user._id, name: 'Olivia Owner' },
      permission: 'edit',
      role: 'Keys',
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(14 * 86_400_000);
    // The owner's list of the project's waiting invitations says the same.
    const owners = await call(owner, 'GET', `/api/projects/${projectId}/invitations`);
    expect(owners.json()).toEqual({
      success: true,
      message: 'Invitations',
      data: {
        invitations: [
          {
            _id: id,
            email: xia.user.email,
            permission: 'edit',
            role: 'Keys',
            status: 'pending',
            createdAt: invitation.createdAt,
            expiresAt: invitation.expiresAt,
          },
        ],
      },
    });
  });
});

describe('accepting', () => {
  it('a verified invitee joins with the permission and role; the invitation is then gone', async () => {
    const projectId = await newProject('Accept Me');
    const dee = await verifiedUser('Dee Drums');
    const id = await invite(t.app, owner.token, projectId, dee.user.email, {
      permission: 'edit',
      role: 'Drums',
    });
    const res = await call(dee, 'POST', `/api/invitations/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'You joined Accept Me',
      data: { projectId, invitation: { _id: id, permission: 'edit', role: 'Drums' } },
    });
    const project = await call(dee, 'GET', `/api/projects/${projectId}`);
    expect(project.json().data.project.access).toBe('edit');
    expect(await memberRows(projectId)).toMatchObject([
      { user_id: dee.user._id, permission: 'edit', role: 'Drums' },
    ]);
    expect(await myInvitations(dee)).toEqual([]);
    const pending = await call(owner, 'GET', `/api/projects/${projectId}/invitations`);
    expect(pending.json().data.invitations).toEqual([]);
    const again = await call(dee, 'POST', `/api/invitations/${id}/accept`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: 'Invitation not found' });
  });

  it('the owner is told who joined, and the project counts as just worked on', async () => {
    const projectId = await newProject('Told Owner');
    const yan = await verifiedUser('Yan Yodel');
    const id = await invite(t.app, owner.token, projectId, yan.user.email);
    const before = (await call(owner, 'GET', `/api/projects/${projectId}`)).json().data.project;
    aMomentLater();
    expect((await call(yan, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(200);
    const told = await call(owner, 'GET', '/api/notifications');
    expect(told.json().data.notifications[0]).toMatchObject({
      kind: 'invitation_answered',
      title: 'Yan Yodel accepted your invitation to Told Owner',
      link: `/projects/${projectId}`,
    });
    const after = (await call(owner, 'GET', `/api/projects/${projectId}`)).json().data.project;
    expect(Date.parse(after.lastActivityAt)).toBeGreaterThan(Date.parse(before.lastActivityAt));
  });

  it('an invitation to a project deleted since is a 404 and leaves no membership behind', async () => {
    const projectId = await newProject('Deleted Since');
    const zoe = await verifiedUser('Zoe Zither');
    const id = await invite(t.app, owner.token, projectId, zoe.user.email, { permission: 'edit' });
    expect((await call(owner, 'DELETE', `/api/projects/${projectId}`)).statusCode).toBe(200);
    const res = await call(zoe, 'POST', `/api/invitations/${id}/accept`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Invitation not found' });
    expect(await state(projectId)).toEqual({ invited: [], members: [] });
    expect(await myInvitations(zoe)).toEqual([]);
    expect(await canSee(zoe, projectId)).toBe(404);
  });

  it('an invitation naming the owner’s own address (taken after it was sent) cannot make them a collaborator', async () => {
    const projectId = await newProject('Own Address');
    await verifyUser(t.app, owner);
    // Invitations to the owner's current address are refused when sent: this one names an address the owner
    // took afterwards, as an email change would leave it.
    const id = newId();
    const now = nowIso();
    await t.app.ctx.db
      .insertInto('project_invitations')
      .values({
        id,
        project_id: projectId,
        email: owner.user.email,
        permission: 'edit',
        role: '',
        invited_by: owner.user._id,
        status: 'pending',
        created_at: now,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        responded_at: null,
      })
      .execute();
    const before = await state(projectId);
    const res = await call(owner, 'POST', `/api/invitations/${id}/accept`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'You own this project already.' });
    expect(await state(projectId)).toEqual(before);
    expect((await call(owner, 'GET', `/api/projects/${projectId}`)).json().data.project.access).toBe('owner');
  });

  it('two accepts at the same moment: one joins, the other is a 404, one collaborator row', async () => {
    const projectId = await newProject('Race');
    const eve = await verifiedUser('Eve Echo');
    const id = await invite(t.app, owner.token, projectId, eve.user.email);
    const [a, b] = await Promise.all([
      call(eve, 'POST', `/api/invitations/${id}/accept`),
      call(eve, 'POST', `/api/invitations/${id}/accept`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    expect(await memberRows(projectId)).toHaveLength(1);
  });

  it('an unverified account is refused with a clear 403 and nothing changes, then joins once verified', async () => {
    const projectId = await newProject('Verify First');
    const finn = await registerUser(t.app, { name: 'Finn Flute' });
    const id = await invite(t.app, owner.token, projectId, finn.user.email);
    const before = await state(projectId);
    const res = await call(finn, 'POST', `/api/invitations/${id}/accept`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Verify your email address before accepting an invitation.',
    });
    expect(await state(projectId)).toEqual(before);
    expect(await canSee(finn, projectId)).toBe(404);
    await verifyUser(t.app, finn);
    expect((await call(finn, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(200);
    expect(await canSee(finn, projectId)).toBe(200);
  });

  it('an invitation waits for an account made later with that email', async () => {
    const projectId = await newProject('Later Sign-up');
    const email = uniqueEmail('later');
    const id = await invite(t.app, owner.token, projectId, email, { role: 'Keys' });
    const gus = await registerUser(t.app, { name: 'Gus Guitar', email });
    await verifyUser(t.app, gus);
    expect((await myInvitations(gus)).map((i) => i._id)).toEqual([id]);
    expect((await call(gus, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(200);
    expect(await canSee(gus, projectId)).toBe(200);
  });

  it.each([
    ['someone else', 'other'],
    ['a malformed id', 'malformed'],
    ['an id that never existed', 'unknown'],
  ])('accepting or declining %s’s invitation is a 404 and changes nothing', async (_label, kind) => {
    const projectId = await newProject('Not Yours');
    const hana = await verifiedUser('Hana Harp');
    const ivan = await verifiedUser('Ivan Ivory');
    const real = await invite(t.app, owner.token, projectId, hana.user.email);
    const id = { other: real, malformed: 'not-an-id', unknown: '0190f5c2-0000-7000-8000-000000000000' }[
      kind
    ]!;
    const before = await state(projectId);
    for (const answer of ['accept', 'decline']) {
      const res = await call(ivan, 'POST', `/api/invitations/${id}/${answer}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Invitation not found' });
    }
    expect((await call(ivan, 'GET', `/api/invitations/${id}`)).statusCode).toBe(404);
    expect(await state(projectId)).toEqual(before);
    expect(await canSee(ivan, projectId)).toBe(404);
  });
});

describe('declining, revoking, expiring', () => {
  it('a decline ends it, gives no access and tells the owner', async () => {
    const projectId = await newProject('Declined');
    const jay = await verifiedUser('Jay Jazz');
    const id = await invite(t.app, owner.token, projectId, jay.user.email);
    const res = await call(jay, 'POST', `/api/invitations/${id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Invitation declined' });
    expect((await invitationRows(projectId))[0]).toMatchObject({ status: 'declined' });
    expect(await canSee(jay, projectId)).toBe(404);
    expect((await call(jay, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    const told = await call(owner, 'GET', '/api/notifications');
    expect(told.json().data.notifications[0]).toMatchObject({
      kind: 'invitation_answered',
      title: 'Jay Jazz declined your invitation to Declined',
    });
  });

  it('the owner revokes one that waits; it cannot be accepted nor revoked again', async () => {
    const projectId = await newProject('Revoked');
    const kai = await verifiedUser('Kai Kazoo');
    const id = await invite(t.app, owner.token, projectId, kai.user.email);
    const res = await call(owner, 'DELETE', `/api/projects/${projectId}/invitations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Invitation revoked' });
    expect(await myInvitations(kai)).toEqual([]);
    expect((await call(kai, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    const twice = await call(owner, 'DELETE', `/api/projects/${projectId}/invitations/${id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('Invitation not found');
    expect(await memberRows(projectId)).toEqual([]);
  });

  it('an invitation is revoked only through its own project, not through another the caller owns', async () => {
    const projectId = await newProject('Has The Invite');
    const otherProject = await newProject('Has None');
    const rex = await verifiedUser('Rex Recorder');
    const id = await invite(t.app, owner.token, projectId, rex.user.email);
    const before = await state(projectId);
    const res = await call(owner, 'DELETE', `/api/projects/${otherProject}/invitations/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Invitation not found' });
    expect(await state(projectId)).toEqual(before);
    expect((await myInvitations(rex)).map((i) => i._id)).toEqual([id]);
    // Declined or accepted, it cannot be revoked either: the answer stands.
    expect((await call(rex, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(200);
    const late = await call(owner, 'DELETE', `/api/projects/${projectId}/invitations/${id}`);
    expect(late.statusCode).toBe(404);
    expect((await invitationRows(projectId))[0]).toMatchObject({ status: 'accepted' });
    expect(await canSee(rex, projectId)).toBe(200);
  });

  it('after 14 days it is gone everywhere, and the email may be invited again', async () => {
    const projectId = await newProject('Expired');
    const lea = await verifiedUser('Lea Lute');
    const id = await invite(t.app, owner.token, projectId, lea.user.email);
    await t.app.ctx.db
      .updateTable('project_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await myInvitations(lea)).toEqual([]);
    const pending = await call(owner, 'GET', `/api/projects/${projectId}/invitations`);
    expect(pending.json().data.invitations).toEqual([]);
    expect((await call(lea, 'POST', `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/projects/${projectId}/invitations/${id}`)).statusCode).toBe(
      404,
    );
    const again = await invite(t.app, owner.token, projectId, lea.user.email);
    expect(again).not.toBe(id);
    expect((await call(lea, 'POST', `/api/invitations/${again}/accept`)).statusCode).toBe(200);
  });

  it('deleting the account deletes the invitations addressed to its email', async () => {
    const projectId = await newProject('Gone Account');
    const max = await verifiedUser('Max Mono');
    await invite(t.app, owner.token, projectId, max.user.email);
    const staysId = await invite(t.app, owner.token, projectId, 'stays@example.com');
    const gone = await call(max, 'POST', '/api/account/delete', {
      email: max.user.email,
      password: max.password,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    // Only theirs: an invitation to someone else in the same project still waits.
    expect((await invitationRows(projectId)).map((r) => r.id)).toEqual([staysId]);
    // A new account with the same address finds nothing waiting.
    const reused = await registerUser(t.app, { name: 'Max Reborn', email: max.user.email });
    await verifyUser(t.app, reused);
    expect(await myInvitations(reused)).toEqual([]);
  });

  it("the account's export lists the invitations addressed to it, in every status, and nobody else's", async () => {
    const first = await newProject('Export Accepted');
    const second = await newProject('Export Declined');
    const third = await newProject('Export Waiting');
    const ola = await verifiedUser('Ola Oboe');
    const accepted = await invite(t.app, owner.token, first, ola.user.email, {
      permission: 'edit',
      role: 'Oboe',
    });
    const declined = await invite(t.app, owner.token, second, ola.user.email);
    const waiting = await invite(t.app, owner.token, third, ola.user.email);
    await invite(t.app, owner.token, third, 'someone-else@example.com');
    expect((await call(ola, 'POST', `/api/invitations/${accepted}/accept`)).statusCode).toBe(200);
    expect((await call(ola, 'POST', `/api/invitations/${declined}/decline`)).statusCode).toBe(200);
    const link = await call(ola, 'POST', '/api/account/export', { includeFiles: false });
    expect(link.statusCode, link.body).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: link.json().data.url });
    const doc = JSON.parse(readZip(zip.rawPayload).get('export.json')!.toString('utf8'));
    const listed = doc.areas.invitations.invitations as Record<string, unknown>[];
    expect([...listed].sort((a, b) => String(a._id).localeCompare(String(b._id)))).toEqual(
      [
        {
          _id: accepted,
          project: 'Export Accepted',
          permission: 'edit',
          role: 'Oboe',
          status: 'accepted',
          createdAt: expect.any(String),
          answeredAt: expect.any(String),
        },
        {
          _id: declined,
          project: 'Export Declined',
          permission: 'view',
          role: '',
          status: 'declined',
          createdAt: expect.any(String),
          answeredAt: expect.any(String),
        },
        {
          _id: waiting,
          project: 'Export Waiting',
          permission: 'view',
          role: '',
          status: 'pending',
          createdAt: expect.any(String),
          answeredAt: null,
        },
      ].sort((a, b) => a._id.localeCompare(b._id)),
    );
  });
});

describe('bad input: a clear 4xx, nothing stored', () => {
  let projectId: string;
  let member: SignedIn;
  beforeAll(async () => {
    projectId = await newProject('Bad Input');
    member = await verifiedUser('Nia Nylon');
    await addMember(t.app, owner.token, projectId, member);
    await invite(t.app, owner.token, projectId, 'waiting@example.com');
  });

  it.each([
    ['the owner (yourself)', () => ({ email: owner.user.email }), 400, 'You own this project already.'],
    [
      'the owner in capitals',
      () => ({ email: owner.user.email.toUpperCase() }),
      400,
      'You own this project already.',
    ],
    [
      'an existing collaborator',
      () => ({ email: member.user.email }),
      409,
      'Nia Nylon is already a collaborator',
    ],
    [
      'an email already invited',
      () => ({ email: 'Waiting@Example.com' }),
      409,
      'waiting@example.com has been invited already and has not answered yet.',
    ],
    ['a malformed email', () => ({ email: 'not an email' }), 400, 'Enter a valid email address'],
    [
      'an unknown permission',
      () => ({ email: 'p@example.com', permission: 'owner' }),
      400,
      'Permission must be',
    ],
  ])('inviting %s', async (_label, payload, status, message) => {
    const before = await state(projectId);
    const res = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, payload());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toContain(message);
    expect(await state(projectId)).toEqual(before);
  });

  it('a role of exactly 60 characters is kept whole; 61 is refused with the limit’s message', async () => {
    const before = await state(projectId);
    const over = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
      email: 'long-role@example.com',
      role: 'R'.repeat(61),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ success: false, message: 'Role must be at most 60 characters' });
    expect(await state(projectId)).toEqual(before);
    const exact = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
      email: 'long-role@example.com',
      role: 'R'.repeat(60),
    });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data.invitation.role).toBe('R'.repeat(60));
  });

  it('a collaborator (edit) cannot invite nor revoke; a stranger finds no project', async () => {
    const editorProject = await newProject('Editors Cannot Invite');
    const editor = await verifiedUser('Oto Organ');
    await addMember(t.app, owner.token, editorProject, editor, { permission: 'edit' });
    const waiting = await invite(t.app, owner.token, editorProject, 'someone@example.com');
    const stranger = await verifiedUser('Pia Piano');
    const before = await state(editorProject);
    for (const [who, status] of [
      [editor, 403],
      [stranger, 404],
      [null, 401],
    ] as const) {
      const add = await call(who, 'POST', `/api/projects/${editorProject}/collaborators`, {
        email: 'x@example.com',
      });
      expect(add.statusCode).toBe(status);
      const list = await call(who, 'GET', `/api/projects/${editorProject}/invitations`);
      expect(list.statusCode).toBe(status);
      const revoke = await call(who, 'DELETE', `/api/projects/${editorProject}/invitations/${waiting}`);
      expect(revoke.statusCode).toBe(status);
    }
    expect(await state(editorProject)).toEqual(before);
  });
});

describe('the collaborator limit counts accepted and pending', () => {
  it(`exactly ${COLLABORATORS_MAX} succeed, one more is refused with the limit's message`, async () => {
    const projectId = await newProject('Full House');
    {
      const people = await Promise.all(
        Array.from({ length: COLLABORATORS_MAX - 2 }, (_, i) => registerUser(t.app, { name: `Seat ${i}` })),
      );
      await t.app.ctx.db
        .insertInto('project_collaborators')
        .values(
          people.map((p) => ({
            project_id: projectId,
            user_id: p.user._id,
            permission: 'view' as const,
            role: '',
            created_at: nowIso(),
          })),
        )
        .execute();
      await invite(t.app, owner.token, projectId, 'seat-49@example.com');
      const last = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
        email: 'seat-50@example.com',
      });
      expect(last.statusCode, last.body).toBe(201);
      const before = await state(projectId);
      const over = await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
        email: 'seat-51@example.com',
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe(
        `A project can have at most ${COLLABORATORS_MAX} collaborators, counting pending invitations.`,
      );
      expect(await state(projectId)).toEqual(before);
      // A revoked invitation frees its seat.
      await call(
        owner,
        'DELETE',
        `/api/projects/${projectId}/invitations/${last.json().data.invitation._id}`,
      );
      expect(
        (
          await call(owner, 'POST', `/api/projects/${projectId}/collaborators`, {
            email: 'seat-51@example.com',
          })
        ).statusCode,
      ).toBe(201);
    }
  });
});

describe('the invitation rate limit', () => {
  it('past the hourly count: 429 with Retry-After, and nothing stored or mailed', async () => {
    const small = await createTestApp({ rateLimits: { invite: 2 } });
    try {
      const boss = await registerUser(small.app, { name: 'Boss' });
      const created = await small.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(boss.token),
        payload: { title: 'Spam Test' },
      });
      const projectId = created.json().data.project._id;
      const send = (email: string) =>
        small.app.inject({
          method: 'POST',
          url: `/api/projects/${projectId}/collaborators`,
          headers: bearer(boss.token),
          payload: { email },
        });
      expect((await send('one@example.com')).statusCode).toBe(201);
      expect((await send('two@example.com')).statusCode).toBe(201);
      const third = await send('three@example.com');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(third.json().message).toMatch(/^Too many invitations in a short time\. Try again in/);
      const stored = await small.app.ctx.db
        .selectFrom('project_invitations')
        .select('email')
        .where('project_id', '=', projectId)
        .execute();
      expect(stored.map((r) => r.email).sort()).toEqual(['one@example.com', 'two@example.com']);
      const mailed = await small.app.ctx.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'three@example.com')
        .execute();
      expect(mailed).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
