// What the review group's mutation run (2026-11-28) found untested in share links, access.ts: an unlock
// cookie stops opening its link at the very millisecond it expires, and opens nothing once any part of it is
// changed or the link's password is another; a link stops at the very millisecond of its expiry; unknown
// tokens and wrong passwords are counted apart (an address's wrong passwords are not unknown tokens, nor the
// other way round), the wrong passwords of all addresses together are limited too, a right password uses up
// no try, and a burst of unknown tokens is counted under the lock (at most the limit answered 404).
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { randomToken } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { type CommentsFixture, commentsFixture } from '../comments/comments-testing.ts';
import {
  LINK_GONE,
  PASSWORD_NEEDED,
  UNKNOWN_TOKENS_MAX,
  UNLOCK_COOKIE,
  UNLOCK_TTL_SECONDS,
  WRONG_PASSWORD,
  WRONG_PASSWORDS_ALL_MAX,
  WRONG_PASSWORDS_MAX,
} from './access.ts';
import { guest, type MadeLink, makeLink } from './share-testing.ts';

let t: TestApp;
let f: CommentsFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Each test's addresses are its own, so the failures counted in one never reach another. */
let lastOctet = 0;
const newAddress = () => `198.51.100.${++lastOctet}`;

const openFrom = (ip: string, url: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    ...(cookie === undefined ? {} : { cookies: { [UNLOCK_COOKIE]: cookie } }),
  });
const unlockFrom = (ip: string, made: MadeLink, password: string) =>
  t.app.inject({ method: 'POST', url: `${made.api}/unlock`, payload: { password }, remoteAddress: ip });
const unknownTokenFrom = (ip: string) => openFrom(ip, `/api/share/${randomToken(32)}`);

/** A new link with the password 'backstage', and the cookie its unlock set. */
async function unlockedLink(): Promise<{ made: MadeLink; cookie: string }> {
  const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
  const res = await unlockFrom(newAddress(), made, 'backstage');
  expect(res.statusCode, res.body).toBe(200);
  return { made, cookie: res.cookies.find((c) => c.name === UNLOCK_COOKIE)!.value };
}

const failuresOf = (ip: string) =>
  t.app.ctx.db.selectFrom('share_failures').select(['link_id']).where('ip', '=', ip).execute();

describe('the unlock cookie', () => {
  it('opens its link until the millisecond it expires, and not from that millisecond on', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const visitor = guest(t.app);
    const unlocked = await visitor.post(`${made.api}/unlock`, { password: 'backstage' });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().message).toBe('Unlocked');
    clock.step(UNLOCK_TTL_SECONDS * 1000 - 1);
    expect((await visitor.get(made.api)).statusCode).toBe(200);
    clock.step(1);
    // A browser drops the cookie by its Max-Age; one kept past it (copied, or a clock behind) opens nothing.
    expect(visitor.jar[UNLOCK_COOKIE]).toBeDefined();
    const late = await visitor.get(made.api);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(PASSWORD_NEEDED);
  });

  it('changed in any part, it opens nothing: an extra part, no signature, another expiry', async () => {
    const { made, cookie } = await unlockedLink();
    const ip = newAddress();
    expect((await openFrom(ip, made.api, cookie)).statusCode).toBe(200);
    const [expires, signature] = cookie.split('.') as [string, string];
    for (const changed of [
      `${cookie}.extra`,
      `${cookie}.${signature}`,
      expires,
      `${expires}.`,
      `${Number(expires) + 1000}.${signature}`,
      `soon.${signature}`,
    ]) {
      const res = await openFrom(ip, made.api, changed);
      expect(res.statusCode, changed).toBe(401);
      expect(res.json().message, changed).toBe(PASSWORD_NEEDED);
    }
  });

  it("is bound to the link's password: once the stored password is another, the old cookie opens nothing", async () => {
    const { made, cookie } = await unlockedLink();
    const ip = newAddress();
    await t.app.ctx.db
      .updateTable('share_links')
      .set({ password_hash: await hashPassword('new-backstage', t.config.argon2) })
      .where('id', '=', made.link._id)
      .execute();
    const res = await openFrom(ip, made.api, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(PASSWORD_NEEDED);
    expect((await unlockFrom(ip, made, 'backstage')).statusCode).toBe(401);
    expect((await unlockFrom(ip, made, 'new-backstage')).statusCode).toBe(200);
  });
});

