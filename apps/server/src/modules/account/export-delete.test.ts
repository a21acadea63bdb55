import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { invite } from '../../../test/invitations.ts';
import { sha256 } from '../../platform/ids.ts';
import { uploadFile } from '../media/media-testing.ts';
import { avatarBody, insertProject, PNG, readZip } from '../profile/test-fixtures.ts';
import { EXPORT_FORMAT } from './export.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who ? bearer(who.token) : {}, payload });

async function uploadAvatar(who: SignedIn) {
  const body = avatarBody(PNG);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/profile/avatar',
    payload: body.payload,
    headers: { ...bearer(who.token), ...body.headers },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

async function avatarKey(userId: string) {
  const row = await t.app.ctx.db
    .selectFrom('user_profiles')
    .select('avatar_key')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.avatar_key ?? null;
}

async function download(who: SignedIn, body: object = {}) {
  const link = await post('/api/account/export', who, body);
  expect(link.statusCode).toBe(200);
  const { url, expiresAt } = link.json().data;
  expect(url).toMatch(/^\/api\/account\/export\/download\?token=[\w-]+\.[\w-]+$/);
  expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
  return t.app.inject({ method: 'GET', url });
}

describe('export', () => {
  it('downloads a ZIP with everything the user owns as JSON, plus their avatar', async () => {
    const who = await registerUser(t.app, { name: 'Exporter' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(who.token),
      payload: { bio: 'Exported bio', genres: ['Jazz'] },
    });
    await insertProject(t.app, who.user._id, 'Exported Album');
    await uploadAvatar(who);
    const res = await download(who);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mixdesk-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = readZip(res.rawPayload);
    const doc = JSON.parse(entries.get('export.json')!.toString('utf8'));
    expect(doc).toMatchObject({
      format: EXPORT_FORMAT,
      account: { _id: who.user._id, name: 'Exporter', email: who.user.email },
      profile: { bio: 'Exported bio', genres: ['Jazz'], totalProjects: 1 },
      security: { twoFactor: { enabled: false }, sessions: [{ current: true }] },
    });
    expect(JSON.stringify(doc.areas.projects)).toContain('Exported Album');
    expect(doc.areas).toHaveProperty('clients');
    expect(doc.files).toContain('profile/avatar.png');
    expect(entries.get('profile/avatar.png')).toEqual(PNG);
    // Nothing secret goes out.
    const text = entries.get('export.json')!.toString('utf8');
    expect(text).not.toContain('password');
    expect(text).not.toContain('argon2');
  });

  it('leaves the files out when asked to (JSON only)', async () => {
    const who = await registerUser(t.app);
    await uploadAvatar(who);
    const entries = readZip((await download(who, { includeFiles: false })).rawPayload);
    expect([...entries.keys()]).toEqual(['export.json']);
    expect(JSON.parse(entries.get('export.json')!.toString('utf8')).files).toEqual([]);
  });

  it('refuses a bad export request with a 400', async () => {
    const who = await registerUser(t.app);
    expect((await post('/api/account/export', who, { includeFiles: 'yes' })).statusCode).toBe(400);
    expect((await post('/api/account/export', who, { everything: true })).statusCode).toBe(400);
  });

  it("adds the files of the user's projects (through each area's handler) beside the JSON", async () => {
    const who = await registerUser(t.app);
    const projectId = await insertProject(t.app, who.user._id, 'With Artwork');
    const uploaded = await uploadFile(t.app, who.token, projectId, PNG, 'cover.png', 'artwork');
    expect(uploaded.statusCode).toBe(201);
    const entries = readZip((await download(who)).rawPayload);
    const path = [...entries.keys()].find((k) => k.startsWith(`projects/${projectId}/files/artwork/`));
    expect(path).toMatch(/cover\.png$/);
    expect(entries.get(path!)).toEqual(PNG);
    expect(JSON.parse(entries.get('export.json')!.toString('utf8')).files).toContain(path);
  });

  it("never contains another user's records", async () => {
    const who = await registerUser(t.app);
    const other = await registerUser(t.app);
    await insertProject(t.app, other.user._id, 'Somebody Else Song');
    const doc = readZip((await download(who)).rawPayload)
      .get('export.json')!
      .toString('utf8');
    expect(doc).not.toContain('Somebody Else Song');
    expect(doc).not.toContain(other.user.email);
  });

  it('refuses a tampered, foreign or signed-out link with a 404', async () => {
    const who = await registerUser(t.app);
    const { url } = (await post('/api/account/export', who)).json().data;
    const tampered = `${url.slice(0, -3)}abc`;
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const nonsense = await t.app.inject({
      method: 'GET',
      url: '/api/account/export/download?token=nonsense',
    });
    expect(nonsense.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export/download' })).statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(who.token) });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('expired or is invalid');
  });

  it('needs a signed-in user to start', async () => {
    expect((await post('/api/account/export', null)).statusCode).toBe(401);
  });
});

describe('delete account', () => {
  const del = (who: SignedIn, payload: object) => post('/api/account/delete', who, payload);
  const userExists = async (id: string) =>
    Boolean(await t.app.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());

  it.each([
    [
      'another email',
      (w: SignedIn) => ({ email: `x${w.user.email}`, password: GOOD_PASSWORD }),
      'Type the email',
    ],
    ['a wrong password', (w: SignedIn) => ({ email: w.user.email, password: 'Wrong-Pass-1' }), 'incorrect'],
    ['no password', (w: SignedIn) => ({ email: w.user.email }), 'Password is required'],
    [
      'an unknown key',
      (w: SignedIn) => ({ email: w.user.email, password: GOOD_PASSWORD, now: true }),
      'Unknown',
    ],
  ])('refuses %s with a 400 and deletes nothing', async (_what, body, message) => {
    const who = await registerUser(t.app);
    await insertProject(t.app, who.user._id);
    const res = await del(who, body(who));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await userExists(who.user._id)).toBe(true);
    const projects = await t.app.ctx.db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', who.user._id)
      .execute();
    expect(projects).toHaveLength(1);
  });

  it('deletes the user, their projects, profile, avatar file and sessions, and signs out', async () => {
    const who = await registerUser(t.app);
    await insertProject(t.app, who.user._id, 'Doomed');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(who.token),
      payload: { bio: 'bye' },
    });
    await uploadAvatar(who);
    const key = (await avatarKey(who.user._id))!;
    expect(await t.app.ctx.storage.stat(key)).not.toBeNull();
    const projectId = await insertProject(t.app, who.user._id, 'Stored Files');
    const uploaded = await uploadFile(t.app, who.token, projectId, PNG, 'cover.png', 'artwork');
    expect(uploaded.statusCode).toBe(201);
    const fileKey = (
      await t.app.ctx.db
        .selectFrom('project_files')
        .select('storage_key')
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(await t.app.ctx.storage.stat(fileKey)).not.toBeNull();

    const res = await del(who, { email: who.user.email.toUpperCase(), password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(res.cookies.find((c) => c.name === 'mixdesk_access')?.value).toBe('');

    expect(await userExists(who.user._id)).toBe(false);
    const db = t.app.ctx.db;
    expect(
      await db.selectFrom('projects').select('id').where('owner_id', '=', who.user._id).execute(),
    ).toHaveLength(0);
    expect(
      await db.selectFrom('user_profiles').select('user_id').where('user_id', '=', who.user._id).execute(),
    ).toHaveLength(0);
    expect(
      await db.selectFrom('auth_sessions').select('id').where('user_id', '=', who.user._id).execute(),
    ).toHaveLength(0);
    expect(
      await db.selectFrom('mail_outbox').select('id').where('to_address', '=', who.user.email).execute(),
    ).toHaveLength(0);
    expect(await t.app.ctx.storage.stat(key)).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(who.token) })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.user.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('leaves no row anywhere holding the email: failed sign-ins, mail to it and invitations to it go too', async () => {
    const who = await registerUser(t.app);
    const email = who.user.email;
    const db = t.app.ctx.db;
    // Everything the server keeps about an address: failed sign-ins (here and at another address), the mail
    // it was sent (verification, reset; and an invitation someone else sent it, which has no user id) and the
    // invitation itself, which waits for the address rather than the account.
    for (const remoteAddress of ['127.0.0.1', '192.0.2.9'])
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email, password: 'Not-The-Password-1' },
      });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const owner = await registerUser(t.app);
    await invite(t.app, owner.token, await insertProject(t.app, owner.user._id, 'Invited To'), email);
    const holding = async () => {
      const found: string[] = [];
      const schema = t.config.database.kind === 'postgres' ? t.config.database.schema : undefined;
      for (const table of await db.introspection.getTables()) {
        if (schema && table.schema !== schema) continue;
        const rows = await db
          .selectFrom(table.name as 'users')
          .selectAll()
          .execute();
        const hits = rows.filter((row) => JSON.stringify(row).toLowerCase().includes(email));
        if (hits.length) found.push(`${table.name} (${hits.length})`);
      }
      return found.sort();
    };
    expect(await holding()).toEqual([
      'login_failures (2)',
      'mail_outbox (3)',
      'project_invitations (1)',
      'users (1)',
    ]);

    const res = await del(who, { email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await holding()).toEqual([]);
    // The mail budget keeps only the address's hash (mail-budget.ts), and so still counts the mails it was sent.
    const logged = await db
      .selectFrom('address_mail_log')
      .select('kind')
      .where('address_hash', '=', sha256(email))
      .orderBy('kind')
      .execute();
    expect(logged).toEqual([{ kind: 'reset_password' }, { kind: 'verify_email' }]);
  });

  it("leaves other users' data alone", async () => {
    const who = await registerUser(t.app);
    const other = await registerUser(t.app);
    const kept = await insertProject(t.app, other.user._id, 'Keeper');
    expect((await del(who, { email: who.user.email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    expect(await userExists(other.user._id)).toBe(true);
    expect(
      await t.app.ctx.db.selectFrom('projects').select('id').where('id', '=', kept).executeTakeFirst(),
    ).toBeTruthy();
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/account/delete', null, { email: 'a@b.co', password: 'x' })).statusCode).toBe(
      401,
    );
  });
});
