// What the auth area offers other areas of its tables (issue #33: every table has an owner): the joins that put
// a person's current name (and address) in another area's list, the named reads and writes of users, and the
// mail log another area's budget keeps in auth's table, each run against the real database. The areas that call them test them through their own endpoints; this
// pins each answer, including "there is no such user", on both dialects.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type SignedIn,
  TEST_DIALECT,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { logAddressMails, pruneAddressMails, unlogAddressMails } from './mail-budget.ts';
import { findUserById, insertUser, lockUserRow, renameUser } from './repo.ts';
import {
  joinUser,
  joinUserContact,
  leftJoinUser,
  namesOfUsersWhere,
  userContact,
  userNameOf,
  usersWithIds,
} from './user-joins.ts';

let t: TestApp;
let ada: SignedIn;
let ben: SignedIn;
let projectId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  ada = await registerUser(t.app, { name: 'Ada Arranger' });
  ben = await registerUser(t.app, { name: 'Ben Bassist' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(ada.token),
    payload: { title: 'Joined Record' },
  });
  projectId = res.json().data.project._id;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.ctx.db;

describe('joins into another area’s query', () => {
  it('joinUser reads the owner’s current name; a row naming no user drops out', async () => {
    const named = await joinUser(db().selectFrom('projects'), 'o', 'projects.owner_id')
      .select(['projects.title', 'o.name'])
      .where('projects.id', '=', projectId)
      .execute();
    expect(named).toEqual([{ title: 'Joined Record', name: 'Ada Arranger' }]);
    const none = await joinUser(db().selectFrom('projects'), 'o', 'projects.id')
      .select('o.name')
      .where('projects.id', '=', projectId)
      .execute();
    expect(none).toEqual([]);
  });

  it('joinUserContact reads the name and the address', async () => {
    const rows = await joinUserContact(db().selectFrom('projects'), 'o', 'projects.owner_id')
      .select(['o.name', 'o.email'])
      .where('projects.id', '=', projectId)
      .execute();
    expect(rows).toEqual([{ name: 'Ada Arranger', email: ada.user.email }]);
  });

  it('leftJoinUser keeps a row naming no user, with a null name', async () => {
    const rows = await leftJoinUser(db().selectFrom('projects'), 'o', 'projects.id')
      .select(['projects.title', 'o.name'])
      .where('projects.id', '=', projectId)
      .execute();
    expect(rows).toEqual([{ title: 'Joined Record', name: null }]);
  });
});

describe('named reads', () => {
  it('usersWithIds answers the ones that exist', async () => {
    const ids = (await usersWithIds(db(), [ada.user._id, MISSING, ben.user._id]).execute()).map((r) => r.id);
    expect(ids.sort()).toEqual([ada.user._id, ben.user._id].sort());
    expect(await usersWithIds(db(), [MISSING]).execute()).toEqual([]);
  });

  it('namesOfUsersWhere answers the id and name of the users the condition picks', async () => {
    const rows = await namesOfUsersWhere(db(), (eb) => eb('u.id', 'in', [ben.user._id, MISSING]));
    expect(rows).toEqual([{ id: ben.user._id, name: 'Ben Bassist' }]);
  });

  it('userContact and userNameOf answer the current name, and nothing for no user', async () => {
    expect(await userContact(db(), ben.user._id).execute()).toEqual([
      { id: ben.user._id, name: 'Ben Bassist', email: ben.user.email },
    ]);
    expect(await userContact(db(), MISSING).execute()).toEqual([]);
    expect(await userNameOf(db(), ada.user._id)).toBe('Ada Arranger');
    expect(await userNameOf(db(), MISSING)).toBeUndefined();
    // A rename shows at once: nothing keeps a copy of the name.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(ada.token),
      payload: { name: 'Ada Producer' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await userNameOf(db(), ada.user._id)).toBe('Ada Producer');
  });
});

describe('writes of users', () => {
  it('insertUser adds the row as given, renameUser changes the name and when', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const email = uniqueEmail('inserted');
    await insertUser(db(), {
      id,
      name: 'Ivy Inserted',
      email,
      password_hash: 'not-a-real-hash',
      role: 'producer',
      verified: true,
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:05.000Z',
    });
    expect(await findUserById(db(), id)).toMatchObject({ id, name: 'Ivy Inserted', email });
    await renameUser(db(), id, 'Ivy Renamed', '2026-02-03T04:05:06.000Z');
    const after = await findUserById(db(), id);
    expect(after?.name).toBe('Ivy Renamed');
    expect(new Date(String(after?.updated_at)).toISOString()).toBe('2026-02-03T04:05:06.000Z');
    expect(await userNameOf(db(), ben.user._id)).toBe('Ben Bassist');
  });

  // SQLite has no FOR UPDATE and its writers go one at a time; its callers lock only on PostgreSQL.
  it.runIf(TEST_DIALECT === 'postgres')('lockUserRow holds the row until the transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = db()
      .transaction()
      .execute(async (trx) => {
        await lockUserRow(trx, ben.user._id);
        locked();
        await held;
      });
    await isLocked;
    const second = db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local lock_timeout = '300ms'`.execute(trx);
        await lockUserRow(trx, ben.user._id);
      });
    await expect(second).rejects.toMatchObject({ code: '55P03' });
    release();
    await first;
    // Once it ended, the row can be locked again.
    await db()
      .transaction()
      .execute((trx) => lockUserRow(trx, ben.user._id));
  });
});

describe('the mail log another area keeps in auth’s table', () => {
  const logged = async (hash: string) =>
    (
      await db()
        .selectFrom('address_mail_log')
        .select('id')
        .where('address_hash', '=', hash)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);

  it('logs, forgets what is older than a time, and takes rows back by id', async () => {
    const hash = `owner-reads-${Date.now()}`;
    await logAddressMails(db(), [
      { id: 'mail-a', address_hash: hash, kind: 'signing', created_at: '2026-01-01T00:00:00.000Z' },
      { id: 'mail-b', address_hash: hash, kind: 'signing', created_at: '2026-01-03T00:00:00.000Z' },
      { id: 'mail-c', address_hash: hash, kind: 'signing', created_at: '2026-01-05T00:00:00.000Z' },
    ]);
    expect(await logged(hash)).toEqual(['mail-a', 'mail-b', 'mail-c']);
    // Strictly older than `before` goes; a row at exactly that time stays.
    await pruneAddressMails(db(), '2026-01-03T00:00:00.000Z');
    expect(await logged(hash)).toEqual(['mail-b', 'mail-c']);
    await unlogAddressMails(db(), ['mail-c', 'no-such-mail']);
    expect(await logged(hash)).toEqual(['mail-b']);
  });
});
