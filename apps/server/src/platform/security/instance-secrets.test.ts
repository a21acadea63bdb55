// Instances that agree without hand-copied secrets (issue #18): with no JWT_SECRET, the secret an app
// generates is kept where every instance of the same deployment finds it (the data dir on SQLite, the
// database on PostgreSQL), so a session made on one instance works on the other; JWT_SECRET still wins.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, TEST_DIALECT, type TestApp } from '../../../test/helper.ts';
import { loadSigningKey } from '../../modules/documents/seal/signing-key.ts';
import { randomToken } from '../ids.ts';

const opened: TestApp[] = [];
afterEach(async () => {
  // The one that made the database (first) is closed last: closing it drops the test schema.
  for (const t of opened.splice(0).reverse()) await t.close();
});

/** An app as `npm start` makes it without JWT_SECRET; `sharing` another's database (and, on SQLite, its data dir). */
async function instance(sharing?: TestApp): Promise<TestApp> {
  const t = await createTestApp({
    jwtSecret: undefined,
    ...(sharing && {
      database: sharing.config.database,
      // One SQLite file is one machine's: its instances share the data dir. On PostgreSQL each has its own.
      ...(TEST_DIALECT === 'sqlite' && { dataDir: sharing.config.dataDir }),
    }),
  });
  opened.push(t);
  return t;
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/auth/me', headers: bearer(token) }).then((res) => res.statusCode);

describe('generated secrets', () => {
  it('a session made on one instance is taken by another instance of the same deployment', async () => {
    const a = await instance();
    const b = await instance(a);
    const user = await registerUser(a.app);
    expect(await me(a.app, user.token)).toBe(200);
    expect(await me(b.app, user.token)).toBe(200);
    expect(b.app.ctx.config.jwtSecret).toBe(a.app.ctx.config.jwtSecret);
    expect(a.app.ctx.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('JWT_SECRET, when set, wins over the generated one', async () => {
    const a = await instance();
    const user = await registerUser(a.app);
    const own = await createTestApp({ database: a.config.database, jwtSecret: randomToken(32) });
    opened.push(own);
    expect(own.app.ctx.config.jwtSecret).not.toBe(a.app.ctx.config.jwtSecret);
    expect(await me(own.app, user.token)).toBe(401);
  });

  it('is kept where the deployment keeps it: a 600 file in DATA_DIR on SQLite, a row in PostgreSQL', async () => {
    const a = await instance();
    const rows = await a.app.ctx.db.selectFrom('instance_secrets').select('name').execute();
    if (TEST_DIALECT === 'sqlite') {
      expect(rows).toEqual([]);
      expect(statSync(path.join(a.config.dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    } else {
      expect(rows.map((r) => r.name)).toEqual(['jwt-secret']);
    }
  });

  it('the document-signing key is the same for every instance', async () => {
    const a = await instance();
    const b = await instance(a);
    const [fromA, fromB] = await Promise.all([
      loadSigningKey({ secrets: a.app.ctx.secrets }),
      loadSigningKey({ secrets: b.app.ctx.secrets }),
    ]);
    expect(fromB.p12.equals(fromA.p12)).toBe(true);
    expect(fromB.password).toBe(fromA.password);
  });
});

/** Forgets the generated secrets, wherever the deployment keeps them, as on a deployment's first start. */
async function forgetSecrets(t: TestApp): Promise<void> {
  if (TEST_DIALECT === 'postgres') await t.app.ctx.db.deleteFrom('instance_secrets').execute();
  else rmSync(path.join(t.config.dataDir, 'jwt-secret'));
}

describe('the first start of a deployment', () => {
  it('instances starting at the same moment agree on one secret', async () => {
    const first = await instance();
    await forgetSecrets(first);
    const racers = await Promise.all([1, 2, 3].map(() => instance(first)));
    const secrets = new Set(racers.map((r) => r.app.ctx.config.jwtSecret));
    expect(secrets.size).toBe(1);
    const user = await registerUser(racers[0]!.app);
    for (const r of racers) expect(await me(r.app, user.token)).toBe(200);
  });

  it('a secret an earlier version kept in the data dir is taken up (on PostgreSQL: offered to the database), so sessions stay valid', async () => {
    const first = await instance();
    await forgetSecrets(first);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-upgrade-'));
    const kept = `kept-in-the-data-dir-${randomToken(24)}`;
    writeFileSync(path.join(dataDir, 'jwt-secret'), kept, { mode: 0o600 });
    try {
      const upgraded = await createTestApp({
        jwtSecret: undefined,
        database: first.config.database,
        dataDir,
      });
      opened.push(upgraded);
      expect(upgraded.app.ctx.config.jwtSecret).toBe(kept);
      // Another instance of the deployment (on PostgreSQL, without that file) now finds the same one.
      const other = await instance(upgraded);
      expect(other.app.ctx.config.jwtSecret).toBe(kept);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
