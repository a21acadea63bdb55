// The notifications list read along its indexes (migration 0031-notification-pages): a page's ids are picked
// first and only they are joined, and the counts are two index-only counts. Rows made in the same instant are
// ordered by id, so paging one at a time lists each exactly once in every filter, and the totals and the
// unread count match what the pages list, before and after the migration.
import { NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import type { MigrationDb } from '../../db/migration-helpers.ts';
import * as m0031 from '../../db/migrations/0031-notification-pages.ts';

let t: TestApp;
let ida: SignedIn;
let other: SignedIn;
const SAME_INSTANT = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-27T11:00:00.000Z';

/** Notification ids in the order the list must give them: newest first, ties by id, highest first. */
const IDS = ['n-07', 'n-06', 'n-05', 'n-04', 'n-03', 'n-02', 'n-01'];
const READ = new Set(['n-06', 'n-03']);

beforeAll(async () => {
  t = await createTestApp();
  ida = await registerUser(t.app, { name: 'Ida Pages' });
  other = await registerUser(t.app, { name: 'Other Pages' });
  const row = (id: string, userId: string, createdAt: string) => ({
    id,
    user_id: userId,
    kind: 'mention',
    actor_id: null,
    actor_name: 'Someone',
    project_id: null,
    title: id,
    body: '',
    link: '/dashboard',
    dedupe_key: null,
    read_at: READ.has(id) ? LATER : null,
    created_at: createdAt,
  });
  await t.app.ctx.db
    .insertInto('notifications')
    .values([
      // n-07 is the newest; the other six share one instant, in an order unlike their ids.
      row('n-07', ida.user._id, LATER),
      ...['n-03', 'n-01', 'n-06', 'n-02', 'n-05', 'n-04'].map((id) => row(id, ida.user._id, SAME_INSTANT)),
      row('x-01', other.user._id, SAME_INSTANT),
    ])
    .execute();
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(ida.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data;
}

/** Pages of one, from the first until an empty page. */
async function oneByOne(filter: string) {
  const titles: string[] = [];
  for (let page = 1; page <= IDS.length + 1; page++) {
    const data = await list(`?limit=1&page=${page}${filter}`);
    expect(data.unreadCount).toBe(5);
    if (data.notifications.length === 0) break;
    titles.push(...data.notifications.map((n) => n.title));
  }
  return titles;
}

async function everyFilter() {
  const unread = IDS.filter((id) => !READ.has(id));
  const read = IDS.filter((id) => READ.has(id));
  expect(await oneByOne('')).toEqual(IDS);
  expect(await oneByOne('&unread=true')).toEqual(unread);
  expect(await oneByOne('&unread=false')).toEqual(read);
  expect((await list('?limit=3&page=2')).notifications.map((n) => n.title)).toEqual(['n-04', 'n-03', 'n-02']);
  expect((await list('?limit=3')).pagination).toEqual({
    currentPage: 1,
    totalPages: 3,
    limit: 3,
    totalNotifications: 7,
  });
  expect((await list('?unread=true')).pagination.totalNotifications).toBe(5);
  expect((await list('?unread=false&limit=1')).pagination).toEqual({
    currentPage: 1,
    totalPages: 2,
    limit: 1,
    totalNotifications: 2,
  });
}

describe('the notifications list, page by page', () => {
  it("lists each of mine once, in order, in every filter, with totals that match, and none of another's", async () => {
    await everyFilter();
  });

  it('gives the same answers with the indexes as they were before migration 0031', async () => {
    const db = t.app.ctx.db as unknown as MigrationDb;
    await m0031.down(db);
    try {
      await everyFilter();
    } finally {
      await m0031.up(db);
    }
    await everyFilter();
  });
});
