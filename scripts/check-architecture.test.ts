import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { importsOf, tableOwners, tablesOf, violationsOf } from './check-architecture.mjs';

const S = 'apps/server/src';
const W = 'apps/web/src';

/** A file and the repository paths it imports, as the checker reads them. */
const f = (file: string, ...imports: string[]) => ({ file, imports });

describe('the import rules', () => {
  it('reads relative imports of every form and leaves packages alone', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/repo.ts';",
      "export { c } from './c/index.ts';",
      "import './side-effect.ts';",
      "const lazy = await import('../../platform/jobs.ts');",
      "import { z } from 'zod';",
      "import {\n  d,\n  e,\n} from './multi-line.ts';",
    ].join('\n');
    expect(importsOf(`${S}/modules/x/service.ts`, text).sort()).toEqual(
      [
        `${S}/modules/x/a.ts`,
        `${S}/modules/b/repo.ts`,
        `${S}/modules/x/c/index.ts`,
        `${S}/modules/x/side-effect.ts`,
        `${S}/platform/jobs.ts`,
        `${S}/modules/x/multi-line.ts`,
      ].sort(),
    );
  });

  it('keeps platform, db and config from importing areas', () => {
    expect(
      violationsOf([
        f(`${S}/platform/auth.ts`, `${S}/modules/auth/repo.ts`),
        f(`${S}/db/seed.ts`, `${S}/modules/clients/seed.ts`),
        f(`${S}/platform/jobs.ts`, `${S}/platform/job-store.ts`, `${S}/db/types.ts`),
        f(`${S}/config.ts`, `${S}/platform/rate-limit-table.ts`, `${S}/config-fields.ts`),
      ]),
    ).toEqual([
      `config: ${S}/config.ts -> ${S}/platform/rate-limit-table.ts`,
      `layer: ${S}/db/seed.ts -> ${S}/modules/clients/seed.ts`,
      `layer: ${S}/platform/auth.ts -> ${S}/modules/auth/repo.ts`,
    ]);
  });

  it('lets an area reach another only through its public.ts, and keeps areas from importing each other', () => {
    expect(
      violationsOf([
        f(
          `${S}/modules/dashboard/stats.ts`,
          `${S}/modules/projects/repo.ts`,
          `${S}/modules/projects/access.ts`,
          `${S}/modules/projects/public.ts`,
        ),
        f(`${S}/modules/media/service.ts`, `${S}/modules/media/repo.ts`, `${S}/modules/reviews/tables.ts`),
        f(`${S}/modules/reviews/summary.ts`, `${S}/modules/media/public.ts`),
      ]),
    ).toEqual([
      `area-cycle: media -> reviews`,
      `area: ${S}/modules/dashboard/stats.ts -> ${S}/modules/projects/access.ts`,
      `area: ${S}/modules/dashboard/stats.ts -> ${S}/modules/projects/repo.ts`,
      `area: ${S}/modules/media/service.ts -> ${S}/modules/reviews/tables.ts`,
    ]);
  });

  it('keeps the web from writing API paths by hand: they are the contract’s routes', () => {
    expect(
      violationsOf([
        { ...f(`${W}/features/clients/api.ts`), paths: true },
        { ...f(`${W}/features/projects/api.ts`), paths: false },
        { ...f(`${W}/lib/api.ts`), paths: true },
        { ...f(`${W}/features/clients/api.test.ts`), paths: true },
      ]),
    ).toEqual([`path: ${W}/features/clients/api.ts -> /api`]);
  });

  it('keeps a web feature from importing another; lib, ui and app are shared', () => {
    expect(
      violationsOf([
        f(`${W}/features/mastering/panel.tsx`, `${W}/features/projects/api.ts`, `${W}/lib/api.ts`),
        f(`${W}/features/projects/page.tsx`, `${W}/features/mastering/panel.tsx`, `${W}/ui/button.tsx`),
        f(`${W}/app/router.tsx`, `${W}/features/projects/page.tsx`),
      ]),
    ).toEqual([
      `feature-cycle: mastering -> projects`,
      `feature: ${W}/features/mastering/panel.tsx -> ${W}/features/projects/api.ts`,
      `feature: ${W}/features/projects/page.tsx -> ${W}/features/mastering/panel.tsx`,
    ]);
  });

  it('keeps each table’s queries in the area that declares it, migrations aside', () => {
    const owners = tableOwners([
      {
        file: `${S}/modules/auth/tables.ts`,
        text: "declare module '../../db/schema.ts' {\n  interface DB {\n    users: UsersTable;\n    auth_sessions: S;\n  }\n}",
      },
      { file: `${S}/modules/projects/tables.ts`, text: 'interface DB { projects: ProjectsTable }' },
      { file: `${S}/modules/projects/repo.ts`, text: 'interface DB { not_a_table: T }' },
    ]);
    expect(Object.fromEntries(owners)).toEqual({
      users: 'auth',
      auth_sessions: 'auth',
      projects: 'projects',
    });
    const text = [
      "db.selectFrom('users as u').innerJoin('projects as p', 'p.owner_id', 'u.id')",
      '.leftJoin(`auth_sessions`, (j) => j)',
      "trx.insertInto('users').values(row); trx.updateTable(\"jobs\"); db.deleteFrom('users')",
      "const note = 'selectFrom users';",
    ].join('\n');
    expect(tablesOf(text).sort()).toEqual(['auth_sessions', 'jobs', 'projects', 'users']);
    const raw = [
      'await sql`update "projects" set n = (select count(*) from tracks t',
      '  inner join track_versions v on v.id = t.id) where id = $1`.execute(trx);',
      'const figures = sql<Figures>`select a from comments c JOIN users u on u.id = c.author_id`;',
      'insert into notes values (1); // not in a template',
    ].join('\n');
    expect(tablesOf(raw).sort()).toEqual(['comments', 'projects', 'track_versions', 'tracks', 'users']);
    const queries = (file: string) => ({ ...f(file), tables: tablesOf(text) });
    expect(
      violationsOf(
        [
          queries(`${S}/modules/comments/repo.ts`),
          queries(`${S}/modules/auth/repo.ts`),
          queries(`${S}/db/migrations/0001-init.ts`),
          queries(`${S}/modules/comments/comments.test.ts`),
          queries(`${S}/modules/demo-account.ts`),
        ],
        owners,
      ),
    ).toEqual([
      `table: ${S}/modules/auth/repo.ts -> projects`,
      `table: ${S}/modules/comments/repo.ts -> auth_sessions`,
      `table: ${S}/modules/comments/repo.ts -> projects`,
      `table: ${S}/modules/comments/repo.ts -> users`,
      `table: ${S}/modules/demo-account.ts -> auth_sessions`,
      `table: ${S}/modules/demo-account.ts -> projects`,
      `table: ${S}/modules/demo-account.ts -> users`,
    ]);
  });

  it('lets tests and their helpers reach across', () => {
    expect(
      violationsOf([
        f(`${S}/platform/backup.test.ts`, `${S}/modules/media/media-testing.ts`),
        f(`${S}/modules/media/media-testing.ts`, `${S}/modules/projects/repo.ts`),
        f(`${W}/features/projects/page.test.tsx`, `${W}/features/mastering/panel.tsx`),
        f(`${S}/modules/mastering/test-music.ts`, `${S}/modules/analysis/test-signals.ts`),
      ]),
    ).toEqual([]);
  });
});
