// PostgreSQL breaks a deadlock by aborting one of the transactions that wait on each other (SQLSTATE 40P01).
// Two changes inside one project queue on its row lock (projects/access.ts), but the per-person version
// counters that triggers bump (lists, dashboards) are also moved by work outside any project lock, such as a
// job's status: a change aborted that way is simply run again, from the start, in a new transaction.
const ATTEMPTS = 3;

const isDeadlock = (err: unknown) => (err as { code?: unknown } | null)?.code === '40P01';

/** Runs `transaction` (a whole transaction, safe to run again) up to three times while it is a deadlock's victim. */
export async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= ATTEMPTS || !isDeadlock(err)) throw err;
    }
  }
}
