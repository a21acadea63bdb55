// Migration 0024 on an outbox written before the queue: sent mails stay sent, a mail whose one try failed within
// the last day goes back in the queue (due now), an older one is failed, and one never tried is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import type { MigrationDb } from '../../db/migration-helpers.ts';
import * as m0024 from '../../db/migrations/0024-mail-queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('migration 0024 (the mail queue)', () => {
  it('sorts the mails of the old outbox into the queue', async () => {
    const db = t.app.ctx.db as unknown as MigrationDb;
    await m0024.down(db);
    const old = (id: string, created: string, sent: string | null, error: string | null) => ({
      id,
      kind: 'verify_email',
      user_id: null,
      to_address: `${id}@example.com`,
      subject: 'Verify',
      text_body: 'body',
      html_body: '<p>body</p>',
      created_at: created,
      sent_at: sent,
      error,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        old('sent', ago(2 * HOUR), ago(2 * HOUR), null),
        old('recent-failure', ago(2 * HOUR), null, 'connect ECONNREFUSED'),
        old('old-failure', ago(30 * HOUR), null, 'connect ECONNREFUSED'),
        old('never-tried', ago(HOUR), null, null),
      ])
      .execute();
    const before = Date.now();
    await m0024.up(db);
    const rows = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'attempts', 'next_attempt_at', 'failed_at', 'lease_id', 'attachments'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.status, r.attempts])).toEqual([
      ['never-tried', 'kept', 0],
      ['old-failure', 'failed', 1],
      ['recent-failure', 'queued', 1],
      ['sent', 'sent', 1],
    ]);
    const requeued = rows.find((r) => r.id === 'recent-failure')!;
    expect(Date.parse(requeued.next_attempt_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(requeued.next_attempt_at!)).toBeLessThanOrEqual(Date.now());
    expect(rows.find((r) => r.id === 'old-failure')!.failed_at).not.toBeNull();
    expect(rows.every((r) => r.lease_id === null && r.attachments === null)).toBe(true);
  });
});
