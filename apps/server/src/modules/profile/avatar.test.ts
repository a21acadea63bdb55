import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@mixdesk/contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { avatarBody, JPEG, PNG, WEBP } from './test-fixtures.ts';

let t: TestApp;
let who: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  who = await registerUser(t.app, { name: 'Ava Tar' });
});
afterAll(async () => {
  await t.close();
});

function upload(user: SignedIn | null, content: Buffer, filename = 'me.png', type = 'image/png') {
  const body = avatarBody(content, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/profile/avatar',
    payload: body.payload,
    headers: { ...(user ? bearer(user.token) : {}), ...body.headers },
  });
}

const profileOf = async (user: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(user.token) })).json().data
    .profile;
const keyOf = async (user: SignedIn) =>
  (
    await t.app.ctx.db
      .selectFrom('user_profiles')
      .select('avatar_key')
      .where('user_id', '=', user.user._id)
      .executeTakeFirst()
  )?.avatar_key ?? null;
/** Every avatar file in storage, partial ones included. */
const avatarFiles = () => {
  const dir = path.join(t.config.dataDir, 'files', 'avatars');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const storedAvatars = async () => {
  const rows = await t.app.ctx.db.selectFrom('user_profiles').select('avatar_key').execute();
  return rows.filter((r) => r.avatar_key).length;
};

describe('avatar upload', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('takes a %s, serves it back with its type and shows it on the profile', async (_kind, bytes, mime) => {
    const res = await upload(who, bytes, 'whatever.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json().data.profile;
    expect(avatar).toMatch(new RegExp(`^/api/users/${who.user._id}/avatar\\?v=\\w+$`));
    expect((await profileOf(who)).avatar).toBe(avatar);
    const image = await t.app.inject({ method: 'GET', url: avatar, headers: bearer(who.token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe(mime);
    expect(image.rawPayload).toEqual(bytes);
  });

  it('replacing the avatar removes the old file', async () => {
    await upload(who, PNG);
    const oldKey = (await keyOf(who))!;
    await upload(who, JPEG, 'b.jpg', 'image/jpeg');
    const newKey = (await keyOf(who))!;
    expect(newKey).not.toBe(oldKey);
    expect(await t.app.ctx.storage.stat(oldKey)).toBeNull();
    expect(await t.app.ctx.storage.stat(newKey)).not.toBeNull();
  });

  it('removing it falls back to no avatar and deletes the file', async () => {
    await upload(who, PNG);
    const key = (await keyOf(who))!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/profile/avatar',
      headers: bearer(who.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile.avatar).toBeNull();
    expect(await t.app.ctx.storage.stat(key)).toBeNull();
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/users/${who.user._id}/avatar`,
      headers: bearer(who.token),
    });
    expect(image.statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name and type say (415), and keeps the old avatar', async () => {
    await upload(who, PNG);
    const before = await profileOf(who);
    const beforeCount = await storedAvatars();
    const res = await upload(
      who,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'x.png',
      'image/png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The avatar must be a PNG, JPEG or WebP image',
    });
    expect(await profileOf(who)).toEqual(before);
    expect(await storedAvatars()).toBe(beforeCount);
  });

  it('refuses a 6 MB image (413) and stores nothing', async () => {
    const user = await registerUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024 - PNG.length, 7)]);
    const res = await upload(user, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
    expect((await profileOf(user)).avatar).toBeNull();
    expect(await keyOf(user)).toBeNull();
  });

  it('takes an image of exactly 5 MB, whole', async () => {
    const user = await registerUser(t.app);
    const exact = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length, 7)]);
    const res = await upload(user, exact);
    expect(res.statusCode).toBe(200);
    const image = await t.app.inject({ url: res.json().data.profile.avatar, headers: bearer(user.token) });
    expect(image.rawPayload.equals(exact)).toBe(true);
  });

  it('refuses an image one byte over 5 MB with the limit’s message, keeping the old avatar and no new file', async () => {
    const user = await registerUser(t.app);
    expect((await upload(user, JPEG, 'old.jpg', 'image/jpeg')).statusCode).toBe(200);
    const before = { profile: await profileOf(user), key: await keyOf(user), files: avatarFiles() };
    const over = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG.length, 7)]);
    const res = await upload(user, over);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The avatar must be at most 5 MB',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect({ profile: await profileOf(user), key: await keyOf(user), files: avatarFiles() }).toEqual(before);
  });

  it('refuses an empty file, a request with no file and a JSON body', async () => {
    expect((await upload(who, Buffer.alloc(0))).statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/avatar',
      headers: { ...bearer(who.token), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc--\r\n',
    });
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/avatar',
      headers: bearer(who.token),
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('a cut-off multipart body is a 400, not a server error', async () => {
    const body = avatarBody(PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/avatar',
      payload: body.payload.subarray(0, body.payload.length - 20),
      headers: { ...bearer(who.token), ...body.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('needs a signed-in user', async () => {
    expect((await upload(null, PNG)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/profile/avatar' })).statusCode).toBe(401);
  });
});
