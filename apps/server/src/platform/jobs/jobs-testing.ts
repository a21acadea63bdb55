// What the job queue's tests share: a promise a test settles when it chooses, and a job's row as stored.
import type { TestApp } from '../../../test/helper.ts';

/** A promise the test settles when it chooses: a job "works" until it is told to finish. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A job's row as the database holds it. */
export const rowOf = (t: TestApp, id: string) =>
  t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