describe('a link with an expiry', () => {
  it('opens until the millisecond of its expiry, and answers 404 from then on', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const made = await makeLink(t.app, f.owner.token, f.projectId, { expiresAt });
    const ip = newAddress();
    const open = await openFrom(ip, made.api);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.share.expiresAt).toBe(expiresAt);
    clock.step(59_999);
    expect((await openFrom(ip, made.api)).statusCode).toBe(200);
    clock.step(1);
    const gone = await openFrom(ip, made.api);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(LINK_GONE);
  });
});

describe('failures are counted per kind', () => {
  it("an address's unknown tokens do not count as wrong passwords on a link", async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const ip = newAddress();
    for (let i = 0; i < WRONG_PASSWORDS_MAX; i++) expect((await unknownTokenFrom(ip)).statusCode).toBe(404);
    const wrong = await unlockFrom(ip, made, 'frontstage');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(WRONG_PASSWORD);
    expect((await unlockFrom(ip, made, 'backstage')).statusCode).toBe(200);
  });

  it("an address's wrong passwords do not count as unknown tokens", async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const ip = newAddress();
    for (let i = 0; i < WRONG_PASSWORDS_MAX; i++)
      expect((await unlockFrom(ip, made, `guess-${i}`)).statusCode).toBe(401);
    for (let i = 0; i < UNKNOWN_TOKENS_MAX - WRONG_PASSWORDS_MAX; i++)
      expect((await unknownTokenFrom(ip)).statusCode).toBe(404);
    // Thirty failures from the address, of which twenty unknown tokens: under the limit of thirty.
    const failures = await failuresOf(ip);
    expect(failures).toHaveLength(UNKNOWN_TOKENS_MAX);
    expect(failures.filter((r) => r.link_id === null)).toHaveLength(UNKNOWN_TOKENS_MAX - WRONG_PASSWORDS_MAX);
    expect((await unknownTokenFrom(ip)).statusCode).toBe(404);
  });

  it(`the wrong passwords of all addresses together stop the link at ${WRONG_PASSWORDS_ALL_MAX}, even the right one`, async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    for (let a = 0; a < WRONG_PASSWORDS_ALL_MAX / WRONG_PASSWORDS_MAX; a++) {
      const ip = newAddress();
      for (let i = 0; i < WRONG_PASSWORDS_MAX; i++)
        expect((await unlockFrom(ip, made, `guess-${a}-${i}`)).statusCode).toBe(401);
    }
    const blocked = await unlockFrom(newAddress(), made, 'backstage');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many wrong passwords for this link. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another link with the same password is not held up by them.
    const other = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    expect((await unlockFrom(newAddress(), other, 'backstage')).statusCode).toBe(200);
  });

  it('a right password uses up no try: the address unlocks past the limit, and nothing is kept', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const ip = newAddress();
    for (let i = 0; i <= WRONG_PASSWORDS_MAX; i++)
      expect((await unlockFrom(ip, made, 'backstage')).statusCode, `unlock ${i + 1}`).toBe(200);
    expect(await failuresOf(ip)).toEqual([]);
    expect((await unlockFrom(ip, made, 'frontstage')).statusCode).toBe(401);
  });

  it(`a burst of unknown tokens from one address: exactly ${UNKNOWN_TOKENS_MAX} answered 404, the rest 429`, async () => {
    const ip = newAddress();
    const responses = await Promise.all(Array.from({ length: 100 }, () => unknownTokenFrom(ip)));
    const byStatus: Record<number, number> = {};
    for (const res of responses) byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 404: UNKNOWN_TOKENS_MAX, 429: 100 - UNKNOWN_TOKENS_MAX });
    expect(await failuresOf(ip)).toHaveLength(UNKNOWN_TOKENS_MAX);
  });
});

describe("a guest's audio and download in the OpenAPI document", () => {
  it('answer audio, and a file of the stored type, as binary', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      { get: { responses: Record<string, { content: object }> } }
    >;
    for (const [path, type] of [
      ['/api/share/{token}/versions/{versionId}/audio', 'audio/*'],
      // The version's own file: audio, in the type it was stored with.
      ['/api/share/{token}/versions/{versionId}/download', 'audio/*'],
      ['/api/share/{token}/versions/{versionId}/stems/{stemId}/download', 'audio/*'],
    ] as const) {
      const responses = paths[path]!.get.responses;
      for (const status of ['200', '206']) expect(Object.keys(responses[status]!.content)).toEqual([type]);
    }
  });
});
