// Property-based bad input for PUT /api/auth/profile: whatever arrives, the answer is never a 5xx, a refused body
// changes nothing, and an accepted one is exactly what a GET then returns.

import { multiLine, oneLine } from '@mixdesk/contract/auth';
import {
  EXPERIENCE_LEVELS,
  PROFESSIONS,
  PROFILE_GENRES,
  PROFILE_VISIBILITIES,
} from '@mixdesk/contract/profile';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let who: SignedIn;
beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  who = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const KEYS = [
  'name',
  'phone',
  'location',
  'bio',
  'profession',
  'experience',
  'genres',
  'emailNotifications',
  'projectNotifications',
  'collaborationNotifications',
  'marketingEmails',
  'profileVisibility',
  'showEmail',
  'showPhone',
  'showLocation',
  'email',
  'memberSince',
  'totalProjects',
  'avatar',
  '__proto__',
  'constructor',
];

/** Values that are sometimes right and often wrong, in every JSON shape. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 90, maxLength: 1100 }),
  fc.constantFrom(...PROFESSIONS, ...EXPERIENCE_LEVELS, ...PROFILE_VISIBILITIES, '', ' ', '\u0000'),
  fc.array(fc.constantFrom(...PROFILE_GENRES, 'Polka', 3), { maxLength: 35 }),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS, 'extra'), anyValue, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Bodies the rules accept, with every editable kind of field. */
const valid = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0),
    phone: fc.stringMatching(/^[0-9 +()\-.]{0,30}$/),
    location: fc.string({ maxLength: 100 }),
    bio: fc.string({ maxLength: 1000 }),
    profession: fc.constantFrom('', ...PROFESSIONS),
    experience: fc.constantFrom('', ...EXPERIENCE_LEVELS),
    genres: fc.subarray([...PROFILE_GENRES]),
    emailNotifications: fc.boolean(),
    marketingEmails: fc.boolean(),
    profileVisibility: fc.constantFrom(...PROFILE_VISIBILITIES),
    showPhone: fc.boolean(),
  },
  { requiredKeys: ['name'] },
);

/** What an accepted body's fields become: text cleaned and trimmed, genres in the list's order. */
function stored(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    if (key === 'name' || key === 'phone' || key === 'location') out[key] = oneLine(value as string).trim();
    else if (key === 'bio') out[key] = multiLine(value as string).trim();
    else if (key === 'genres') out[key] = PROFILE_GENRES.filter((g) => (value as string[]).includes(g));
    else out[key] = value;
  }
  return out;
}

const current = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(who.token) })).json().data
    .profile;

describe('PUT /api/auth/profile, property-based', () => {
  it('never answers 5xx; a 4xx says why and changes nothing; a 200 stores what was sent and is what GET returns', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(valid, body), async (payload) => {
        const before = await current();
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/profile',
          headers: { ...bearer(who.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect([200, 400]).toContain(res.statusCode);
        const after = await current();
        if (res.statusCode === 200) {
          accepted += 1;
          expect(after).toEqual(res.json().data.profile);
          // Exactly what was sent changed, as the rules store it; everything else is as it was.
          expect(after).toEqual({ ...before, ...stored(payload as Record<string, unknown>) });
        } else {
          expect(res.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
          expect(res.json().message.trim()).not.toBe('');
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(200);
  }, 600_000);

  it('accepts every valid combination and stores it exactly', async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (payload) => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/profile',
          headers: bearer(who.token),
          payload,
        });
        expect(res.statusCode).toBe(200);
        const profile = await current();
        for (const [key, value] of Object.entries(payload)) {
          expect(profile[key]).toEqual(typeof value === 'string' ? value.trim() : value);
        }
      }),
      { numRuns: 1000 },
    );
  }, 600_000);
});
