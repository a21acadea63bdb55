// What an invitation leaves behind: a revoked one is recorded as revoked (not merely gone from the lists), an
// accepted one marks the project as just worked on, a malformed project id is a plain 404, and an invitation
// whose email cannot be stored is still made and shown in the app, with the failure logged.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { invite, verifyUser } from '../../../test/invitations.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Rita Records' });
});
afterAll(async () => {
  await t.close();
});

async function newProject(title = 'Tape Archive'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id;
}

const invitation = (id: string) =>
  t.app.ctx.db
    .selectFrom('project_invitations')
    .select(['status', 'responded_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const projectTimes = (id: string) =>
  t.app.ctx.db
    .selectFrom('projects')
    .select(['updated_at', 'last_activity_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('an invitation’s record', () => {
  it('says revoked, and when, once the owner revokes it', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const projectId = await newProject();
    const id = await invite(t.app, owner.token, projectId, 'someone@example.com');
    const at = clock.step(1000);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/invitations/${id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await invitation(id)).toEqual({ status: 'revoked', responded_at: at });
  });

  it('marks the project as just worked on when it is accepted', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const projectId = await newProject();
    const guest = await registerUser(t.app, { name: 'Gus Guest' });
    await verifyUser(t.app, guest);
    const id = await invite(t.app, owner.token, projectId, guest.user.email);
    const before = await projectTimes(projectId);
    const at = clock.step(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${id}/accept`,
      headers: bearer(guest.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await projectTimes(projectId)).toEqual({ updated_at: at, last_activity_at: at });
    expect(before.last_activity_at < at).toBe(true);
  });
});

describe('a project id that is not one', () => {
  it.each(['GET', 'POST'] as const)('%s on its invitations: 404 Project not found', async (method) => {
    const res = await t.app.inject({
      method,
      url: '/api/projects/not-an-id/collaborators',
      headers: bearer(owner.token),
      ...(method === 'POST' ? { payload: { email: 'x@example.com', permission: 'view' } } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Project not found' });
  });
});

describe('an invitation whose email cannot be stored', () => {
  it('is made and shown all the same, and the failure is logged', async () => {
    const own = await createTestApp();
    onTestFinished(() => own.close());
    const boss = await registerUser(own.app, { name: 'Bea Boss' });
    const guest = await registerUser(own.app, { name: 'Gil Guest' });
    const made = await own.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(boss.token),
      payload: { title: 'Outage Sessions' },
    });
    const projectId = made.json().data.project._id as string;
    // The outbox goes away for a moment: the mail cannot be stored, as in a database outage.
    await own.app.ctx.db.schema.alterTable('mail_outbox').renameTo('mail_outbox_away').execute();
    let res: Awaited<ReturnType<typeof own.app.inject>>;
    try {
      res = await own.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/collaborators`,
        headers: bearer(boss.token),
        payload: { email: guest.user.email, permission: 'edit' },
      });
    } finally {
      await own.app.ctx.db.schema.alterTable('mail_outbox_away').renameTo('mail_outbox').execute();
    }
    expect(res.statusCode, res.body).toBe(201);
    const listed = await own.app.inject({ url: '/api/invitations', headers: bearer(guest.token) });
    expect(listed.json().data.invitations).toMatchObject([{ project: { title: 'Outage Sessions' } }]);
    const line = own
      .logs()
      .split('\n')
      .filter((l) => l.includes('Could not send an invitation'))
      .map((l) => JSON.parse(l));
    expect(line).toMatchObject([{ level: 50, service: 'invitations', err: { message: expect.any(String) } }]);
  });
});
