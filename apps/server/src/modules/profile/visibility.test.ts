import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addCollaborator, avatarBody, insertProject, PNG } from './test-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
let collaborator: SignedIn;
let sideBySide: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Olivia Owner' });
  collaborator = await registerUser(t.app, { name: 'Cole Collab' });
  sideBySide = await registerUser(t.app, { name: 'Sid Side' });
  stranger = await registerUser(t.app, { name: 'Stan Stranger' });
  const hostId = (await registerUser(t.app, { name: 'Host' })).user._id;
  // Cole is on Olivia's project; Sid and Olivia are both collaborators on a third person's project.
  const project = await insertProject(t.app, owner.user._id, 'Shared Sessions');
  await addCollaborator(t.app, project, collaborator.user._id);
  const hosted = await insertProject(t.app, hostId, 'Hosted');
  await addCollaborator(t.app, hosted, owner.user._id);
  await addCollaborator(t.app, hosted, sideBySide.user._id);
  // Stan has projects of his own, none shared with Olivia.
  await insertProject(t.app, stranger.user._id, 'Solo');
  await t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: bearer(owner.token),
    payload: {
      phone: '+44 20 7946 0000',
      location: 'London, UK',
      bio: 'Mix engineer',
      profession: 'Mixing Engineer',
      genres: ['Soul'],
    },
  });
  const body = avatarBody(PNG);
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/profile/avatar',
    payload: body.payload,
    headers: { ...bearer(owner.token), ...body.headers },
  });
});
afterAll(async () => {
  await t.close();
});

const setPrivacy = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(owner.token), payload });
const view = (viewer: SignedIn | null, what: 'profile' | 'avatar' = 'profile') =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/${owner.user._id}/${what}`,
    headers: viewer ? bearer(viewer.token) : {},
  });

describe('who may see a profile (visibility × viewer)', () => {
  const viewers = () => ({ stranger, collaborator, sideBySide, self: owner });
  const matrix: [string, Record<'stranger' | 'collaborator' | 'sideBySide' | 'self', number>][] = [
    ['public', { stranger: 200, collaborator: 200, sideBySide: 200, self: 200 }],
    ['collaborators', { stranger: 403, collaborator: 200, sideBySide: 200, self: 200 }],
    ['private', { stranger: 403, collaborator: 403, sideBySide: 403, self: 200 }],
  ];
  for (const [visibility, expected] of matrix) {
    for (const who of Object.keys(expected) as (keyof typeof expected)[]) {
      it(`${visibility} profile, seen by ${who}: ${expected[who]}`, async () => {
        await setPrivacy({ profileVisibility: visibility });
        const res = await view(viewers()[who]);
        expect(res.statusCode).toBe(expected[who]);
        if (expected[who] === 200) {
          expect(res.json().data.profile).toMatchObject({
            _id: owner.user._id,
            name: 'Olivia Owner',
            bio: 'Mix engineer',
          });
        } else {
          expect(res.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
          expect(JSON.stringify(res.json())).not.toContain('Mix engineer');
        }
        // The avatar image follows the same rule.
        expect((await view(viewers()[who], 'avatar')).statusCode).toBe(expected[who]);
      });
    }
  }

  it('needs a signed-in viewer, even for a public profile', async () => {
    await setPrivacy({ profileVisibility: 'public' });
    expect((await view(null)).statusCode).toBe(401);
    expect((await view(null, 'avatar')).statusCode).toBe(401);
  });

  it('an unknown user is a 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/0190b7a0-0000-7000-8000-000000000000/profile',
      headers: bearer(stranger.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  it('the private error tells which rule applies', async () => {
    await setPrivacy({ profileVisibility: 'collaborators' });
    expect((await view(stranger)).json().message).toBe('This profile is visible to collaborators only');
    await setPrivacy({ profileVisibility: 'private' });
    expect((await view(stranger)).json().message).toBe('This profile is private');
  });
});

describe('show* flags hide contact fields from others', () => {
  const flags = [
    ['showEmail', 'email'],
    ['showPhone', 'phone'],
    ['showLocation', 'location'],
  ] as const;

  for (const [flag, field] of flags) {
    it(`${flag} off hides ${field} from a stranger and a collaborator; on shows it`, async () => {
      await setPrivacy({
        profileVisibility: 'public',
        showEmail: false,
        showPhone: false,
        showLocation: false,
      });
      for (const viewer of [stranger, collaborator]) {
        expect((await view(viewer)).json().data.profile).not.toHaveProperty(field);
      }
      await setPrivacy({ [flag]: true });
      const expected = { email: owner.user.email, phone: '+44 20 7946 0000', location: 'London, UK' }[field];
      for (const viewer of [stranger, collaborator]) {
        const profile = (await view(viewer)).json().data.profile;
        expect(profile[field]).toBe(expected);
        // Only the flag that is on opens its field.
        for (const [, other] of flags.filter(([f]) => f !== flag)) expect(profile).not.toHaveProperty(other);
      }
    });
  }

  it('the owner always sees every field of their own profile', async () => {
    await setPrivacy({
      profileVisibility: 'private',
      showEmail: false,
      showPhone: false,
      showLocation: false,
    });
    const profile = (await view(owner)).json().data.profile;
    expect(profile).toMatchObject({
      email: owner.user.email,
      phone: '+44 20 7946 0000',
      location: 'London, UK',
    });
  });

  it('never shows notification settings or stats to others', async () => {
    await setPrivacy({ profileVisibility: 'public', showEmail: true, showPhone: true, showLocation: true });
    const profile = (await view(stranger)).json().data.profile;
    for (const key of [
      'emailNotifications',
      'marketingEmails',
      'profileVisibility',
      'showEmail',
      'totalProjects',
    ])
      expect(profile).not.toHaveProperty(key);
  });
});
