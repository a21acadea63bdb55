// What deleting an account does beyond the database: the account's live connections close at once, someone
// else's stay, and the server log records the deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, registerUser, type TestApp } from '../../../test/helper.ts';
import { listen, next, open } from '../../platform/realtime/realtime-testing.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  await t.close();
});

/** The user ids of the sockets the server holds open. */
const connectedUsers = async () =>
  (await t.app.realtime.io.fetchSockets()).map((socket) => socket.data.userId as string);

describe('deleting an account', () => {
  it("closes the account's live connections and no one else's, and logs it", async () => {
    const who = await registerUser(t.app);
    const other = await registerUser(t.app);
    const mine = await open(url, who.token);
    const theirs = await open(url, other.token);
    try {
      const closed = next<string>(mine, 'disconnect');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: bearer(who.token),
        payload: { email: who.user.email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      // The server has let go of the socket by the time it answers; the client hears of it just after.
      const users = await connectedUsers();
      expect(users).not.toContain(who.user._id);
      expect(users).toContain(other.user._id);
      expect(await closed).toBe('io server disconnect');
      expect(theirs.connected).toBe(true);

      const lines = t
        .logs()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 30,
          service: 'account',
          userId: who.user._id,
          msg: 'Account deleted',
        }),
      );
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
